// PI-corral pruning (after YASS and Festival; see the Sokoban wiki,
// "PI-Corral pruning"). A corral is a region of free cells the player cannot
// reach; its boxes are the boxes next to it. It is a PI-corral when every
// push of those boxes that can happen before one of them moves goes into the
// corral (I) and the player can already make each such push (P). If the
// corral is not solved, every solution pushes one of its boxes, and that push
// can be made first without changing the push count; so only the corral's
// pushes need generating, which keeps push optimality. A PI-corral with no
// push at all is a deadlock.
//
// The region may be any union of whole components of the free cells off the
// player's area: its border is still walls and its boxes, so the player
// cannot enter it before one of them moves, and the argument above holds as
// it stands. A component that fails alone because a push of its boxes leads
// into (or starts from) another component, or from or onto a box that
// borders another one, is merged with those and checked again, as YASS does:
// the pushes that failed then become pushes inside the union or pushes that
// cannot happen before one of its boxes moves.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::deadlock {

enum class CorralVerdict { none, restrict, dead };

class PiCorral {
public:
    // unions: join corrals that fail alone (above); false checks each corral
    // alone and the union of all (fess's box moves, fess/box_moves.cpp).
    explicit PiCorral(const board::Board& board, bool unions = true);

    // Looks for the unsolved PI-corral with the fewest pushes in the state
    // (boxes, player area from `area`). On `restrict`, only_boxes holds the
    // boxes whose pushes are to be generated; on `dead` the state is a
    // deadlock; on `none` every push is needed.
    CorralVerdict analyze(const uint64_t* boxes, const moves::Reachability& area, std::vector<uint64_t>& only_boxes);

    // Of the last analyze(): how many corrals the state had, and how many
    // made up the PI-corral it chose (0 if none). For tests.
    int last_corrals() const { return corrals_; }
    int last_chosen() const { return chosen_; }

private:
    // Checks the union of the corrals marked in in_union_; returns its push
    // count, or -1 if it is not an unsolved PI-corral. Marks its boxes in
    // boxes_of_. On -1, merge_ lists the other corrals whose joining could
    // mend every push that failed (empty when some push cannot be mended).
    int check(const uint64_t* boxes, const moves::Reachability& area);
    // Adds to merge_ the corrals, not in the union, of free cell c or, when c
    // holds a box outside the union's, of the cells around it; false if none.
    bool mend(const uint64_t* boxes, board::Cell c);

    const board::Board& board_;
    std::vector<int16_t> label_;      // corral number of free unreached cells, -1 otherwise
    std::vector<board::Cell> cells_;  // the corrals' cells, corral by corral
    std::vector<int> first_;          // corral k: cells_[first_[k], first_[k + 1])
    std::vector<uint8_t> in_union_;   // per corral: part of the union being checked
    std::vector<int> union_, merge_;  // the union's corrals; corrals to join it
    std::vector<board::Cell> stack_;
    std::vector<uint64_t> boxes_of_;  // boxes of the corral being checked
    int corrals_ = 0, chosen_ = 0;
    bool unions_ = true;
};

}  // namespace hdasoko::deadlock
