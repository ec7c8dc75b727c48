// Box paths: the pushes that bring one box from its square to a target with
// every other box standing still (Festival's and YASS's "box to goal" macro
// move). Breadth-first over (box square, side the player stands on), the
// player walking around the boxes between pushes; fewest pushes first. Used
// by the FESS packing advisor to fill the next goal of the packing order in
// one move. Holds its scratch space (one per search); the search calls it
// at most a few times per expansion.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::fess {

class BoxPath {
public:
    explicit BoxPath(const board::Board& board);

    // Pushes moving the box on `box` to `target` (the other boxes fixed, the
    // player on `player`), never onto a dead square; false when there are
    // none. `boxes` is left as it was.
    bool find(uint64_t* boxes, board::Cell player, board::Cell box, board::Cell target,
              std::vector<moves::Push>& path);

private:
    const board::Board& board_;
    moves::Reachability area_;
    std::vector<int32_t> from_;  // per (cell * 4 + side): the state it was reached from, -2 unvisited
    std::vector<int32_t> queue_;
};

}  // namespace hdasoko::fess
