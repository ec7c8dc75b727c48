// Packing order by repeated single-box pull searches from the filled goals;
// see packing_order.hpp. Levels are small (a few hundred cells), so each
// pull search recomputes the player area per state; it runs once per level.
#include "plan/packing_order.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <unordered_set>

#include "moves/moves.hpp"
#include "moves/pulls.hpp"
#include "state/state.hpp"

namespace hdasoko::plan {

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
    : board_(board),
      rank_(board.cells(), -1),
      out_(board.cells(), 0),
      paths_(static_cast<size_t>(board.cells()) * board.words(), 0) {
    for (Cell c : board.initial_boxes())
        if (!board.is_goal(c)) out_[c] = 1;
    std::vector<uint8_t> filled(board.cells(), 0);
    std::vector<Cell> left = board.goals();
    for (Cell g : left) filled[g] = 1;
    std::vector<Cell> removed;  // last packed first
    std::vector<uint64_t> squares, best_squares;  // the ways out of the goal tried and of the best so far
    while (!left.empty()) {
        int best = -1, best_pulls = 0;
        for (size_t i = 0; i < left.size(); ++i) {
            const int pulls = pulls_out(left[i], filled, &squares);
            if (pulls >= 0 && (best < 0 || pulls < best_pulls)) {
                best = static_cast<int>(i);
                best_pulls = pulls;
                best_squares.swap(squares);
            }
        }
        if (best < 0) break;
        std::copy(best_squares.begin(), best_squares.end(), path_of(left[best]));
        filled[left[best]] = 0;
        removed.push_back(left[best]);
        left.erase(left.begin() + best);
    }
    const size_t single = removed.size();
    if (!left.empty()) pull_together(left, removed);
    together_ = static_cast<int>(removed.size() - single);
    stuck_ = static_cast<int>(left.size());
    for (Cell g : left) std::fill_n(path_of(g), board.words(), ~uint64_t{0});  // no way out known
    order_ = left;  // goals no box could leave: packed first
    order_.insert(order_.end(), removed.rbegin(), removed.rend());
    for (size_t i = 0; i < order_.size(); ++i) rank_[order_[i]] = static_cast<int>(i);
}

int PackingOrder::pulls_out(Cell g, std::vector<uint8_t>& filled, std::vector<uint64_t>* path) {
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
    std::vector<int> parent(static_cast<size_t>(n) * 4, -1);  // the state a state was reached from; -1: the start
    std::deque<std::pair<Cell, int>> queue;  // (box, d), d = -1 at the start
    filled[g] = 0;
    std::vector<uint8_t> blocked = filled;
    int result = -1;
    auto visit = [&](Cell box, int d, int dist, int from) {
        if (d >= 0) {
            int& seen_depth = depth[static_cast<size_t>(box) * 4 + d];
            if (seen_depth >= 0) return;
            seen_depth = dist;
            parent[static_cast<size_t>(box) * 4 + d] = from;
        }
        queue.emplace_back(box, d);
    };
    visit(g, -1, 0, -1);
    int dist_of_start = 0;
    while (!queue.empty() && result < 0) {
        const auto [box, d] = queue.front();
        queue.pop_front();
        const int dist = d < 0 ? dist_of_start : depth[static_cast<size_t>(box) * 4 + d];
        if (out_[box]) {
            result = dist;
            if (path) {
                // The squares of the pulls: where the box stood and where
                // the player did (forward: where it pushes from).
                path->assign(board_.words(), 0);
                state::set_box(path->data(), g);
                for (int s = d < 0 ? -1 : box * 4 + d; s >= 0; s = parent[s]) {
                    state::set_box(path->data(), static_cast<Cell>(s / 4));
                    state::set_box(path->data(), board_.neighbor(static_cast<Cell>(s / 4), s % 4));
                }
            }
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
            visit(stand, e, dist + 1, d < 0 ? -1 : box * 4 + d);
        }
        blocked[box] = 0;
    }
    filled[g] = 1;
    return result;
}

void PackingOrder::pull_together(std::vector<Cell>& left, std::vector<Cell>& removed) {
    // A budget per box taken out and for all: this runs before every search.
    constexpr size_t max_states = 20000, max_total = 100000;
    constexpr uint32_t root = 0xFFFFFFFF, none = 0xFFFFFFFF;
    const int n = board_.cells(), words = board_.words();
    std::vector<uint64_t> boxes(words, 0);
    for (Cell g : left) state::set_box(boxes.data(), g);
    moves::Reachability area(board_), probe(board_);  // the state expanded; a state added
    struct Node {
        uint32_t parent;
        Cell from, to, player;
    };
    Cell player = no_cell;  // the first search may start in any free area
    size_t total = 0;
    while (!left.empty() && total < max_total) {
        std::vector<Node> nodes;
        std::vector<uint64_t> bits;  // words per node
        std::unordered_set<std::string> visited;  // boxes and the player area's smallest square
        auto add = [&](const uint64_t* b, Cell p, uint32_t parent, Cell from, Cell to) {
            const Cell key = probe.compute(b, p);
            std::string k(reinterpret_cast<const char*>(b), sizeof(uint64_t) * words);
            k.append(reinterpret_cast<const char*>(&key), sizeof key);
            if (!visited.insert(std::move(k)).second) return false;
            nodes.push_back(Node{parent, from, to, p});
            bits.insert(bits.end(), b, b + words);
            return true;
        };
        if (player != no_cell) {
            add(boxes.data(), player, root, no_cell, no_cell);
        } else {
            for (Cell c = 0; c < n; ++c)
                if (!state::has_box(boxes.data(), c)) add(boxes.data(), c, root, no_cell, no_cell);
        }
        uint32_t found = none;
        std::vector<uint64_t> child(words), parent(words);
        for (size_t i = 0; i < nodes.size() && found == none && nodes.size() < max_states; ++i) {
            parent.assign(&bits[i * words], &bits[i * words] + words);  // add() may move `bits`
            area.compute(parent.data(), nodes[i].player);
            moves::for_each_pull(board_, parent.data(), area, [&](const moves::Push& pull) {
                if (found != none) return;
                const Cell stand = board_.neighbor(pull.box, pull.dir);
                std::copy(parent.begin(), parent.end(), child.begin());
                state::clear_box(child.data(), pull.box);
                state::set_box(child.data(), stand);
                if (add(child.data(), board_.neighbor(stand, pull.dir), static_cast<uint32_t>(i), pull.box, stand) &&
                    out_[stand])
                    found = static_cast<uint32_t>(nodes.size() - 1);
            });
        }
        total += nodes.size();
        if (found == none) return;
        std::vector<const Node*> path;
        for (uint32_t i = found; nodes[i].parent != root; i = nodes[i].parent) path.push_back(&nodes[i]);
        // Every goal emptied here is given the squares of all the pulls:
        // where the boxes went and where the player pulled from.
        std::vector<uint64_t> squares(words, 0);
        for (const Node* p : path) {
            state::set_box(squares.data(), p->from);
            state::set_box(squares.data(), p->to);
            state::set_box(squares.data(), p->player);
        }
        for (auto p = path.rbegin(); p != path.rend(); ++p) {
            const auto it = std::find(left.begin(), left.end(), (*p)->from);
            if (it == left.end()) continue;  // emptied before
            std::copy(squares.begin(), squares.end(), path_of(*it));
            removed.push_back(*it);
            left.erase(it);
        }
        std::copy(&bits[found * words], &bits[found * words] + words, boxes.begin());
        state::clear_box(boxes.data(), nodes[found].to);  // the box that got out
        player = nodes[found].player;
    }
}

}  // namespace hdasoko::plan
