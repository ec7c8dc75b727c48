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
      from_(static_cast<size_t>(board.cells()) * 4 + 1, unvisited),
      goal_index_(board.cells(), -1),
      depth_(static_cast<size_t>(board.cells()) * 4 + 1, 0),
      lone_(board.goals().size() * board.cells() * 4, not_searched),
      tin_(board.cells(), -1),
      tout_(board.cells(), -1),
      low_(board.cells(), -1),
      parent_(board.cells(), no_cell),
      submin_(board.cells(), no_cell),
      label_(board.cells(), -1),
      first_at_(board.cells(), -1) {
    dfs_stack_.resize(board.cells() + 1);
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

bool BoxPath::blockers(const uint64_t* boxes, Cell player, Cell box, Cell target, std::vector<uint64_t>& out,
                       std::vector<uint64_t>* path_squares) {
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
    if (path_squares) path_squares->assign(squares, squares + words);
    state::clear_box(out.data(), box);
    return true;
}

template <class Stop>
int BoxPath::search(uint64_t* boxes, Cell player, Cell box, Stop&& stop) {
    label_areas(boxes);  // the forest of the free squares, the box standing
    state::clear_box(boxes, box);
    lifted_ = box;
    lifted_k_ = 0;
    for (int d = 0; d < 4; ++d)
        if (const Cell n = board_.neighbor(box, d); n != no_cell && !state::has_box(boxes, n))
            lifted_next_[lifted_k_++] = n;
    const int start = board_.cells() * 4;
    std::fill(from_.begin(), from_.end(), unvisited);
    queue_.clear();
    queue_.push_back(start);
    from_[start] = start_parent;
    depth_[start] = 0;
    int found = -1;
    for (size_t head = 0; head < queue_.size(); ++head) {
        const int s = queue_[head];
        const Cell at = s == start ? box : static_cast<Cell>(s / 4);
        const Cell stand = s == start ? player : board_.neighbor(at, s % 4);
        place(at);
        const int area = piece(stand);
        if (s == start) {
            start_player_ = piece_min(area);
        } else if (stop(at, area, depth_[s])) {
            found = s;
            break;
        }
        for (int e = 0; e < 4; ++e) {
            const Cell to = board_.neighbor(at, e);
            if (to == no_cell || state::has_box(boxes, to) || board_.is_dead(to)) continue;
            const Cell behind = board_.neighbor(at, board::opposite(e));
            if (behind == no_cell || state::has_box(boxes, behind) || piece(behind) != area) continue;
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
    const int found = search(boxes, player, box, [&](Cell at, int area, uint16_t) {
        return at == target && (area_cell == no_cell || (area_cell != at && (area_cell == lifted_ || label_[area_cell] >= 0) &&
                                                          piece(area_cell) == area));
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

void BoxPath::label_areas(const uint64_t* boxes) {
    const int words = board_.words();
    if (labelled_.size() == static_cast<size_t>(words) && std::equal(boxes, boxes + words, labelled_.begin())) return;
    labelled_.assign(boxes, boxes + words);
    std::fill(label_.begin(), label_.end(), -1);
    area_root_.clear();
    // Raw pointers: the walk's stores (16-bit) would otherwise make the
    // compiler reload every array's address at each step.
    int16_t* const tin = tin_.data();
    int16_t* const low_of = low_.data();
    int16_t* const label = label_.data();
    Cell* const parent = parent_.data();
    Cell* const submin = submin_.data();
    std::pair<Cell, int8_t>* const stack = dfs_stack_.data();
    const Cell* const next = board_.neighbors();
    int16_t visited = 0;
    for (Cell root = 0; root < board_.cells(); ++root) {
        if (label[root] >= 0 || state::has_box(boxes, root)) continue;
        // A new area: its tree is rooted at its smallest square.
        const int16_t area = static_cast<int16_t>(area_root_.size());
        area_root_.push_back(root);
        parent[root] = no_cell;
        // The square being visited (v), its next direction (d) and its low
        // point (low) stay in registers; the stack keeps the squares above
        // it with the direction each goes on from.
        Cell v = root;
        int d = 0;
        int16_t low = visited;
        tin[v] = visited++;
        label[v] = area;
        submin[v] = v;
        size_t depth = 0;
        for (;;) {
            // The next free neighbour of v not yet taken: a back edge lowers
            // v's low point, a new square is descended into.
            bool descended = false;
            while (d < 4) {
                const Cell c = next[v * 4 + d++];
                if (c == no_cell || state::has_box(boxes, c)) continue;
                if (label[c] < 0) {
                    low_of[v] = low;
                    stack[depth++] = {v, static_cast<int8_t>(d)};
                    parent[c] = v;
                    v = c;
                    d = 0;
                    low = tin[c] = visited++;
                    label[c] = area;
                    submin[c] = c;
                    descended = true;
                    break;
                }
                if (c != parent[v]) low = std::min(low, tin[c]);
            }
            if (descended) continue;
            // v is done: its subtree's extent; its low point and smallest
            // square go to its parent, where the walk goes on.
            low_of[v] = low;
            tout_[v] = static_cast<int16_t>(visited - 1);
            if (depth == 0) break;
            const Cell child = v;
            v = stack[--depth].first;
            d = stack[depth].second;
            low = std::min(low_of[v], low_of[child]);
            submin[v] = std::min(submin[v], submin[child]);
        }
    }
    areas_ = static_cast<int>(area_root_.size());
}

int BoxPath::forest_piece(Cell v) const {
    const int area = label_[v];
    if (const int16_t t = tin_[v]; area == at_area_ && t > tin_[at_] && t <= tout_[at_])
        for (int k = 0; k < cut_k_; ++k)
            if (t >= tin_[cut_[k]] && t <= tout_[cut_[k]]) return cut_[k];
    return rest(area);
}

void BoxPath::place(Cell at) {
    at_ = at;
    merged_k_ = cut_k_ = 0;
    at_area_ = -2;
    if (at == lifted_) return;  // the box back on its square: the forest as it is
    // at's children whose subtrees no back edge joins to the squares above
    // it (every child of a root): the pieces cut off.
    at_area_ = label_[at];
    const bool root = parent_[at] == no_cell;
    for (int e = 0; e < 4; ++e)
        if (const Cell c = board_.neighbor(at, e); child_of(c, at) && (root || low_[c] >= tin_[at])) cut_[cut_k_++] = c;
    for (int i = 0; i < lifted_k_; ++i) {
        if (lifted_next_[i] == at) continue;
        const int p = forest_piece(lifted_next_[i]);
        if (std::find(merged_, merged_ + merged_k_, p) == merged_ + merged_k_) merged_[merged_k_++] = p;
    }
}

int BoxPath::piece(Cell v) const {
    if (at_ == lifted_) return rest(label_[v]);
    if (v == lifted_) return joined;
    const int p = forest_piece(v);
    return std::find(merged_, merged_ + merged_k_, p) != merged_ + merged_k_ ? joined : p;
}

Cell BoxPath::piece_min(int piece) const {
    if (piece >= 0) return submin_[piece];  // a subtree cut off below at_
    if (piece != joined) return area_root_[-piece - 2];  // the rest of an area holds its root, its smallest square
    Cell smallest = lifted_;
    for (int i = 0; i < merged_k_; ++i) smallest = std::min(smallest, piece_min(merged_[i]));
    return smallest;
}

int BoxPath::regions() const {
    if (at_ == lifted_) return areas_;
    // at_'s area falls into its cut-off subtrees and the rest (unless at_
    // is its root); the lifted box's square joins the pieces beside it.
    return areas_ - 1 + (parent_[at_] == no_cell ? 0 : 1) + cut_k_ - merged_k_ + 1;
}

void BoxPath::destinations(uint64_t* boxes, Cell player, Cell box, const uint64_t* area,
                           std::vector<Destination>& out) {
    out.clear();
    bool movable = false;
    for (int e = 0; e < 4 && !movable; ++e) {
        const Cell to = board_.neighbor(box, e);
        const Cell behind = board_.neighbor(box, board::opposite(e));
        movable = to != no_cell && !state::has_box(boxes, to) && !board_.is_dead(to) && behind != no_cell &&
                  state::has_box(area, behind);
    }
    if (!movable) return;
    search(boxes, player, box, [&](Cell at, int area, uint16_t pushes) {
        // Sides of one square in one area are one state: the first (fewest
        // pushes, breadth-first) stands for them. Back on its square with
        // the player in the same area: the state it started from.
        const Cell normalized = piece_min(area);
        bool seen = at == box && normalized == start_player_;
        for (int32_t k = first_at_[at]; k >= 0 && !seen; k = next_at_[k]) seen = out[k].player == normalized;
        if (seen) return false;
        next_at_.push_back(first_at_[at]);
        first_at_[at] = static_cast<int32_t>(out.size());
        out.push_back(Destination{at, normalized, pushes, regions()});
        return false;
    });
    for (const Destination& d : out) first_at_[d.to] = -1;
    next_at_.clear();
}

}  // namespace hdasoko::fess
