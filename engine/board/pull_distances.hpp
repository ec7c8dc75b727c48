// PullDistances: the reverse search's view of a board. For each initial box
// square t (index into Board::initial_boxes()), the fewest pulls that bring a
// lone box from cell c to t, ignoring which side the player is on (so a
// lower bound on the true count). A pull moves a box from c to a neighbour n
// with the player stepping from n to the square beyond it, so both must be
// interior. Computed per target by a breadth-first search with the inverse
// move (a push from t outward). A cell from which no target is reachable is
// dead for pulling: a reverse state with a box there is a deadlock.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::board {

class PullDistances {
public:
    explicit PullDistances(const Board& board);

    // Fewest pulls from c to initial box square number t, or unreachable.
    uint16_t distance(int t, Cell c) const { return distance_[static_cast<size_t>(t) * cells_ + c]; }
    bool is_dead(Cell c) const { return dead_[c]; }

private:
    int cells_;
    std::vector<uint16_t> distance_;  // targets x cells
    std::vector<uint8_t> dead_;
};

}  // namespace hdasoko::board
