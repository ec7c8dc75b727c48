// Message: a state in flight from the worker that generated it to the worker
// that owns it (HDA*). A record is the packed state (the level's words + 1,
// so its length is known only at run time) followed by this fixed header;
// pack() and unpack() are the only code that knows the layout.
#pragma once

#include <cstdint>
#include <cstring>

#include "board/board.hpp"
#include "search/node.hpp"

namespace hdasoko::search {

//   hash:   the state's Zobrist hash (owner and closed-table slot)
//   parent: the Ref of the node expanded (on the sender)
//   g, h:   the child's cost so far and its bound, scored by the sender
//           (never heuristic::dead: dead children are not sent)
//   box, dir, run: the move that produced it (run: pushes of a tunnel macro);
//           dir | shadow_bit: the sender stored and expands the state itself
//           (a local dive, search/hda.hpp) and the owner only remembers it, closed;
//           dir | second_bit: it ranks on the second line (search/hda.hpp);
//           dir | counted_bit (with shadow_bit): the sender found the state
//           stored already and counted it a duplicate
//   rank:   the child's tie rank (the expander's tie_rank()), scored by the sender
struct Message {
    uint64_t hash;
    Ref parent;
    uint16_t g;
    uint16_t h;
    board::Cell box;
    uint8_t dir;
    uint8_t run;
    uint16_t rank;
};
static_assert(sizeof(Message) == 24 && sizeof(Message) % sizeof(uint64_t) == 0);
constexpr int message_words = sizeof(Message) / sizeof(uint64_t);
constexpr uint8_t shadow_bit = 0x80;
// dir | second_bit: a child of a speculative expansion (second line, search/hda.hpp)
constexpr uint8_t second_bit = 0x40;
constexpr uint8_t counted_bit = 0x20;
constexpr uint8_t dir_bits = 0x03;

// A record: `stride` state words, then the header's words.
inline void pack(uint64_t* record, const uint64_t* state, int stride, const Message& m) {
    std::memcpy(record, state, sizeof(uint64_t) * stride);
    std::memcpy(record + stride, &m, sizeof m);
}
inline Message unpack(const uint64_t* record, int stride) {
    Message m;
    std::memcpy(&m, record + stride, sizeof m);
    return m;
}

}  // namespace hdasoko::search
