// Box path search; see box_path.hpp. A state is box square * 4 + d with the
// player on neighbor(box, d) right after a push (d = the side it pushed
// from); the start state has the player wherever it is, index cells * 4.
#include "fess/box_path.hpp"

#include <algorithm>

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

namespace {
constexpr int32_t unvisited = -2, start_parent = -1;
}

BoxPath::BoxPath(const board::Board& board)
    : board_(board),
      area_(board),
      from_(static_cast<size_t>(board.cells()) * 4 + 1, unvisited),
      goal_index_(board.cells(), -1),
      areas_(static_cast<size_t>(board.cells()) * board.words()),
      area_player_(board.cells(), no_cell),
      area_stamp_(board.cells(), 0),
      depth_(static_cast<size_t>(board.cells()) * 4 + 1, 0),
      lone_(board.goals().size() * board.cells() * 4, not_searched) {
    for (size_t i = 0; i < board.goals().size(); ++i) goal_index_[board.goals()[i]] = static_cast<int>(i);
}

Cell BoxPath::nearest(uint64_t* boxes, Cell player, Cell target, std::vector<moves::Push>& path) {
    path.clear();
    const auto& goals = board_.goals();
    const int g = static_cast<int>(std::find(goals.begin(), goals.end(), target) - goals.begin());
    ranked_.clear();
    state::for_each_box(boxes, board_.words(), [&](Cell c) {
        if (board_.is_goal(c)) return;
        const uint16_t d = board_.distance_from(g, c, player);
        if (d != board::unreachable) ranked_.emplace_back(d, c);
    });
    std::sort(ranked_.begin(), ranked_.end());
    const size_t tries = std::min(ranked_.size(), max_tries);
    for (size_t i = 0; i < tries; ++i)
        if (find(boxes, player, ranked_[i].second, target, path)) return ranked_[i].second;
    path.clear();
    return no_cell;
}

bool BoxPath::blockers(const uint64_t* boxes, Cell player, Cell box, Cell target, std::vector<uint64_t>& out) {
    const int words = board_.words();
    out.assign(words, 0);
    const int g = goal_index_[target];
    if (g < 0 || player == box) return false;  // not expected: targets are goals, the player is off the box
    int32_t& slot = lone_[(static_cast<size_t>(g) * board_.cells() + box) * 4 + board_.side(box, player)];
    if (slot == not_searched) {
        alone_.assign(words, 0);
        state::set_box(alone_.data(), box);
        if (!find(alone_.data(), player, box, target, alone_path_)) {
            slot = no_path;
        } else {
            slot = static_cast<int32_t>(lone_squares_.size() / words);
            lone_squares_.resize(lone_squares_.size() + words, 0);
            uint64_t* squares = lone_squares_.data() + static_cast<size_t>(slot) * words;
            for (const moves::Push& p : alone_path_) {
                state::set_box(squares, board_.neighbor(p.box, board::opposite(p.dir)));  // where the player pushes from
                state::set_box(squares, board_.neighbor(p.box, p.dir));                   // where the box goes
            }
        }
    }
    if (slot == no_path) return false;
    // The player's walk to the first push: the boxes on a shortest walk
    // are not known without another search, so only the squares above.
    const uint64_t* squares = lone_squares_.data() + static_cast<size_t>(slot) * words;
    for (int w = 0; w < words; ++w) out[w] = squares[w] & boxes[w];
    state::clear_box(out.data(), box);
    return true;
}

template <class Stop>
int BoxPath::search(uint64_t* boxes, Cell player, Cell box, Stop&& stop) {
    const int start = board_.cells() * 4;
    std::fill(from_.begin(), from_.end(), unvisited);
    queue_.clear();
    queue_.push_back(start);
    from_[start] = start_parent;
    depth_[start] = 0;
    state::clear_box(boxes, box);
    if (++stamp_ == 0) {  // wrapped: every stamp is stale
        std::fill(area_stamp_.begin(), area_stamp_.end(), 0);
        stamp_ = 1;
    }
    const int words = board_.words();
    int found = -1;
    for (size_t head = 0; head < queue_.size(); ++head) {
        const int s = queue_[head];
        const Cell at = s == start ? box : static_cast<Cell>(s / 4);
        const Cell stand = s == start ? player : board_.neighbor(at, s % 4);
        uint64_t* area = areas_.data() + static_cast<size_t>(at) * words;
        if (area_stamp_[at] != stamp_ || !state::has_box(area, stand)) {
            state::set_box(boxes, at);
            area_player_[at] = area_.compute(boxes, stand);
            state::clear_box(boxes, at);
            std::copy(area_.area(), area_.area() + words, area);
            area_stamp_[at] = stamp_;
        }
        if (s == start) start_player_ = area_player_[at];
        if (s != start && stop(at, area, area_player_[at], depth_[s])) {
            found = s;
            break;
        }
        for (int e = 0; e < 4; ++e) {
            const Cell to = board_.neighbor(at, e);
            if (to == no_cell || state::has_box(boxes, to) || board_.is_dead(to)) continue;
            const Cell behind = board_.neighbor(at, board::opposite(e));
            if (behind == no_cell || !state::has_box(area, behind)) continue;
            const int next = to * 4 + board::opposite(e);  // the player now stands on `at`
            if (from_[next] != unvisited) continue;
            from_[next] = s;
            depth_[next] = static_cast<uint16_t>(depth_[s] + 1);
            queue_.push_back(next);
        }
    }
    state::set_box(boxes, box);
    return found;
}

bool BoxPath::find(uint64_t* boxes, Cell player, Cell box, Cell target, std::vector<moves::Push>& path,
                   Cell area_cell) {
    path.clear();
    if (box == target && area_cell == no_cell) return true;
    const int found = search(boxes, player, box, [&](Cell at, const uint64_t* area, Cell, uint16_t) {
        return at == target && (area_cell == no_cell || state::has_box(area, area_cell));
    });
    if (found < 0) return false;
    for (int s = found; from_[s] != start_parent; s = from_[s]) {
        const Cell to = static_cast<Cell>(s / 4);
        const int d = board::opposite(s % 4);  // the push direction
        path.push_back(moves::Push{board_.neighbor(to, board::opposite(d)), static_cast<uint8_t>(d)});
    }
    std::reverse(path.begin(), path.end());
    return true;
}

void BoxPath::destinations(uint64_t* boxes, Cell player, Cell box, std::vector<Destination>& out) {
    out.clear();
    search(boxes, player, box, [&](Cell at, const uint64_t*, Cell normalized, uint16_t pushes) {
        // Sides of one square in one area are one state: the first (fewest
        // pushes, breadth-first) stands for them. Back on its square with
        // the player in the same area: the state it started from.
        if (at == box && normalized == start_player_) return false;
        bool seen = false;
        for (const Destination& d : out) seen |= d.to == at && d.player == normalized;
        if (!seen) out.push_back(Destination{at, normalized, pushes});
        return false;
    });
}

}  // namespace hdasoko::fess
