// Zobrist keys: one 64-bit key per (cell, box) and per (cell, player), drawn
// from a fixed-seed generator so that hashes, HDA* ownership and therefore
// the bench signature are the same in every run and build.
#include "board/board.hpp"
#include "board/splitmix64.hpp"

namespace hdasoko::board {

void Board::compute_zobrist(uint64_t seed) {
    box_key_.resize(cells());
    player_key_.resize(cells());
    for (Cell c = 0; c < cells(); ++c) {
        box_key_[c] = splitmix64(seed);
        player_key_[c] = splitmix64(seed);
    }
}

}  // namespace hdasoko::board
