// Packing order by repeated single-box pull searches from the filled goals;
// see packing_order.hpp. Levels are small (a few hundred cells), so each
// pull search recomputes the player area per state; it runs once per level.
#include "fess/packing_order.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <unordered_set>

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

namespace {

// Cells the player reaches from `from` without entering a cell marked in
// `blocked`, into `seen` (cleared first).
void flood(const board::Board& board, const std::vector<uint8_t>& blocked, Cell from, std::vector<uint8_t>& seen,
           std::vector<Cell>& stack) {
    std::fill(seen.begin(), seen.end(), 0);
    if (from == no_cell || blocked[from]) return;
    stack.clear();
    stack.push_back(from);
    seen[from] = 1;
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        for (int d = 0; d < 4; ++d) {
            const Cell n = board.neighbor(c, d);
            if (n == no_cell || blocked[n] || seen[n]) continue;
            seen[n] = 1;
            stack.push_back(n);
        }
    }
}

}  // namespace

PackingOrder::PackingOrder(const board::Board& board)
    : board_(board), rank_(board.cells(), -1), out_(board.cells(), 0) {
    for (Cell c : board.initial_boxes())
        if (!board.is_goal(c)) out_[c] = 1;
    std::vector<uint8_t> filled(board.cells(), 0);
    std::vector<Cell> left = board.goals();
    for (Cell g : left) filled[g] = 1;
    std::vector<Cell> removed;  // last packed first
    while (!left.empty()) {
        int best = -1, best_pulls = 0;
        for (size_t i = 0; i < left.size(); ++i) {
            const int pulls = pulls_out(left[i], filled);
            if (pulls >= 0 && (best < 0 || pulls < best_pulls)) {
                best = static_cast<int>(i);
                best_pulls = pulls;
            }
        }
        if (best < 0) break;
        filled[left[best]] = 0;
        removed.push_back(left[best]);
        left.erase(left.begin() + best);
    }
    const size_t single = removed.size();
    if (!left.empty()) pull_together(left, removed);
    together_ = static_cast<int>(removed.size() - single);
    stuck_ = static_cast<int>(left.size());
    order_ = left;  // goals no box could leave: packed first
    order_.insert(order_.end(), removed.rbegin(), removed.rend());
    for (size_t i = 0; i < order_.size(); ++i) rank_[order_[i]] = static_cast<int>(i);
}

int PackingOrder::pulls_out(Cell g, std::vector<uint8_t>& filled) {
    const int n = board_.cells();
    // The player may end a solution in any area of the solved board (the
    // reverse search starts in each), so the first pull may be made from any
    // free square; later pulls from the area the player then reaches.
    std::vector<uint8_t> start(n, 0), seen(n, 0);
    std::vector<Cell> stack;
    for (int c = 0; c < n; ++c) start[c] = !filled[c];
    // Breadth-first over (box cell, player cell after the pull): the player
    // stands on neighbor(box, d) after pulling the box onto `box`.
    std::vector<int> depth(static_cast<size_t>(n) * 4, -1);
    std::deque<std::pair<Cell, int>> queue;  // (box, d), d = -1 at the start
    filled[g] = 0;
    std::vector<uint8_t> blocked = filled;
    int result = -1;
    auto visit = [&](Cell box, int d, int dist) {
        if (d >= 0) {
            int& seen_depth = depth[static_cast<size_t>(box) * 4 + d];
            if (seen_depth >= 0) return;
            seen_depth = dist;
        }
        queue.emplace_back(box, d);
    };
    visit(g, -1, 0);
    int dist_of_start = 0;
    while (!queue.empty() && result < 0) {
        const auto [box, d] = queue.front();
        queue.pop_front();
        const int dist = d < 0 ? dist_of_start : depth[static_cast<size_t>(box) * 4 + d];
        if (out_[box]) {
            result = dist;
            break;
        }
        blocked[box] = 1;
        const std::vector<uint8_t>* area = &start;
        if (d >= 0) {
            flood(board_, blocked, board_.neighbor(box, d), seen, stack);
            area = &seen;
        }
        for (int e = 0; e < 4; ++e) {
            const Cell stand = board_.neighbor(box, e);
            if (stand == no_cell || blocked[stand] || !(*area)[stand]) continue;
            const Cell step = board_.neighbor(stand, e);
            if (step == no_cell || blocked[step]) continue;
            visit(stand, e, dist + 1);
        }
        blocked[box] = 0;
    }
    filled[g] = 1;
    return result;
}

namespace {

// The boxes pulled together (PackingOrder::pull_together): a depth-first
// search over ways to take one box out, each found breadth-first.
class PullTogether {
public:
    PullTogether(const board::Board& board, const std::vector<uint8_t>& out)
        : board_(board), out_(out), n_(board.cells()), words_(board.words()), seen_(n_, 0), in_area_(n_, 0) {}

    // Orders the goals of `left` (each holding a box): appends them to
    // `removed` in the order they are first emptied and erases them from
    // `left`, as far as the best line found goes.
    void run(std::vector<Cell>& left, std::vector<Cell>& removed) {
        std::vector<uint64_t> boxes(words_, 0);
        for (Cell g : left) state::set_box(boxes.data(), g);
        std::vector<Cell> line;
        search(boxes, no_cell, left, line);
        for (Cell g : best_) {
            removed.push_back(g);
            left.erase(std::find(left.begin(), left.end(), g));
        }
    }

private:
    // Budgets in states: per breadth-first search, and for all (this runs
    // before every search, and on most levels not at all).
    static constexpr size_t max_states = 20000, max_total = 100000;
    // Ways out tried per state before backing up.
    static constexpr size_t alternatives = 3;

    struct Way {
        std::vector<uint64_t> boxes;  // after the pulls, the box that got out removed
        Cell player;
        std::vector<Cell> emptied;  // goals of `left` emptied on the way, first first
    };

    // True when every goal of `left` is emptied along the line.
    bool search(const std::vector<uint64_t>& boxes, Cell player, const std::vector<Cell>& left,
                std::vector<Cell>& line) {
        if (line.size() > best_.size()) best_ = line;
        if (left.empty()) return true;
        if (total_ >= max_total) return false;
        for (const Way& way : ways_out(boxes, player, left)) {
            std::vector<Cell> rest = left;
            for (Cell g : way.emptied) rest.erase(std::find(rest.begin(), rest.end(), g));
            line.insert(line.end(), way.emptied.begin(), way.emptied.end());
            if (search(way.boxes, way.player, rest, line)) return true;
            line.resize(line.size() - way.emptied.size());
        }
        return false;
    }

    // The player's area in `bits` from `from` (marked in seen_): its smallest square (the key).
    Cell area_of(const uint64_t* bits, Cell from) {
        ++stamp_;
        Cell least = from;
        stack_.assign(1, from);
        seen_[from] = stamp_;
        while (!stack_.empty()) {
            const Cell c = stack_.back();
            stack_.pop_back();
            least = std::min(least, c);
            for (int d = 0; d < 4; ++d) {
                const Cell m = board_.neighbor(c, d);
                if (m == no_cell || seen_[m] == stamp_ || state::has_box(bits, m)) continue;
                seen_[m] = stamp_;
                stack_.push_back(m);
            }
        }
        return least;
    }

    // Up to `alternatives` ways to take one box out (each leaving the others
    // differently), fewest pulls first; the player starts anywhere when
    // `player` is no_cell.
    std::vector<Way> ways_out(const std::vector<uint64_t>& boxes, Cell player, const std::vector<Cell>& left) {
        struct Node {
            uint32_t parent;
            Cell from, to, player;
        };
        constexpr uint32_t root = 0xFFFFFFFF;
        std::vector<Node> nodes;
        std::vector<uint64_t> bits;  // words_ per node
        std::unordered_set<std::string> visited, ways_seen;
        auto key = [&](const uint64_t* b, Cell extra) {
            std::string k(reinterpret_cast<const char*>(b), sizeof(uint64_t) * words_);
            k.append(reinterpret_cast<const char*>(&extra), sizeof extra);
            return k;
        };
        auto add = [&](const uint64_t* b, Cell p, uint32_t parent, Cell from, Cell to) {
            if (!visited.insert(key(b, area_of(b, p))).second) return false;
            nodes.push_back(Node{parent, from, to, p});
            bits.insert(bits.end(), b, b + words_);
            return true;
        };
        if (player != no_cell) {
            add(boxes.data(), player, root, no_cell, no_cell);
        } else {
            for (Cell c = 0; c < n_; ++c)
                if (!state::has_box(boxes.data(), c)) add(boxes.data(), c, root, no_cell, no_cell);
        }
        std::vector<Way> ways;
        std::vector<uint64_t> child(words_), parent(words_);
        for (size_t i = 0; i < nodes.size() && ways.size() < alternatives && nodes.size() < max_states; ++i) {
            parent.assign(&bits[i * words_], &bits[i * words_] + words_);  // add() may move `bits`
            const uint64_t* b = parent.data();
            area_of(b, nodes[i].player);
            for (Cell c = 0; c < n_; ++c)
                if (seen_[c] == stamp_) in_area_[c] = stamp_;
            const uint32_t here = stamp_;
            for (Cell c = 0; c < n_ && ways.size() < alternatives; ++c) {
                if (!state::has_box(b, c)) continue;
                for (int d = 0; d < 4; ++d) {
                    const Cell stand = board_.neighbor(c, d);
                    if (stand == no_cell || in_area_[stand] != here) continue;
                    const Cell step = board_.neighbor(stand, d);
                    if (step == no_cell || state::has_box(b, step)) continue;
                    std::copy(b, b + words_, child.begin());
                    state::clear_box(child.data(), c);
                    state::set_box(child.data(), stand);
                    if (!add(child.data(), step, static_cast<uint32_t>(i), c, stand) || !out_[stand]) continue;
                    Way way{child, step, {}};
                    state::clear_box(way.boxes.data(), stand);  // the box that got out
                    if (!ways_seen.insert(key(way.boxes.data(), no_cell)).second) continue;
                    std::vector<const Node*> path;
                    for (uint32_t j = static_cast<uint32_t>(nodes.size() - 1); nodes[j].parent != root; j = nodes[j].parent)
                        path.push_back(&nodes[j]);
                    for (auto p = path.rbegin(); p != path.rend(); ++p)
                        if (std::find(left.begin(), left.end(), (*p)->from) != left.end() &&
                            std::find(way.emptied.begin(), way.emptied.end(), (*p)->from) == way.emptied.end())
                            way.emptied.push_back((*p)->from);
                    ways.push_back(std::move(way));
                    if (ways.size() == alternatives) break;
                }
            }
        }
        total_ += nodes.size();
        return ways;
    }

    const board::Board& board_;
    const std::vector<uint8_t>& out_;
    const int n_, words_;
    std::vector<uint32_t> seen_, in_area_;  // == stamp_: in the area last flooded / being expanded
    uint32_t stamp_ = 0;
    std::vector<Cell> stack_;
    std::vector<Cell> best_;  // the longest line of emptied goals found
    size_t total_ = 0;
};

}  // namespace

void PackingOrder::pull_together(std::vector<Cell>& left, std::vector<Cell>& removed) {
    PullTogether(board_, out_).run(left, removed);
}

}  // namespace hdasoko::fess
