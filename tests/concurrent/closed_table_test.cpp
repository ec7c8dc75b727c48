// tests/concurrent/closed_table_test: the lock-free closed table against a
// std::set, alone and under threads (CI runs these under ThreadSanitizer):
// concurrent inserts of one state store it once; readers find every state a
// writer has published, while shards grow; pre-sized shards report full.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <random>
#include <set>
#include <thread>
#include <vector>

#include "concurrent/closed_table.hpp"

using hdasoko::concurrent::ClosedTable;

namespace {

// Few distinct tags, so that equal() decides most probes.
uint64_t crowded_hash(uint64_t key) { return ((key * 0x9E3779B97F4A7C15ull) % 61) << 32 | (key & 0xFFFFFFFF); }
uint64_t spread_hash(uint64_t key) {
    key ^= key >> 33;
    key *= 0xff51afd7ed558ccdull;
    key ^= key >> 33;
    return key;
}

}  // namespace

TEST_CASE("closed table: one thread, against a std::set, through growth") {
    for (auto growth : {ClosedTable::Growth::owner, ClosedTable::Growth::owner_reads_only}) {
        ClosedTable table(1, 16, growth);
        std::vector<uint64_t> stored;  // ref -> key, the "arena"
        std::set<uint64_t> reference;
        std::mt19937_64 rng(7);
        for (int i = 0; i < 20000; ++i) {
            const uint64_t key = rng() % 8000;
            auto equal = [&](uint32_t ref) { return stored[ref] == key; };
            const uint32_t before = table.find(0, crowded_hash(key), equal);
            const bool is_new = reference.insert(key).second;
            CHECK((before == ClosedTable::none) == is_new);
            bool made = false;
            ClosedTable::Found f = table.insert(0, crowded_hash(key), equal, [&] {
                made = true;
                stored.push_back(key);
                return static_cast<uint32_t>(stored.size() - 1);
            });
            CHECK(f.inserted == is_new);
            CHECK(made == is_new);
            REQUIRE(f.ref < stored.size());
            CHECK(stored[f.ref] == key);
        }
        CHECK(table.size() == reference.size());
        CHECK(table.size(0) == reference.size());
        CHECK(table.bytes(0) >= reference.size() * sizeof(uint64_t));
        for (uint64_t key = 0; key < 8000; ++key) {
            const uint32_t r = table.find(0, crowded_hash(key), [&](uint32_t ref) { return stored[ref] == key; });
            CHECK((r != ClosedTable::none) == (reference.count(key) == 1));
        }
    }
}

TEST_CASE("closed table: peek names the first stored ref with the hash's tag, or none") {
    // Keys with few tags: peek's ref shares the tag (it is what insert would
    // compare first), and a tag never stored gives none.
    ClosedTable table(1, 16, ClosedTable::Growth::owner);
    std::vector<uint64_t> stored;
    for (uint64_t key = 0; key < 3000; key += 2) {
        table.insert(0, crowded_hash(key), [&](uint32_t ref) { return stored[ref] == key; }, [&] {
            stored.push_back(key);
            return static_cast<uint32_t>(stored.size() - 1);
        });
    }
    int hits = 0;
    for (uint64_t key = 0; key < 3000; ++key) {
        const uint32_t ref = table.peek(0, crowded_hash(key));
        REQUIRE(ref != ClosedTable::none);  // every one of the 61 tags is stored
        const uint64_t tag = crowded_hash(key) >> 32;
        CHECK((crowded_hash(stored[ref]) >> 32) == tag);
        hits += stored[ref] == key;
    }
    CHECK(hits > 0);
    CHECK(table.peek(0, uint64_t{0xABCDEF} << 32) == ClosedTable::none);  // a tag no key has
}

TEST_CASE("closed table: growth_bytes announces a doubling before it happens") {
    ClosedTable table(1, 1 << 16, ClosedTable::Growth::owner);
    std::vector<uint64_t> stored;
    const size_t before = table.bytes(0);
    size_t announced_at = 0;
    for (uint64_t key = 0; table.bytes(0) == before; ++key) {
        if (!announced_at && table.growth_bytes(0)) {
            announced_at = table.size(0);
            CHECK(table.growth_bytes(0) == 2 * before);  // the new array's size
        }
        table.insert(0, spread_hash(key), [&](uint32_t ref) { return stored[ref] == key; }, [&] {
            stored.push_back(key);
            return static_cast<uint32_t>(stored.size() - 1);
        });
    }
    // Announced 4096 inserts ahead (1/64 of 65,536 slots), grown at 3/4 full.
    CHECK(announced_at == (1 << 16) * 3 / 4 - 4096 + 1);
    CHECK(table.size(0) == (1 << 16) * 3 / 4 + 1);
    CHECK(table.growth_bytes(0) == 0);  // half full again after the doubling
    ClosedTable fixed(1, 1 << 10, ClosedTable::Growth::none);
    CHECK(fixed.growth_bytes(0) == 0);  // pre-sized shards never grow
}

TEST_CASE("closed table: many writers on a pre-sized shard store each state once") {
    constexpr uint32_t keys = 20000;
    constexpr int writers = 4;
    ClosedTable table(1, 1 << 16, ClosedTable::Growth::none);
    std::vector<std::atomic<int>> made(keys);
    std::vector<std::thread> threads;
    for (int t = 0; t < writers; ++t) {
        threads.emplace_back([&, t] {
            std::vector<uint32_t> order(keys);
            for (uint32_t k = 0; k < keys; ++k) order[k] = k;
            std::shuffle(order.begin(), order.end(), std::mt19937(t));
            for (uint32_t key : order) {
                // The ref is the key itself, so equal() needs no shared arena.
                ClosedTable::Found f = table.insert(0, crowded_hash(key), [key](uint32_t ref) { return ref == key; },
                                                    [&, key] {
                                                        // Hold some claims open: others must wait on them.
                                                        if (key % 8 == 0) std::this_thread::yield();
                                                        made[key].fetch_add(1);
                                                        return key;
                                                    });
                if (f.ref != key) FAIL_CHECK("wrong ref " << f.ref << " for " << key);
            }
        });
    }
    for (auto& t : threads) t.join();
    int twice = 0;
    for (uint32_t k = 0; k < keys; ++k) twice += made[k].load() != 1;
    CHECK(twice == 0);
    CHECK(table.size() == keys);
}

TEST_CASE("closed table: a pre-sized shard reports full instead of overflowing") {
    ClosedTable table(1, 64, ClosedTable::Growth::none);
    uint32_t stored = 0;
    for (uint32_t key = 0; key < 200; ++key) {
        ClosedTable::Found f = table.insert(0, spread_hash(key), [key](uint32_t ref) { return ref == key; },
                                            [key] { return key; });
        if (f.ref == ClosedTable::full) break;
        ++stored;
    }
    CHECK(stored >= 48);
    CHECK(stored < 64);
    CHECK(table.find(0, spread_hash(1000), [](uint32_t) { return false; }) == ClosedTable::none);
}

TEST_CASE("closed table: readers find what owners published while shards grow") {
    constexpr int shards = 2;
    constexpr uint32_t per_shard = 60000;
    ClosedTable table(shards, 16, ClosedTable::Growth::owner);
    // Key k of shard s is s * per_shard + k; its ref is k.
    std::vector<std::atomic<uint32_t>> published(shards);
    std::atomic<bool> writers_done{false};
    std::atomic<uint64_t> misses{0}, lookups{0};
    std::vector<std::thread> threads;
    for (int s = 0; s < shards; ++s) {
        threads.emplace_back([&, s] {
            for (uint32_t k = 0; k < per_shard; ++k) {
                const uint64_t key = uint64_t{static_cast<uint32_t>(s)} * per_shard + k;
                table.insert(s, spread_hash(key), [](uint32_t) { return false; }, [k] { return k; });
                published[s].store(k + 1, std::memory_order_release);
            }
        });
    }
    for (int r = 0; r < 2; ++r) {
        threads.emplace_back([&, r] {
            std::mt19937 rng(r);
            // At least some lookups each, even when the writers finish before
            // this thread first runs (a loaded machine).
            for (int mine = 0; !writers_done.load(std::memory_order_acquire) || mine < 1000; ++mine) {
                const int s = static_cast<int>(rng() % shards);
                const uint32_t n = published[s].load(std::memory_order_acquire);
                if (n == 0) continue;
                const uint32_t k = rng() % n;
                const uint64_t key = uint64_t{static_cast<uint32_t>(s)} * per_shard + k;
                const uint32_t found = table.find(s, spread_hash(key), [k](uint32_t ref) { return ref == k; });
                lookups.fetch_add(1, std::memory_order_relaxed);
                if (found != k) misses.fetch_add(1, std::memory_order_relaxed);
            }
        });
    }
    for (int s = 0; s < shards; ++s) threads[s].join();
    writers_done.store(true, std::memory_order_release);
    for (size_t t = shards; t < threads.size(); ++t) threads[t].join();
    CHECK(misses.load() == 0);
    CHECK(lookups.load() > 0);
    CHECK(table.size() == shards * per_shard);
    // Retired arrays are kept for readers: more bytes than the live arrays.
    CHECK(table.bytes(0) > per_shard * 4 / 3 * sizeof(uint64_t));
}
