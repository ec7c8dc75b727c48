// splitmix64 (Steele, Lea, Flood): a tiny fixed-seed generator, well mixed;
// the Zobrist keys and the abstract owner keys draw from it so that hashes
// and HDA* ownership are the same in every run and build.
#pragma once

#include <cstdint>

namespace hdasoko::board {

inline uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

}  // namespace hdasoko::board
