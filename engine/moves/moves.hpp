// engine/moves: what the player can do in a state. Player reachability
// (with the normalized player cell), push generation from the reachable area,
// and player paths between pushes (for turning pushes into LURD). Owns no
// states: callers pass box bitsets. Pruning of pushes belongs to deadlock/.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "state/state.hpp"

namespace hdasoko::moves {

using board::Board;
using board::Cell;
using board::no_cell;

// A push: the box on `box` moves one square in direction `dir`; with run k
// > 1 (a tunnel macro, search/expander.hpp) k squares, k pushes in a row.
// Solutions hold single pushes only (unroll()).
struct Push {
    Cell box;
    uint8_t dir;
    uint8_t run = 1;
};

// The square the pushed box ends on (after the whole run).
inline Cell landing(const Board& board, const Push& push) {
    Cell c = push.box;
    for (int i = 0; i < push.run; ++i) c = board.neighbor(c, push.dir);
    return c;
}

// Appends `push` to `out` as its run of single pushes.
inline void unroll(const Board& board, const Push& push, std::vector<Push>& out) {
    Cell c = push.box;
    for (int i = 0; i < push.run; ++i, c = board.neighbor(c, push.dir)) out.push_back(Push{c, push.dir});
}

// Player reachability with reusable scratch space (one per worker): no
// allocation per call. The area is the set of cells reached from `from`
// without entering a box; the normalized player is its smallest cell.
// Boxes and visited cells share one bitset, so each neighbour costs one test.
class Reachability {
public:
    explicit Reachability(const Board& board);

    Cell compute(const uint64_t* boxes, Cell from);
    // The same after one box moved one square, from the area before it:
    // `parent` was computed for the boxes before the box on `freed` went to
    // the neighbouring square `boxed` (a push: the player stands on `freed`;
    // a pull: `boxed` is where the player stood, and it stepped on to
    // `player`); `boxes` are the boxes after it. When the box on `boxed`
    // cuts the area in no two (its neighbours in the area stay joined around
    // it): the parent's area, less `boxed`, with `freed` if it joins and what
    // `freed` opens onto (a flood from it over the squares the parent did not
    // reach, none mostly); else compute(boxes, player).
    Cell after_move(const Reachability& parent, const uint64_t* boxes, Cell freed, Cell boxed, Cell player) {
        return after_move(parent.area(), boxes, freed, boxed, player);
    }
    // The same from a copy of the parent's area() (words() words).
    Cell after_move(const uint64_t* before, const uint64_t* boxes, Cell freed, Cell boxed, Cell player);
    bool reached(Cell c) const { return state::has_box(seen_.data(), c); }
    // The area last computed, as a bitset of words() words.
    const uint64_t* area() const { return seen_.data(); }

private:
    // Marks in seen_ every square reached from `from` (marked already) over
    // squares not yet in seen_: the boxes must be in it.
    void fill(Cell from);
    // The smallest square of seen_ (the normalized player); no_cell if none.
    Cell smallest() const;

    const Board& board_;
    std::vector<uint64_t> seen_;  // during compute: boxes | reached; after: reached
    std::vector<Cell> stack_;
};

// Calls f(Push) for every push from the area last computed by `area`: the
// player reaches the square behind the box and the square in front is an
// interior cell without a box. Dead targets are included; pruning is the
// caller's choice.
template <class F>
inline void for_each_push(const Board& board, const uint64_t* boxes, const Reachability& area, F&& f) {
    state::for_each_box(boxes, board.words(), [&](Cell c) {
        for (int d = 0; d < 4; ++d) {
            Cell to = board.neighbor(c, d);
            if (to == no_cell || state::has_box(boxes, to)) continue;
            Cell behind = board.neighbor(c, board::opposite(d));
            if (behind == no_cell || !area.reached(behind)) continue;
            f(Push{c, static_cast<uint8_t>(d)});
        }
    });
}

// Shortest walk (lower-case LURD) from `from` to `to` around the boxes; sets
// `ok` false when there is none.
std::string player_path(const Board& board, const uint64_t* boxes, Cell from, Cell to, bool& ok);

}  // namespace hdasoko::moves
