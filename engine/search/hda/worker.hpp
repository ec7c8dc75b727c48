// One worker of the search kernel (search/hda.hpp): the states it owns
// (arena, nodes, its closed-table shard in the kernel's table), its open
// list, its expander, its batches to the others, and what the others read.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "concurrent/inbox.hpp"
#include "concurrent/parker.hpp"
#include "search/hda/common.hpp"
#include "search/hda/compute_ahead.hpp"
#include "search/hda/layer_gate.hpp"
#include "search/lookahead.hpp"
#include "search/node.hpp"
#include "search/open_list.hpp"
#include "search/search.hpp"
#include "state/arena.hpp"
#include "state/packing.hpp"

namespace hdasoko::search::kernel {

template <class Exp>
struct Worker {
    Worker(int id, const board::Board& board, const Options& options, const state::Packing& packing, int workers)
        : id(id), arena(packing.stride()), expander(board, options), out(workers, nullptr), out_key(workers, no_key),
          urgent(workers, 0), packed(packing.stride()), unpacked(packing.words() + 1),
          strengthened(options.fives_after == 0), ahead(packing.words() + 1), candidate(packing.words() + 1) {}

    const int id;
    state::Arena arena;  // states as state::Packing stores them
    Nodes nodes;
    OpenList open;
    Exp expander;
    SearchStats stats;
    WorkerStats share;
    std::vector<uint64_t> expanded_at_f;  // expansions per f, for counts below the last layer
    uint32_t max_f = 0;
    concurrent::BatchPool pool;
    std::vector<concurrent::Batch*> out;  // batch being filled per destination
    std::vector<Key> out_key;             // the lowest key in it
    std::vector<uint8_t> urgent;          // it holds a child that continues the best line
    std::vector<uint64_t> packed;         // the state being inserted, packed
    std::vector<uint64_t> unpacked;       // the state popped (to be expanded), unpacked once
    bool active = true;
    Clock::time_point idle_since;
    uint32_t held_f = no_cost;  // f of a node popped and not expanded when a limit stopped the search
    bool strengthened = false;   // the bound switched (Options::fives_after: search/hda/rescore.hpp)
    uint32_t rescore_below = 0;  // nodes stored before, scored again when popped
    GateState gate;              // search/hda/layer_gate.hpp
    AheadState ahead;            // search/hda/compute_ahead.hpp
    // Scratch: the children of an expansion, collected before they are
    // stored or scored (emit_children()).
    struct Emitted {
        uint64_t hash;
        moves::Push push;
        int owner;
    };
    std::vector<uint64_t> emitted_words;  // their states, stride words each
    std::vector<Emitted> emitted;

    // Read and written by other workers.
    concurrent::Inbox inbox;
    alignas(64) std::atomic<Key> inbox_key{no_key};  // lowest key sent here and not yet drained
    alignas(64) std::atomic<Key> open_key{no_key};   // lowest key of the open list below the incumbent
    std::atomic<uint64_t> bytes{0};                  // published every so often for the memory limit
    alignas(64) std::atomic<uint64_t> at_f{0};       // f << 40 | expansions at f, of the last expansion
    std::atomic<uint64_t> expansions{0};             // the automatic lag reads both
    concurrent::Parker parker;
    Candidate candidate;  // where helpers start (lookahead)
    alignas(64) std::atomic<int> helpers{0};  // workers computing ahead for this one (lookahead)
    std::atomic<int> helper{-1};              // the one that began last, woken for a new candidate
};

}  // namespace hdasoko::search::kernel
