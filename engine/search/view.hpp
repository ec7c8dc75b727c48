// What a running search shows another thread (the bidirectional search, where
// each side looks up the states it stores in the other side's tables), and
// the hook through which a search reports what it stores.
#pragma once

#include <cstdint>
#include <vector>

#include "concurrent/closed_table.hpp"
#include "search/node.hpp"
#include "state/arena.hpp"
#include "state/packing.hpp"

namespace hdasoko::search {

// The shard (HDA*: the worker) that owns a state with this Zobrist hash.
inline int shard_of(uint64_t hash, int shards) {
    return static_cast<int>((static_cast<uint64_t>(static_cast<uint32_t>(hash)) * shards) >> 32);
}

// A node of a sharded search: its shard and its index there.
struct Place {
    int shard = 0;
    uint32_t index = 0;
};

// The tables of a running search that another thread may read: states and
// nodes published by each owner's release store into its shard of the closed
// table (which must keep old slot arrays: ClosedTable::Growth::owner).
struct SearchView {
    const concurrent::ClosedTable* table = nullptr;
    const state::Packing* packing = nullptr;  // how the arenas hold states
    std::vector<const state::Arena*> arenas;  // one per shard
    std::vector<const Nodes*> nodes;          // one per shard

    // The place and g of the stored live (not dead) state equal to `state`.
    bool find(const uint64_t* state, uint64_t hash, Place& place, uint32_t& g) const {
        place.shard = shard_of(hash, static_cast<int>(arenas.size()));
        const state::Arena& arena = *arenas[place.shard];
        place.index = table->find(place.shard, hash, [&](uint32_t i) { return packing->equal(arena.at(i), state); });
        if (place.index == concurrent::ClosedTable::none) return false;
        const Node& node = (*nodes[place.shard])[place.index];
        if (is_dead(node)) return false;
        g = load_g(node);
        return true;
    }
};

// The hook of a search nobody meets. An active hook's reached() sees every
// state the search stores, or reaches again with a smaller g, after it is
// published in the closed table.
struct NoMeet {
    static constexpr bool active = false;
    void reached(const uint64_t*, uint64_t, uint32_t, Place) {}
};

}  // namespace hdasoko::search
