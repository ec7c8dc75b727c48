// Zobrist keys: one 64-bit key per (cell, box) and per (cell, player), drawn
// from a fixed-seed generator so that hashes, HDA* ownership and therefore
// the bench signature are the same in every run and build.
#include "board/board.hpp"

namespace hdasoko::board {

namespace {
// splitmix64 (Steele, Lea, Flood): tiny, fixed-seed, well mixed.
uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
}  // namespace

void Board::compute_zobrist(uint64_t seed) {
    box_key_.resize(cells());
    player_key_.resize(cells());
    for (Cell c = 0; c < cells(); ++c) {
        box_key_[c] = splitmix64(seed);
        player_key_[c] = splitmix64(seed);
    }
}

}  // namespace hdasoko::board
