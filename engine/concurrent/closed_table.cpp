// Slot arrays come zeroed from mimalloc (large ones straight from the OS, so
// zeroing costs no writes); growth rehashes by tag into the doubled array.
#include "concurrent/closed_table.hpp"

#include "state/pages.hpp"

#include <new>

namespace hdasoko::concurrent {

ClosedTable::ClosedTable(int shards, size_t slots_per_shard, Growth growth) : growth_(growth), shards_(shards) {
    size_t cap = 16;
    while (cap < slots_per_shard) cap *= 2;
    for (Shard& s : shards_) {
        s.array.store(make_array(cap), std::memory_order_relaxed);
        s.bytes.store(cap * sizeof(uint64_t), std::memory_order_relaxed);
    }
}

ClosedTable::~ClosedTable() {
    for (Shard& s : shards_) {
        free_array(s.array.load(std::memory_order_relaxed));
        for (Array* a : s.retired) free_array(a);
    }
}

size_t ClosedTable::size() const {
    size_t n = 0;
    for (int i = 0; i < shards(); ++i) n += size(i);
    return n;
}

ClosedTable::Array* ClosedTable::make_array(size_t slots) {
    static_assert(sizeof(std::atomic<uint64_t>) == sizeof(uint64_t) && std::atomic<uint64_t>::is_always_lock_free);
    void* mem = state::page_zalloc_aligned(slots * sizeof(uint64_t), 64);
    if (!mem) throw std::bad_alloc();
    // All-zero bytes are the empty slot; atomics of uint64_t have its layout.
    return new Array{slots - 1, static_cast<std::atomic<uint64_t>*>(mem)};
}

void ClosedTable::free_array(Array* a) {
    state::page_free(a->slots, (a->mask + 1) * sizeof(uint64_t));
    delete a;
}

void ClosedTable::grow(Shard& s) {
    Array* old = s.array.load(std::memory_order_relaxed);
    Array* a = make_array((old->mask + 1) * 2);
    for (size_t i = 0; i <= old->mask; ++i) {
        const uint64_t slot = old->slots[i].load(std::memory_order_relaxed);
        if (slot == 0) continue;
        size_t j = (slot >> 32) & a->mask;
        while (a->slots[j].load(std::memory_order_relaxed) != 0) j = (j + 1) & a->mask;
        a->slots[j].store(slot, std::memory_order_relaxed);
    }
    // Release: a reader that sees the new array sees every slot copied into it.
    s.array.store(a, std::memory_order_release);
    size_t bytes = (a->mask + 1) * sizeof(uint64_t);
    if (growth_ == Growth::owner_reads_only) {
        free_array(old);
    } else {
        s.retired.push_back(old);
        bytes += s.bytes.load(std::memory_order_relaxed);
    }
    s.bytes.store(bytes, std::memory_order_relaxed);
}

}  // namespace hdasoko::concurrent
