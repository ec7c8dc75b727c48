// Packing order by repeated single-box pull searches from the filled goals;
// see packing_order.hpp. Levels are small (a few hundred cells), so each
// pull search recomputes the player area per state; it runs once per level.
#include "fess/packing_order.hpp"

#include <algorithm>
#include <deque>

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

}  // namespace hdasoko::fess
