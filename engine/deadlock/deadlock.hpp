// engine/deadlock: tests that a state can never be solved, applied to each
// generated state. Dead squares are precomputed by board/ and tested by the
// search directly; here live the tests that look at several boxes: freeze
// deadlocks, and (subset_search.hpp) the deadlock search over the cluster of
// boxes around the pushed one, with its table of verdicts. A bipartite-matching deadlock is found by the matching bound in
// heuristic/ (no perfect matching); frozen_goals.hpp matches the boxes
// again with the boxes frozen on goals taken as walls (used by fess). Every test is sound: it never rejects a
// solvable state, so pruning keeps push optimality.
#pragma once

#include <cstdint>

#include "board/board.hpp"

namespace hdasoko::deadlock {

// True when the box on `c` (just pushed there) or a box next to it is
// frozen, i.e. blocked on both axes by walls, dead squares on both sides,
// other frozen boxes, or a dead square they shut in (freeze.cpp), and some
// box of that frozen group is not on a goal. `player`: the player's square,
// or the smallest square of its area (a shut-in square is an area of its
// own, so either tells whether the player stands on it).
bool is_freeze_deadlock(const board::Board& board, const uint64_t* boxes, board::Cell c, board::Cell player);

// True when the box on `c` is frozen (the same test, on a goal or off one):
// no solution from this state ever moves it, so it may be taken as a wall.
bool is_frozen(const board::Board& board, const uint64_t* boxes, board::Cell c, board::Cell player);

}  // namespace hdasoko::deadlock
