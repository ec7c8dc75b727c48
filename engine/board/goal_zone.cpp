// Goal zone and entrance by removing each live cell in turn and labelling the
// components of what is left: O(cells^2) on at most 1024 cells, done once per
// level, and plainer than Tarjan's low-link numbering for the same answer.
// Every live cell is pull-reachable from a goal, so a live cell cut off from
// all goals by removing v proves v an articulation point.
#include "board/goal_zone.hpp"

#include <algorithm>

namespace hdasoko::board {

GoalZone::GoalZone(const Board& board)
    : board_(board), movable_(static_cast<size_t>(board.cells()) * 4, 0), component_(board.cells(), -1) {
    const int n = board.cells();
    for (Cell c = 0; c < n; ++c) {
        if (board.is_dead(c)) continue;
        for (int d = 0; d < 4; ++d) {
            const Cell to = board.neighbor(c, d);
            if (to == no_cell || board.is_dead(to)) continue;
            // Pushed c -> to (player behind c) or to -> c (player behind to).
            const bool forward = board.neighbor(c, opposite(d)) != no_cell;
            const bool backward = board.neighbor(to, d) != no_cell;
            movable_[c * 4 + d] = forward || backward;
        }
    }
    zone_.assign(n, none);
    const int whole = label_components(no_cell);
    int best_size = n + 1;
    std::vector<int> best_component;
    for (Cell v = 0; v < n; ++v) {
        if (board.is_dead(v)) continue;
        const int parts = label_components(v);
        if (parts > whole) articulation_points_.push_back(v);
        if (board.is_goal(v)) continue;
        // Every goal in one component, and some live cell outside it.
        const int goal_side = component_[board.goals().front()];
        bool together = true;
        for (Cell g : board.goals()) together &= component_[g] == goal_side;
        if (!together) continue;
        int size = 0, outside = 0;
        for (Cell c = 0; c < n; ++c) {
            if (component_[c] == goal_side) ++size;
            else if (component_[c] >= 0) ++outside;
        }
        if (outside == 0 || size >= best_size) continue;
        best_size = size;
        entrance_ = v;
        best_component = component_;
    }
    if (entrance_ == no_cell) return;
    const int goal_side = best_component[board.goals().front()];
    for (Cell c = 0; c < n; ++c) {
        if (best_component[c] < 0) continue;  // dead, or the entrance
        if (best_component[c] == goal_side) {
            zone_[c] = goal_zone;
            ++goal_zone_cells_;
        } else {
            zone_[c] = maze_zone;
            ++maze_cells_;
        }
    }
}

int GoalZone::label_components(Cell removed) {
    std::fill(component_.begin(), component_.end(), -1);
    int parts = 0;
    for (Cell start = 0; start < board_.cells(); ++start) {
        if (start == removed || board_.is_dead(start) || component_[start] >= 0) continue;
        component_[start] = parts;
        stack_.assign(1, start);
        while (!stack_.empty()) {
            const Cell c = stack_.back();
            stack_.pop_back();
            for (int d = 0; d < 4; ++d) {
                if (!movable_[c * 4 + d]) continue;
                const Cell to = board_.neighbor(c, d);
                if (to == removed || component_[to] >= 0) continue;
                component_[to] = parts;
                stack_.push_back(to);
            }
        }
        ++parts;
    }
    return parts;
}

}  // namespace hdasoko::board
