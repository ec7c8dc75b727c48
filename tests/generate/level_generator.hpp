// tests/generate/level_generator: seeded random small levels for the
// differential tests and the fuzzers. Only mt19937_64's raw output is used
// (its sequence is fixed by the standard; the std distributions are not), so
// a seed names the same level on every machine and compiler.
//   pulled_level:  a random room (3..8 x 3..7 inside, random inner walls,
//                  its largest floor area), 1..4 boxes placed on goals, then
//                  10..109 random legal pulls; solvable by construction.
//   dropped_level: the same rooms with boxes and player dropped on random
//                  squares; often unsolvable.
#pragma once

#include <cstdint>
#include <string>

namespace hdasoko::generate {

// The size of a room inside its border walls, its boxes and the random
// pulls that scatter them; the default is the differential tests' small
// levels. boxoban: 8 x 8 inside (10 x 10 with the walls) with 4 boxes, as
// the Boxoban sets (Guez et al., 2018) used to train planners.
struct Shape {
    int min_width = 3, max_width = 8, min_height = 3, max_height = 7;
    int min_boxes = 1, max_boxes = 4;
    int min_pulls = 10, max_pulls = 109;
};
inline constexpr Shape boxoban{8, 8, 8, 8, 4, 4, 10, 109};

// XSB text of a solvable level.
std::string pulled_level(uint64_t seed, const Shape& shape = {});

// XSB text of a level that may be unsolvable.
std::string dropped_level(uint64_t seed);

}  // namespace hdasoko::generate
