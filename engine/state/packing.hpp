// Packing: how the search kernel's arenas hold states (search/hda.hpp), in
// fewer words than a working state's box words + player word. Boxes are
// stored as bits over the live cells only (cells that are not dead squares:
// no state the searches store has a box on a dead square; the initial boxes'
// cells count as live too, so even a dead start packs without loss), then
// the player cell in bit_width(cells) bits right after them. XSokoban 7: 64
// cells, 43 live: 49 bits, one word instead of two. Equal states have equal
// stored forms, so a packed child is compared with stored states by memcmp.
// Read-only once built; shared by every worker.
#pragma once

#include <bit>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <vector>

#include "board/board.hpp"
#include "state/state.hpp"

namespace hdasoko::state {

class Packing {
public:
    static constexpr int max_stride = 64;  // larger levels keep the working layout (identity)

    explicit Packing(const board::Board& b)
        : words_(b.words()), live_index_(b.cells(), -1), player_bits_(std::bit_width(static_cast<unsigned>(b.cells()))) {
        std::vector<uint8_t> live(b.cells(), 0);
        for (Cell c = 0; c < b.cells(); ++c) live[c] = !b.is_dead(c);
        for (Cell c : b.initial_boxes()) live[c] = 1;
        for (Cell c = 0; c < b.cells(); ++c)
            if (live[c]) {
                live_index_[c] = static_cast<int16_t>(live_cell_.size());
                live_cell_.push_back(c);
            }
        live_ = static_cast<int>(live_cell_.size());
        stride_ = (live_ + player_bits_ + 63) / 64;
        if (stride_ > max_stride || stride_ >= words_ + 1) {
            identity_ = true;
            stride_ = words_ + 1;
        }
    }

    int stride() const { return stride_; }  // words per stored state
    int words() const { return words_; }    // box words of a working state

    // `state` (words + 1 words) into `out` (stride words).
    void pack(const uint64_t* state, uint64_t* out) const {
        if (identity_) {
            std::memcpy(out, state, sizeof(uint64_t) * stride_);
            return;
        }
        for (int w = 0; w < stride_; ++w) out[w] = 0;
        for_each_box(state, words_, [&](Cell c) {
            const int i = live_index_[c];
            assert(i >= 0);  // no box on a dead square
            out[i >> 6] |= uint64_t{1} << (i & 63);
        });
        const uint64_t player = state[words_];
        const int at = live_, bit = at & 63;
        out[at >> 6] |= player << bit;
        if (bit + player_bits_ > 64) out[(at >> 6) + 1] |= player >> (64 - bit);
    }

    // A stored state back into a working one (words + 1 words).
    void unpack(const uint64_t* stored, uint64_t* out) const {
        if (identity_) {
            std::memcpy(out, stored, sizeof(uint64_t) * stride_);
            return;
        }
        for (int w = 0; w <= words_; ++w) out[w] = 0;
        for (int w = 0; w * 64 < live_; ++w) {
            uint64_t bits = stored[w];
            if (live_ - w * 64 < 64) bits &= (uint64_t{1} << (live_ - w * 64)) - 1;
            for (; bits; bits &= bits - 1) set_box(out, live_cell_[w * 64 + __builtin_ctzll(bits)]);
        }
        const int at = live_, bit = at & 63;
        uint64_t player = stored[at >> 6] >> bit;
        if (bit + player_bits_ > 64) player |= stored[(at >> 6) + 1] << (64 - bit);
        out[words_] = player & ((uint64_t{1} << player_bits_) - 1);
    }

    // True when the stored state equals the working state `state`.
    bool equal(const uint64_t* stored, const uint64_t* state) const {
        uint64_t packed[max_stride + 1];
        pack(state, packed);
        return std::memcmp(stored, packed, sizeof(uint64_t) * stride_) == 0;
    }

private:
    int words_;
    std::vector<int16_t> live_index_;  // cell -> its bit among the live cells, -1 for a dead square
    std::vector<Cell> live_cell_;      // bit -> cell
    int player_bits_;
    int live_ = 0;
    int stride_ = 0;
    bool identity_ = false;  // no word to gain: stored as the working state
};

}  // namespace hdasoko::state
