// ClosedTable: the lock-free closed table, in the style of the lockless
// shared hash tables of multi-core model checkers (Laarman, van de Pol,
// Weber, "Boosting multi-core reachability performance with shared hash
// tables", FMCAD 2010). Open addressing with linear probing over 64-bit slots:
//   bits 32-63: tag, the high half of the state's 64-bit hash
//   bits  0-31: ref + 1 (0: empty slot; 0xFFFFFFFF: claimed, ref being written)
// The table stores references only (HDA*: an index into the owner's arena);
// whether a slot holds the state looked for is the caller's equal(ref), so
// the table knows nothing of states. Refs are below max_ref.
//
// Insert into a shard with many writers claims an empty slot by
// compare-and-swap (tag | busy), calls make() for the new ref and publishes
// tag | ref + 1 with a release store; a thread that finds a claimed slot with
// its tag waits for the ref before comparing. Two threads inserting the same
// state therefore meet on the same probe chain: one inserts, the other finds
// it. A shard with one writer needs no claim: the writer publishes the slot
// with one release store once make() is done. Lookups run from any thread at
// any time, with acquire loads and no lock.
//
// Shards: the caller picks the shard of a hash (HDA*: the owning worker).
// Growth without stopping the world: a shard written by a single thread (its
// owner) grows when 3/4 full by copying into an array twice as large and
// publishing it; readers still in the old array see the table as it was at
// the copy, a consistent earlier state. Old arrays are kept for such readers
// until the table dies unless the table is built owner-read-only. A shard
// that several threads insert into must not grow: build it pre-sized
// (Growth::none) and insert reports `full` near capacity.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "concurrent/spin.hpp"

namespace hdasoko::concurrent {

class ClosedTable {
public:
    static constexpr uint32_t none = 0xFFFFFFFF;   // find(): not stored
    static constexpr uint32_t full = 0xFFFFFFFE;   // insert(): no room (pre-sized shard)
    static constexpr uint32_t max_ref = 0xFFFFFFFD;

    enum class Growth {
        owner,  // one writer per shard; grows; old arrays kept for readers
        owner_reads_only,  // one writer per shard, and only it reads: old arrays freed
        none,   // pre-sized: any number of writers, no growth
    };

    ClosedTable(int shards, size_t slots_per_shard, Growth growth);
    ~ClosedTable();
    ClosedTable(const ClosedTable&) = delete;
    ClosedTable& operator=(const ClosedTable&) = delete;

    struct Found {
        uint32_t ref;   // the stored ref (full: not stored, no room)
        bool inserted;  // make() was called and its ref stored
    };

    // The stored ref r with equal(r) in `shard`, or none. Any thread.
    template <class Equal>
    uint32_t find(int shard, uint64_t hash, Equal&& equal) const {
        const Array* a = shards_[shard].array.load(std::memory_order_acquire);
        const uint64_t tag = hash >> 32;
        for (size_t i = tag & a->mask;; i = (i + 1) & a->mask) {
            uint64_t slot = a->slots[i].load(std::memory_order_acquire);
            if (slot == 0) return none;
            if ((slot >> 32) != tag) continue;
            if (static_cast<uint32_t>(slot) == busy) slot = wait_for_ref(a->slots[i]);
            if (equal(ref_of(slot))) return ref_of(slot);
        }
    }

    // Brings the first slot a lookup of `hash` reads into the cache (for
    // writing: an insert of a new state follows): a caller with a batch of
    // states to insert prefetches them all first, so that their cache
    // misses overlap (the probe was 18 % of fess-box's time, waiting on
    // memory). Any thread; a hint only.
    void prefetch(int shard, uint64_t hash, bool for_write = false) const {
        const Array* a = shards_[shard].array.load(std::memory_order_acquire);
        if (for_write) __builtin_prefetch(&a->slots[(hash >> 32) & a->mask], 1);
        else __builtin_prefetch(&a->slots[(hash >> 32) & a->mask]);
    }

    // The first stored ref whose slot carries the tag of `hash` on its probe
    // chain, or none: the state insert() or find() will most likely compare
    // first, for a caller that prefetches it (a batch of children whose
    // table slots were prefetched, then their states, then inserted). Any
    // thread; a hint only (a slot being written reads as none), but the
    // ref's state and node are in place (acquire), so the caller may
    // prefetch them in another thread's arena.
    uint32_t peek(int shard, uint64_t hash) const {
        const Array* a = shards_[shard].array.load(std::memory_order_acquire);
        const uint64_t tag = hash >> 32;
        for (size_t i = tag & a->mask;; i = (i + 1) & a->mask) {
            const uint64_t slot = a->slots[i].load(std::memory_order_acquire);
            if (slot == 0) return none;
            if ((slot >> 32) != tag) continue;
            return static_cast<uint32_t>(slot) == busy ? none : ref_of(slot);
        }
    }

    // The stored ref r with equal(r), or a new ref from make() stored for
    // `hash`. make() runs once, only when the state is new, while the slot
    // is claimed: it may allocate the state and score it.
    template <class Equal, class Make>
    Found insert(int shard, uint64_t hash, Equal&& equal, Make&& make) {
        Shard& s = shards_[shard];
        Array* a = s.array.load(std::memory_order_acquire);
        const uint64_t tag = hash >> 32;
        for (size_t i = tag & a->mask;; i = (i + 1) & a->mask) {
            uint64_t slot = a->slots[i].load(std::memory_order_acquire);
            if (slot == 0 && growth_ != Growth::none) {  // the shard's one writer: no claim needed
                const uint32_t ref = make();
                assert(ref <= max_ref);
                a->slots[i].store((tag << 32) | (uint64_t{ref} + 1), std::memory_order_release);
                const size_t used = s.used.load(std::memory_order_relaxed) + 1;
                s.used.store(used, std::memory_order_relaxed);
                if (used * 4 > (a->mask + 1) * 3) grow(s);
                return Found{ref, true};
            }
            if (slot == 0) {
                if (
                    s.used.load(std::memory_order_relaxed) >= a->mask - (a->mask >> 3))
                    return Found{full, false};
                if (!a->slots[i].compare_exchange_strong(slot, (tag << 32) | busy, std::memory_order_acquire,
                                                         std::memory_order_acquire)) {
                    if ((slot >> 32) != tag) continue;  // another state took it: probe on
                } else {
                    const uint32_t ref = make();
                    assert(ref <= max_ref);
                    a->slots[i].store((tag << 32) | (uint64_t{ref} + 1), std::memory_order_release);
                    s.used.fetch_add(1, std::memory_order_relaxed);
                    return Found{ref, true};
                }
            }
            if ((slot >> 32) != tag) continue;
            if (static_cast<uint32_t>(slot) == busy) slot = wait_for_ref(a->slots[i]);
            if (equal(ref_of(slot))) return Found{ref_of(slot), false};
        }
    }

    // States stored in `shard` / in all shards.
    size_t size(int shard) const { return shards_[shard].used.load(std::memory_order_relaxed); }
    size_t size() const;
    // Bytes of slot arrays held by `shard`, retired arrays included.
    size_t bytes(int shard) const { return shards_[shard].bytes.load(std::memory_order_relaxed); }
    // Bytes the next growth of `shard` allocates if it comes within the next
    // inserts (1/64 of the slots, at least 4096), else 0: a memory limit
    // checked every few expansions adds it, so that it stops before a
    // doubling that would pass the limit, not after.
    size_t growth_bytes(int shard) const {
        if (growth_ == Growth::none) return 0;
        const Shard& s = shards_[shard];
        const size_t slots = s.array.load(std::memory_order_relaxed)->mask + 1;
        const size_t soon = s.used.load(std::memory_order_relaxed) + std::max<size_t>(4096, slots / 64);
        return soon * 4 > slots * 3 ? 2 * slots * sizeof(uint64_t) : 0;
    }
    int shards() const { return static_cast<int>(shards_.size()); }

private:
    static constexpr uint32_t busy = 0xFFFFFFFF;
    static uint32_t ref_of(uint64_t slot) { return static_cast<uint32_t>(slot) - 1; }
    static uint64_t wait_for_ref(const std::atomic<uint64_t>& slot) {
        uint64_t s;
        while (static_cast<uint32_t>(s = slot.load(std::memory_order_acquire)) == busy) HDASOKO_SPIN_PAUSE();
        return s;
    }

    struct Array {
        size_t mask;
        std::atomic<uint64_t>* slots;  // mask + 1 of them, zeroed
    };
    // A shard on cache lines of its own: owners write `used` on every insert.
    struct alignas(64) Shard {
        std::atomic<Array*> array{nullptr};
        std::atomic<size_t> used{0};
        std::atomic<size_t> bytes{0};
        std::vector<Array*> retired;  // owner only
    };

    static Array* make_array(size_t slots);
    static void free_array(Array* a);
    void grow(Shard& s);

    const Growth growth_;
    std::vector<Shard> shards_;
};

}  // namespace hdasoko::concurrent
