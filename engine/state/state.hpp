// engine/state: packed states and where they live.
// A State is `words` 64-bit words of box bitset (bit c = box on cell c)
// followed by one word holding the normalized player cell: `stride` words in
// all, sized for the level at run time. Owns the bit helpers, the Zobrist hash
// of a state and the paged stores (arena.hpp) that keep states and nodes.
// Knows nothing of moves or search; closed tables live in concurrent/.
#pragma once

#include <cstdint>
#include <cstring>

#include "board/board.hpp"

namespace hdasoko::state {

using board::Cell;

inline bool has_box(const uint64_t* boxes, Cell c) { return (boxes[c >> 6] >> (c & 63)) & 1; }
inline void set_box(uint64_t* boxes, Cell c) { boxes[c >> 6] |= uint64_t{1} << (c & 63); }
inline void clear_box(uint64_t* boxes, Cell c) { boxes[c >> 6] &= ~(uint64_t{1} << (c & 63)); }

// Calls f(cell) for every box, in increasing cell order.
template <class F>
inline void for_each_box(const uint64_t* boxes, int words, F&& f) {
    for (int w = 0; w < words; ++w)
        for (uint64_t bits = boxes[w]; bits; bits &= bits - 1)
            f(static_cast<Cell>(w * 64 + __builtin_ctzll(bits)));
}

// Boxes not on the given squares (a cell set like `boxes`).
inline int boxes_off(const uint64_t* boxes, const uint64_t* squares, int words) {
    int n = 0;
    for (int w = 0; w < words; ++w) n += __builtin_popcountll(boxes[w] & ~squares[w]);
    return n;
}

inline Cell player_of(const uint64_t* state, int words) { return static_cast<Cell>(state[words]); }

// XOR of the box keys of every box (the player key is added separately, so a
// push updates it with two XORs for the box and one for the new player).
inline uint64_t box_hash(const board::Board& b, const uint64_t* boxes) {
    uint64_t h = 0;
    for_each_box(boxes, b.words(), [&](Cell c) { h ^= b.box_key(c); });
    return h;
}

inline uint64_t state_hash(const board::Board& b, const uint64_t* state) {
    return box_hash(b, state) ^ b.player_key(player_of(state, b.words()));
}

inline bool equal(const uint64_t* a, const uint64_t* b, int stride) {
    return std::memcmp(a, b, sizeof(uint64_t) * stride) == 0;
}

// The initial state of a board: its boxes and normalized player are filled
// in by moves/ (normalization needs reachability), so this only sets boxes.
void initial_boxes(const board::Board& b, uint64_t* boxes);

// True when every box is on a goal.
bool is_solved(const board::Board& b, const uint64_t* boxes);

}  // namespace hdasoko::state
