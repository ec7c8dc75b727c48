// The search kernel's constants and the open-list key as one number, shared
// by the kernel (search/hda.hpp) and its last-layer policies (search/hda/).
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

namespace hdasoko::search::kernel {

using Clock = std::chrono::steady_clock;

constexpr int batch_records = 128;
constexpr int flush_interval = 64;         // expansions between sends of partial batches
constexpr int gate_refresh_interval = 8;   // expansions between reads of the other workers' keys
constexpr size_t initial_slots = 1 << 16;  // closed-table slots per worker at the start
constexpr long idle_park_ns = 1'000'000;   // an idle worker looks at the clock and limits this often
constexpr long gated_park_ns = 200'000;    // a waiting worker looks at the others' keys this often
constexpr int gated_spins = 64;            // yields before a waiting worker sleeps
constexpr int lookahead_slot_bits = 10;    // expansions computed ahead held at once: 2^10
constexpr size_t lookahead_stack = 4096;   // states a helper keeps to compute ahead, at most
constexpr int helpers_per_worker = 1;      // workers computing ahead for one worker, at most
constexpr uint32_t candidate_span = 64;    // the candidate: h values searched for the node after next
constexpr uint32_t target_rescan = 32;     // look_ahead() calls between looks for the worker to help
// A worker that pops a state a helper is computing ahead waits for it this
// long at most, then expands it itself (a few expansions' time).
constexpr std::chrono::nanoseconds ahead_patience{25'000};
constexpr uint64_t early_share = 4;  // early expansions: per best f, at most 1/early_share of those below it

// An open-list key (major, tie) as one number: lower is better.
using Key = uint64_t;
constexpr Key no_key = ~Key{0};
inline Key make_key(uint32_t major, uint32_t tie) { return (Key{major} << 32) | tie; }
inline uint32_t major_of(Key k) { return static_cast<uint32_t>(k >> 32); }

constexpr uint64_t no_goal = ~uint64_t{0};

inline void lower_to(std::atomic<uint64_t>& a, uint64_t v) {
    uint64_t cur = a.load(std::memory_order_relaxed);
    while (v < cur && !a.compare_exchange_weak(cur, v, std::memory_order_release, std::memory_order_relaxed)) {
    }
}

// The lowest key a worker published: its open list's and what was sent to
// it. The inbox's first: a worker draining its inbox moves the inbox's key
// to the open list's before clearing it (LayerGate::draining()).
template <class W>
Key least_key(const W& w) {
    const Key sent = w.inbox_key.load(std::memory_order_acquire);
    return std::min(sent, w.open_key.load(std::memory_order_acquire));
}

}  // namespace hdasoko::search::kernel
