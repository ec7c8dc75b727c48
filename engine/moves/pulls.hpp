// Pull generation for the reverse search. A pull `Push{box, dir}` moves the
// box on `box` one square in direction `dir`, onto the square where the
// player stands, and the player one square further: the player must reach
// the square next to the box on that side, and the square beyond must be an
// interior cell without a box. Reversed, a pull is the push
// Push{neighbor(box, dir), opposite(dir)}.
#pragma once

#include "moves/moves.hpp"

namespace hdasoko::moves {

// Calls f(Push) for every pull from the area last computed by `area`.
template <class F>
inline void for_each_pull(const Board& board, const uint64_t* boxes, const Reachability& area, F&& f) {
    state::for_each_box(boxes, board.words(), [&](Cell c) {
        for (int d = 0; d < 4; ++d) {
            const Cell stand = board.neighbor(c, d);
            if (stand == no_cell || !area.reached(stand)) continue;  // reached: no box there
            const Cell step = board.neighbor(stand, d);
            if (step == no_cell || state::has_box(boxes, step)) continue;
            f(Push{c, static_cast<uint8_t>(d)});
        }
    });
}

// The forward push that undoes `pull`.
inline Push push_of_pull(const Board& board, const Push& pull) {
    return Push{board.neighbor(pull.box, pull.dir), static_cast<uint8_t>(board::opposite(pull.dir))};
}

}  // namespace hdasoko::moves
