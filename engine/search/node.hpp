// Node: the search record of the search kernel (search/hda.hpp), 12 bytes,
// kept beside the arena that holds its state (same index), and Ref, the one
// reference to a node that parents, goals and messages use.
#pragma once

#include <bit>
#include <cstdint>

#include "board/board.hpp"
#include "state/arena.hpp"

namespace hdasoko::search {

// "No cost": the incumbent before any solution, a bound nobody has set.
constexpr uint32_t no_cost = 0xFFFFFFFF;

// A node's reference: its worker (owner) in the high bits, its index in that
// worker's arena below; with one worker the index alone. no_ref: the root's parent.
using Ref = uint32_t;
constexpr Ref no_ref = 0xFFFFFFFF;

// Packs and unpacks Refs for a search with `workers` workers.
class RefCodec {
public:
    explicit RefCodec(int workers)
        : worker_bits_(std::bit_width(static_cast<unsigned>(workers - 1))),
          index_mask_(worker_bits_ == 0 ? no_ref : (uint32_t{1} << (32 - worker_bits_)) - 1) {}
    Ref make(int worker, uint32_t index) const {
        return worker_bits_ == 0 ? index : (static_cast<uint32_t>(worker) << (32 - worker_bits_)) | index;
    }
    int worker(Ref r) const { return worker_bits_ == 0 ? 0 : static_cast<int>(r >> (32 - worker_bits_)); }
    uint32_t index(Ref r) const { return r & index_mask_; }
    // Arena indices stay below this; the all-ones Ref is no_ref.
    uint32_t max_index() const { return index_mask_; }

private:
    int worker_bits_;
    uint32_t index_mask_;
};

// parent (bytes 0-3): the parent's Ref, no_ref for a root;
// g (4-5): pushes (or pulls) so far;
// box, dir, run (6-8): the move that produced the node (byte 8: bits 0-1
//   the direction, bits 2-7 the pushes of a tunnel macro, 1 for a plain push);
// flags (9): closed (expanded, not reopened), dead (proven dead, stored so
//   that its duplicates are not scored again).
// No h: every open-list entry carries its h (search/hda.hpp), and a state
// reached again with a smaller g is scored again. 10 bytes, 2-aligned (was
// 12 with h): a stored state costs 2 bytes less.
struct __attribute__((packed, aligned(2))) Node {
    Ref parent;
    uint16_t g;
    board::Cell box;
    uint8_t dir : 2;
    uint8_t run : 6;
    uint8_t flags;
};
constexpr int max_run = 63;  // the longest tunnel macro a node records
static_assert(sizeof(Node) == 10);
constexpr uint8_t closed_flag = 1, dead_flag = 2;

// Nodes in pages that never move (the arena's store), indexed like the arena.
using Nodes = state::Paged<Node>;

// g of a node another thread may read while its owner lowers it (the
// bidirectional search reads the other side's g): relaxed atomic accesses.
inline uint16_t load_g(const Node& node) { return __atomic_load_n(&node.g, __ATOMIC_RELAXED); }
inline void store_g(Node& node, uint16_t g) { __atomic_store_n(&node.g, g, __ATOMIC_RELAXED); }
// Flags likewise (the other side reads dead while the owner closes nodes);
// the owner alone writes them.
inline uint8_t load_flags(const Node& node) { return __atomic_load_n(&node.flags, __ATOMIC_RELAXED); }
inline void store_flags(Node& node, uint8_t flags) { __atomic_store_n(&node.flags, flags, __ATOMIC_RELAXED); }
inline bool is_dead(const Node& node) { return load_flags(node) & dead_flag; }
inline bool is_closed(const Node& node) { return load_flags(node) & closed_flag; }

}  // namespace hdasoko::search
