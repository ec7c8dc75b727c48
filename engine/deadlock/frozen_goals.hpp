// Deadlocks from boxes frozen on goals (the goal-room deadlock of filling a
// goal area in the wrong order; Festival and YASS see it too): a box frozen
// on a goal never moves again in any solution, so it is a wall. With those
// walls, each other box can reach only the goals a lone box can still be
// pushed to (pulls from the goal, the player anywhere free: a relaxation),
// and the boxes left must be matched one to one to the goals left. When no
// such matching exists the state is dead, e.g. when the first boxes of a
// goal room were packed at its door and sealed the goals behind them.
// The reach of each goal depends only on the frozen set, so it is computed
// once per set and kept in a small cache (cleared when full). Sound: it
// never rejects a solvable state. Needs at most 64 goals (more: never dead).
// One per search (scratch space and cache).
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::deadlock {

class FrozenGoals {
public:
    explicit FrozenGoals(const board::Board& board);

    // True when the box just pushed onto `to` is frozen on a goal and, with
    // every box frozen on a goal taken as a wall, the other boxes cannot all
    // reach distinct goals that are still empty. A push that freezes no box
    // on a goal leaves the frozen set as it was (a box frozen off a goal is
    // a freeze deadlock, tested before), so only those pushes are checked.
    // `player`: as for is_freeze_deadlock().
    bool is_dead(const uint64_t* boxes, board::Cell to, board::Cell player);

    uint64_t checks() const { return checks_; }        // frozen sets matched
    uint64_t reach_sets() const { return computed_; }  // frozen sets whose reach was computed

private:
    // The per-cell goal masks for the frozen set in frozen_ (its key `key`).
    const uint64_t* reach(uint64_t key);
    bool matched(const uint64_t* boxes, const uint64_t* masks);
    bool augment(int box, uint64_t& visited);

    const board::Board& board_;
    const int words_;
    std::vector<int> goal_index_;  // cell -> index into goals(), -1 off goals
    std::vector<uint64_t> frozen_;  // the current frozen set (box bitset)
    // Cache: entry i holds its frozen set (words_) and its masks (cells).
    static constexpr size_t max_entries = 512;
    std::vector<uint64_t> entry_keys_;
    std::vector<uint64_t> entry_sets_;
    std::vector<uint64_t> entry_masks_;
    std::vector<int32_t> slots_;  // open addressing over entry_keys_, -1 empty
    std::vector<board::Cell> queue_;
    std::vector<uint8_t> seen_;
    // Matching scratch.
    std::vector<uint64_t> box_masks_;
    int goal_owner_[64];
    uint64_t checks_ = 0, computed_ = 0;
};

}  // namespace hdasoko::deadlock
