// Corral deadlocks found by search (after YASS's and Festival's corral
// deadlock tests; see the Sokoban wiki, "Corral"): a corral is a region of
// free squares the player cannot reach. Keep only the boxes next to it,
// remove every other box (which can only make the level easier), and search
// the pushes of the kept boxes: if no sequence lets the player into the
// region or puts every kept box on a goal, no solution of the real state
// exists either (a real solution, with the removed boxes' pushes left out,
// is one of the relaxed sequences, and it ends with every box on a goal).
// The small search prunes dead squares and freeze deadlocks, both sound for
// any set of boxes, and gives up after a node limit (then: not proven).
// This goes beyond PI-corrals (pi_corral.hpp), which only see a corral with
// no push at all. One per search (scratch space); sound, so it never
// rejects a solvable state.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::deadlock {

class CorralSearch {
public:
    // node_limit: states of the small search per corral before it gives up.
    CorralSearch(const board::Board& board, int node_limit);

    // True when some corral of the state (boxes, player on `player`, its
    // area in `area`) is proven dead.
    bool is_dead(const uint64_t* boxes, board::Cell player, const moves::Reachability& area);

    uint64_t searches() const { return searches_; }  // small searches run
    uint64_t nodes() const { return nodes_; }        // their states, in all

private:
    // The small search for the corral labelled `corral`, with kept_ filled.
    bool corral_dead(board::Cell player, int corral);
    // Stores `state` (words + 1) unless seen; false when seen.
    bool remember(const uint64_t* state);

    const board::Board& board_;
    const int node_limit_, words_, stride_;
    moves::Reachability area_;
    std::vector<int16_t> label_;       // corral number of free unreached cells, -1 otherwise
    std::vector<board::Cell> stack_;
    std::vector<uint64_t> kept_;       // boxes next to the corral
    std::vector<uint64_t> states_;     // the small search's states, stride_ each
    std::vector<uint32_t> slots_;      // open addressing over states_ (index + 1; 0 empty)
    std::vector<uint64_t> child_, parent_;
    std::vector<moves::Push> pushes_;
    uint64_t searches_ = 0, nodes_ = 0;
};

}  // namespace hdasoko::deadlock
