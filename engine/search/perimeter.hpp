// Perimeter: the exact push distance to a solved state of every state within
// `depth()` pushes of one, found before the search by a breadth-first search
// over pulls from the solved configurations (perimeter search: Dillenburg and
// Nelson, "Perimeter search", AIJ 1994; Manzini, "BIDA*", AIJ 1995).
//
// Why it keeps push optimality: a pull undoes a push, so the states the
// breadth-first search reaches at layer d are exactly the states whose
// fewest pushes to a solved state is d (states are packed and normalized as
// the forward search packs them, search/reverse_expander.hpp). Layers are
// complete up to depth(), and the layer after it may be partial (the state
// budget ran out inside it): a state held is at its exact distance, a state
// not held needs at least depth() + 1 pushes. distance() is therefore a lower
// bound on every state, and bound() may take the larger of it and the
// heuristic's. The pulls skip only squares from which no pull reaches an
// initial box square; a forward search never holds a box there (the box got
// there by pushes from an initial square), so no state it asks about is
// missed.
//
// Why it pays: with a tight bound the last f layer is where the search spends
// its time (search/hda.hpp), and much of that layer is states that look a few
// pushes from done but are not; the perimeter raises their bound above the
// layer, so they leave it, and the order in which the rest is expanded matters
// far less. Read-only once built; shared by every worker like the PDB.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "concurrent/closed_table.hpp"
#include "state/arena.hpp"
#include "state/state.hpp"

namespace hdasoko::search {

class Perimeter {
public:
    // Breadth-first over pulls until about max_states states are held.
    Perimeter(const board::Board& board, size_t max_states);

    // Every state within depth() pushes of a solved state is held.
    uint32_t depth() const { return depth_; }
    // The state's fewest pushes to a solved state if held, else depth() + 1.
    uint32_t distance(const uint64_t* state, uint64_t hash) const {
        const uint32_t ref =
            table_.find(0, hash, [&](uint32_t r) { return state::equal(arena_.at(r), state, stride_); });
        return ref == concurrent::ClosedTable::none ? depth_ + 1 : distance_[ref];
    }
    size_t states() const { return distance_.size(); }
    size_t bytes() const { return arena_.bytes() + table_.bytes(0) + distance_.capacity(); }
    double seconds() const { return seconds_; }

private:
    const int stride_;
    state::Arena arena_;
    concurrent::ClosedTable table_;
    std::vector<uint8_t> distance_;  // by arena index
    uint32_t depth_ = 0;
    double seconds_ = 0;
};

}  // namespace hdasoko::search
