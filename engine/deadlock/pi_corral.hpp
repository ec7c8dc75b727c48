// PI-corral pruning (after YASS and Festival; see the Sokoban wiki,
// "PI-Corral pruning"). A corral is a region of free cells the player cannot
// reach; its boxes are the boxes next to it. It is a PI-corral when every
// push of those boxes that can happen before one of them moves goes into the
// corral (I) and the player can already make each such push (P). If the
// corral is not solved, every solution pushes one of its boxes, and that push
// can be made first without changing the push count; so only the corral's
// pushes need generating, which keeps push optimality. A PI-corral with no
// push at all is a deadlock.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::deadlock {

enum class CorralVerdict { none, restrict, dead };

class PiCorral {
public:
    explicit PiCorral(const board::Board& board);

    // Looks for the unsolved PI-corral with the fewest pushes in the state
    // (boxes, player area from `area`). On `restrict`, only_boxes holds the
    // boxes whose pushes are to be generated; on `dead` the state is a
    // deadlock; on `none` every push is needed.
    CorralVerdict analyze(const uint64_t* boxes, const moves::Reachability& area, std::vector<uint64_t>& only_boxes);

private:
    // Checks the corral made of the free unreached cells with label in
    // [first, last]; returns its push count, or -1 if it is not an unsolved
    // PI-corral. Marks its boxes in boxes_of_.
    int check(const uint64_t* boxes, const moves::Reachability& area, int first, int last);

    const board::Board& board_;
    std::vector<int16_t> label_;    // corral number of free unreached cells, -1 otherwise
    std::vector<board::Cell> stack_;
    std::vector<uint64_t> boxes_of_;  // boxes of the corral being checked
};

}  // namespace hdasoko::deadlock
