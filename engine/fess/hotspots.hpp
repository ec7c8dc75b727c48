// Hotspots (after the hotspot advisor of FESS; Shoham and Schaeffer, IEEE
// CoG 2020, sec. 3.3): a box is hot when it stands where other boxes have to
// pass. Each square's lone path is fixed once per level: the pushes that
// bring a box from it to its nearest goal on the empty board, best player
// side (board/ push distances), as the squares the box crosses and the
// squares the player pushes from. In a state, a box's heat is the number of
// other boxes off goals whose path runs over its square. One per search;
// set() once per expansion, O(boxes^2) bit tests, no search.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::fess {

class Hotspots {
public:
    explicit Hotspots(const board::Board& board);

    // Heats of the boxes of `boxes`; the hottest box is kept.
    void set(const uint64_t* boxes);
    // The hottest box with heat at least min_heat, or no_cell.
    board::Cell hottest() const { return hottest_; }
    int heat() const { return heat_; }
    // The heat the hottest box would have on `c`: boxes off goals, other
    // than the hottest, whose path runs over c.
    int heat_at(board::Cell c) const;
    // The squares on the lone path from c (box bitset, words() words).
    const uint64_t* path(board::Cell c) const { return path_.data() + static_cast<size_t>(c) * words_; }

    static constexpr int min_heat = 1;

private:
    const board::Board& board_;
    const int words_;
    std::vector<uint64_t> path_;  // cells * words
    std::vector<board::Cell> off_goal_;  // boxes off goals of the current state
    std::vector<std::pair<board::Cell, int>> heats_;
    board::Cell hottest_ = board::no_cell;
    int heat_ = 0;
};

}  // namespace hdasoko::fess
