// Node: the search record shared by A* and HDA*, 12 bytes, kept beside the
// arena that holds its state (same index).
#pragma once

#include <cstdint>

#include "board/board.hpp"
#include "state/arena.hpp"

namespace hdasoko::search {

// parent (bits 0-31): the parent's reference, no_parent for the root (A*: an
//   index; HDA*: owner worker in the high bits, index in its arena below);
// g, h: pushes so far and the bound (dead_h: proven dead, stored so that its
//   duplicates are not scored again);
// box, dir: the push that produced the node; closed: expanded, not reopened.
struct Node {
    uint32_t parent;
    uint16_t g;
    uint16_t h;
    board::Cell box;
    uint8_t dir;
    uint8_t closed;
};
static_assert(sizeof(Node) == 12);
constexpr uint32_t no_parent = 0xFFFFFFFF;
constexpr uint16_t dead_h = 0xFFFF;

// Nodes in pages that never move (the arena's store), indexed like the arena.
using Nodes = state::Paged<Node>;

// g of a node another thread may read while its owner lowers it (the
// bidirectional search reads the other side's g): relaxed atomic accesses.
inline uint16_t load_g(const Node& node) { return __atomic_load_n(&node.g, __ATOMIC_RELAXED); }
inline void store_g(Node& node, uint16_t g) { __atomic_store_n(&node.g, g, __ATOMIC_RELAXED); }

}  // namespace hdasoko::search
