// perf/closed_table: the throughput of the lock-free closed table on the
// operation search does: find-or-insert of packed states (hits and misses),
// with equality checked on an arena; one thread on one shard (the sequential
// searches), then T threads, each the owner of its shard (as HDA* workers),
// inserting at once. Prints medians over --repeat runs and the speedup.
// (When it replaced the sequential StateTable, one shard ran at 1.00x that
// table's speed; the StateTable is gone since every search uses this one.)
//   perf/closed_table [STATES] [REPEAT]      (defaults 4000000 5)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>

#include "concurrent/closed_table.hpp"
#include "state/arena.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int stride = 3;  // two box words and the player, as a mid-size level

uint64_t mix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    return k ^ (k >> 33);
}

// States 0..n-1, every state asked for twice (one miss, one hit), shuffled.
struct Workload {
    std::vector<uint64_t> states;  // n * stride words
    std::vector<uint32_t> order;   // 2n state numbers
    explicit Workload(size_t n, unsigned seed) : states(n * stride) {
        for (size_t i = 0; i < n; ++i)
            for (int w = 0; w < stride; ++w) states[i * stride + w] = mix(i * stride + w + seed * 1000003ull);
        order.reserve(2 * n);
        for (uint32_t i = 0; i < n; ++i) order.push_back(i), order.push_back(i);
        std::shuffle(order.begin(), order.end(), std::mt19937(seed));
    }
    const uint64_t* state(uint32_t i) const { return states.data() + size_t{i} * stride; }
    uint64_t hash(uint32_t i) const { return mix(states[size_t{i} * stride] ^ states[size_t{i} * stride + 1]); }
};

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

size_t run_closed_table_shard(concurrent::ClosedTable& table, int shard, const Workload& w) {
    state::Arena arena(stride);
    size_t added = 0;
    for (uint32_t i : w.order) {
        const uint64_t* s = w.state(i);
        auto found = table.insert(
            shard, w.hash(i), [&](uint32_t r) { return state::equal(arena.at(r), s, stride); },
            [&] { return arena.add(s); });
        added += found.inserted;
    }
    return added;
}

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    const size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 4000000;
    const int repeat = argc > 2 ? std::atoi(argv[2]) : 5;
    const int threads = 2;
    std::vector<Workload> loads;
    for (int t = 0; t < threads; ++t) loads.emplace_back(n, t + 1);

    std::vector<double> one, par;
    for (int r = 0; r < repeat; ++r) {
        auto t0 = Clock::now();
        {
            concurrent::ClosedTable table(1, 1 << 16, concurrent::ClosedTable::Growth::owner_reads_only);
            if (run_closed_table_shard(table, 0, loads[0]) != n) return 1;
        }
        one.push_back(seconds_since(t0));

        t0 = Clock::now();
        {
            concurrent::ClosedTable table(threads, 1 << 16, concurrent::ClosedTable::Growth::owner_reads_only);
            std::vector<std::thread> ts;
            for (int t = 0; t < threads; ++t) ts.emplace_back([&, t] { run_closed_table_shard(table, t, loads[t]); });
            for (auto& t : ts) t.join();
        }
        par.push_back(seconds_since(t0));
    }
    const double ops = 2.0 * n;
    std::printf("find-or-insert of %zu states x2 (half hits), median of %d\n", n, repeat);
    std::printf("%-34s %8.3f s  %6.1f M ops/s\n", "ClosedTable, 1 shard, 1 thread", median(one),
                ops / median(one) / 1e6);
    std::printf("%-34s %8.3f s  %6.1f M ops/s  speedup over 1 thread %.2f\n", "ClosedTable, 2 shards, 2 threads",
                median(par), threads * ops / median(par) / 1e6, threads * median(one) / median(par));
    return 0;
}
