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

// XSB text of a solvable level.
std::string pulled_level(uint64_t seed);

// XSB text of a level that may be unsolvable.
std::string dropped_level(uint64_t seed);

}  // namespace hdasoko::generate
