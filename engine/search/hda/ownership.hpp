// Which worker owns a state (stores it, detects its duplicates, expands
// it). By its Zobrist hash, as in HDA* (Kishimoto, Fukunaga & Botea 2009),
// with two changes once the automatic lag (search/hda/layer_gate.hpp) finds
// the search grown (docs/hda-kernel.md):
// - concentrated (lookahead without hand-over): while the search is young
//   worker 0 owns every state. At lag 0 only the holder of the best key
//   expands anyway, and the diver then stores every child where it runs.
// - zones (Options::Distribution::automatic): once grown, a state goes by
//   the zones of its boxes (abstract Zobrist hashing, Jinnai & Fukunaga
//   2016; board/abstract_zobrist.cpp), so that most children stay on their
//   parent's worker, where the incremental bound goes on from its parent.
// A state stored before the move is found again only at its old owner, so
// reached again it may be stored twice: each copy is a node with its own g
// and parent, so the proof holds; the cost is bounded by the young search.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"
#include "search/hda/last_layer.hpp"
#include "search/view.hpp"
#include "state/state.hpp"

namespace hdasoko::search::kernel {

class Owners {
public:
    // first, total: the first worker of this process and the workers of the search.
    Owners(const board::Board& board, const LastLayer& l, int zone_cells, int first, int total)
        : board_(board),
          first_(first),
          total_(total),
          concentrated_(l.concentrated),
          zones_(l.zones_when_grown),
          zone_keys_(zones_ ? board.zone_owner_keys(zone_cells) : std::vector<uint32_t>{}) {}

    int owner_of(uint64_t hash) const { return shard_of(hash, total_); }
    // The owner of `state` (hash: its hash).
    int owner_for(const uint64_t* state, uint64_t hash) const {
        return owner_by(hash, [&] { return zones_of(state); });
    }
    // ... of a child (its push from the parent): its zone key from the
    // parent's (zones_of(parent)), the pushed box's zone swapped.
    int child_owner(uint32_t parent_zones, uint64_t hash, const moves::Push& push) const {
        return owner_by(hash, [&] { return child_zones(parent_zones, push); });
    }
    // The zone key of a state: its boxes' keys, xored (0 without zones).
    uint32_t zones_of(const uint64_t* state) const {
        uint32_t zones = 0;
        if (zones_) state::for_each_box(state, board_.words(), [&](board::Cell c) { zones ^= zone_keys_[c]; });
        return zones;
    }
    uint32_t child_zones(uint32_t parent_zones, const moves::Push& push) const {
        return parent_zones ^ zone_keys_[push.box] ^ zone_keys_[moves::landing(board_, push)];
    }
    bool by_zones() const { return zones_; }
    // The search has grown (the automatic lag): the owners move, once.
    void grow() {
        if ((zones_ || concentrated_) && !grown_.load(std::memory_order_relaxed))
            grown_.store(true, std::memory_order_relaxed);
    }

private:
    // zones(): the state's zone key, asked for only once grown with zones.
    template <class Zones>
    int owner_by(uint64_t hash, Zones&& zones) const {
        if (!grown_.load(std::memory_order_relaxed)) return concentrated_ ? first_ : owner_of(hash);
        if (!zones_) return owner_of(hash);
        return shard_of(zones(), total_);
    }

    const board::Board& board_;
    const int first_, total_;
    const bool concentrated_, zones_;
    const std::vector<uint32_t> zone_keys_;
    std::atomic<bool> grown_{false};
};

}  // namespace hdasoko::search::kernel
