// Player-side-aware push distances. For a box at c, the player stands in one
// component of the interior with c removed (its "side"); a push needs the
// player on the far side, so the pushes a lone box needs to reach a goal
// depend on the side as well as on c. One backward breadth-first search of
// pulls per goal over (box cell, side) gives them all. The side of the player
// never changes while other boxes move (the player never walks through c),
// which keeps the matching bound built on these distances consistent.
#include <algorithm>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::board {

void Board::compute_sides() {
    const size_t n = cells();
    side_.assign(n * n, 0xFF);
    std::vector<Cell> stack;
    for (Cell c = 0; c < cells(); ++c) {
        uint8_t* label = &side_[c * n];
        for (int d = 0; d < 4; ++d) {
            Cell start = neighbor(c, d);
            if (start == no_cell || label[start] != 0xFF) continue;
            label[start] = static_cast<uint8_t>(d);
            stack.assign(1, start);
            while (!stack.empty()) {
                Cell p = stack.back();
                stack.pop_back();
                for (int e = 0; e < 4; ++e) {
                    Cell q = neighbor(p, e);
                    if (q == no_cell || q == c || label[q] != 0xFF) continue;
                    label[q] = static_cast<uint8_t>(d);
                    stack.push_back(q);
                }
            }
        }
    }
}

void Board::compute_push_distances() {
    const size_t n = cells();
    distance_.assign(goals_.size() * n * 4, unreachable);
    std::vector<int> queue;  // entries c * 4 + side
    for (size_t g = 0; g < goals_.size(); ++g) {
        uint16_t* dist = &distance_[g * n * 4];
        queue.clear();
        Cell goal = goals_[g];
        for (int s = 0; s < 4; ++s) {
            Cell q = neighbor(goal, s);
            if (q != no_cell && side(goal, q) == s) {
                dist[goal * 4 + s] = 0;
                queue.push_back(goal * 4 + s);
            }
        }
        // A goal with no free neighbour (one-square level) still counts as reached.
        if (queue.empty()) dist[goal * 4] = 0;
        for (size_t head = 0; head < queue.size(); ++head) {
            Cell t = static_cast<Cell>(queue[head] / 4);
            int k = queue[head] % 4;
            uint16_t next_distance = dist[queue[head]] + 1;
            for (int d = 0; d < 4; ++d) {       // the push that ended at t went in direction d
                Cell c = neighbor(t, opposite(d));  // box came from c, player ends on c
                if (c == no_cell || side(t, c) != k) continue;
                Cell q = neighbor(c, opposite(d));  // where the player stood to push
                if (q == no_cell) continue;
                int pred = c * 4 + side(c, q);
                if (dist[pred] != unreachable) continue;
                dist[pred] = next_distance;
                queue.push_back(pred);
            }
        }
    }
}

std::vector<uint16_t> Board::nearest_goal_distances() const {
    std::vector<uint16_t> nearest(static_cast<size_t>(cells()) * 4, unreachable);
    for (Cell c = 0; c < cells(); ++c)
        for (int s = 0; s < 4; ++s)
            for (int g = 0; g < boxes(); ++g) nearest[c * 4 + s] = std::min(nearest[c * 4 + s], distance(g, c, s));
    return nearest;
}

}  // namespace hdasoko::board
