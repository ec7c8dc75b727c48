// Goal zone, maze zone and entrance (Pereira, Ritt, Buriol, "Optimal Sokoban
// solving using pattern databases with specific domain knowledge", AIJ 2015,
// section 4). The box-movement graph has a vertex per non-dead cell and an
// edge between two adjacent ones when a lone box can be pushed across it one
// way or the other (the square behind the box is interior). Every box path in
// any state is a path of this graph, so a vertex whose removal separates all
// goals from some live cells (an articulation point) is a square that every
// box on those cells must cross. The entrance is the articulation point, not
// a goal itself, whose goal side (the component holding every goal) is
// smallest; that side is the goal zone, the other live cells the maze zone.
// Built from a Board on demand (the PDB needs it; plain searches do not).
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::board {

class GoalZone {
public:
    explicit GoalZone(const Board& board);

    // False when no articulation point separates the goals from other live
    // cells; then every query below answers for "no zones" (no entrance,
    // nothing in either zone).
    bool has_entrance() const { return entrance_ != no_cell; }
    Cell entrance() const { return entrance_; }

    bool in_goal_zone(Cell c) const { return zone_[c] == goal_zone; }
    bool in_maze(Cell c) const { return zone_[c] == maze_zone; }
    int goal_zone_cells() const { return goal_zone_cells_; }
    int maze_cells() const { return maze_cells_; }

    // Articulation points of the box-movement graph (ascending cells):
    // removing one raises the number of connected components.
    const std::vector<Cell>& articulation_points() const { return articulation_points_; }

private:
    static constexpr uint8_t none = 0, goal_zone = 1, maze_zone = 2;

    // Connected components of the box-movement graph without `removed`
    // (no_cell: none removed) into component_; returns how many.
    int label_components(Cell removed);

    const Board& board_;
    std::vector<uint8_t> movable_;    // cells*4: an edge c -> neighbor(c, d)
    std::vector<int> component_;      // per cell, -1 for dead or removed cells
    std::vector<Cell> stack_;
    std::vector<Cell> articulation_points_;
    std::vector<uint8_t> zone_;
    Cell entrance_ = no_cell;
    int goal_zone_cells_ = 0, maze_cells_ = 0;
};

}  // namespace hdasoko::board
