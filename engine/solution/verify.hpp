// engine/solution/verify: the independent verifier. Replays a LURD string on
// the parsed level with its own few rules and says whether it solves it.
// Depends on level/ alone, never on board/ or moves/, so a bug in the search's
// move generator cannot vouch for itself.
#pragma once

#include <string>
#include <string_view>

#include "level/level.hpp"

namespace hdasoko::solution {

struct Verdict {
    bool ok = false;     // every move legal and all boxes on goals at the end
    int pushes = 0;      // upper-case moves replayed
    int moves = 0;       // all moves replayed
    int step = 0;        // 1-based index (in LURD letters) of the first bad move, 0 if none
    std::string error;   // empty when ok, else what is wrong, e.g. "step 12: 'R' pushes a box into a wall"
};

// Whitespace in `lurd` is ignored; any other character than "lurdLURD" is an
// error. A lower-case letter must not walk into a box, an upper-case letter
// must push one into a free square.
Verdict verify(const level::Level& level, std::string_view lurd);

}  // namespace hdasoko::solution
