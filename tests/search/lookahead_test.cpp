// tests/search/lookahead_test: the table of expansions computed ahead
// (search/lookahead.hpp) and the candidate a worker publishes. A taker gets
// exactly the children written for its state, and nothing for another state
// of the same slot, another g, another bound, or a slot being written; a
// taken slot is empty; a taker waits, up to its patience, for a slot being
// written for its state, and its writer learns of the wait. Under
// ThreadSanitizer ("threads"): a helper writing while a taker takes never
// hands over a torn expansion, and a candidate read is never torn.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

#include "search/lookahead.hpp"

using namespace hdasoko;
using search::AheadChild;
using search::Candidate;
using search::Lookahead;

namespace {

constexpr int stride = 3;

std::vector<uint64_t> state_of(uint64_t n) { return {n, n * 7 + 1, n ^ 0x5555}; }

// Writes `count` children of state n at g (each derived from n and its place) into a claimed slot,
// and `duplicates` children counted only.
bool write(Lookahead& table, uint64_t hash, uint64_t n, int count, bool strong = false, uint32_t g = 7,
           int duplicates = 0) {
    const std::vector<uint64_t> parent = state_of(n);
    Lookahead::Writing w = table.claim(hash, parent.data());
    if (!w) return false;
    for (int i = 0; i < count; ++i) {
        const std::vector<uint64_t> child = state_of(n * 100 + i);
        if (!table.add(w, child.data(), AheadChild{n * 100 + i, static_cast<uint32_t>(i), 1, 5, 2, 1})) {
            table.abandon(w);
            return false;
        }
    }
    w.counts.duplicates = static_cast<uint64_t>(duplicates);
    w.counts.generated = static_cast<uint64_t>(count + duplicates);
    table.publish(w, g, strong);
    return true;
}

// The children taken for state n at g, checked against what write() puts there; -1: not there.
// counts: the expansion's counts, when taken.
int take(Lookahead& table, uint64_t hash, uint64_t n, bool strong = false, uint32_t g = 7,
         std::chrono::nanoseconds patience = {}, search::SearchStats* counts = nullptr) {
    const std::vector<uint64_t> parent = state_of(n);
    int count = 0;
    search::SearchStats counted;
    bool intact = true;
    const bool there = table.take(hash, parent.data(), g, strong, patience, counted, [&](const uint64_t* child, const AheadChild& c) {
        const std::vector<uint64_t> expected = state_of(n * 100 + count);
        intact = intact && std::equal(expected.begin(), expected.end(), child) && c.hash == n * 100 + count &&
                 c.h == static_cast<uint32_t>(count);
        ++count;
    });
    CHECK(intact);
    if (there && counts) *counts = counted;
    return there ? count : -1;
}

}  // namespace

TEST_CASE("lookahead: a state's children come back once, and only for that state, g and bound") {
    Lookahead table(stride, 8, 4);
    CHECK(take(table, 3, 42) == -1);
    REQUIRE(write(table, 3, 42, 5));
    CHECK(table.holds(3));
    CHECK_FALSE(table.holds(4));
    CHECK(take(table, 3, 43) == -1);        // another state in the same slot
    CHECK(take(table, 3, 42, true) == -1);  // written under the other bound
    CHECK(take(table, 3, 42, false, 6) == -1);  // reached with another g: its duplicates may differ
    CHECK(take(table, 3, 42) == 5);
    CHECK(take(table, 3, 42) == -1);  // taken: the slot is empty
    CHECK_FALSE(table.holds(3));
    // A state with no children (a deadlock) is there too, with none.
    REQUIRE(write(table, 19, 8, 0));
    CHECK(take(table, 19, 8) == 0);
    // Children stored already are handed over as a count, with the
    // expansion's other counts.
    REQUIRE(write(table, 21, 9, 2, false, 7, 3));
    search::SearchStats counts;
    CHECK(take(table, 21, 9, false, 7, {}, &counts) == 2);
    CHECK(counts.duplicates == 3);
    CHECK(counts.generated == 5);
}

TEST_CASE("lookahead: a newer expansion replaces one never taken; a slot being written is not handed out") {
    Lookahead table(stride, 8, 4);
    REQUIRE(write(table, 1, 10, 2));
    REQUIRE(write(table, 17, 11, 3));  // same slot (17 & 15 == 1)
    CHECK(take(table, 1, 10) == -1);
    CHECK(take(table, 17, 11) == 3);
    const std::vector<uint64_t> parent = state_of(12);
    Lookahead::Writing w = table.claim(2, parent.data());
    REQUIRE(w);
    CHECK(table.holds(2));                          // a helper need not redo it
    CHECK_FALSE(table.claim(2, parent.data()));     // nor may another write it
    CHECK(take(table, 2, 12) == -1);                // nor is it taken half written
    table.abandon(w);
    CHECK_FALSE(table.holds(2));
    // More children than a slot holds: add() says so.
    Lookahead::Writing small = table.claim(5, parent.data());
    REQUIRE(small);
    const std::vector<uint64_t> child = state_of(1);
    for (int i = 0; i < 8; ++i) CHECK(table.add(small, child.data(), AheadChild{}));
    CHECK_FALSE(table.add(small, child.data(), AheadChild{}));
    table.abandon(small);
}

TEST_CASE("lookahead: a candidate is read once per publication, whole" * doctest::test_suite("threads")) {
    Candidate candidate(stride);
    uint64_t seq = 0;
    std::vector<uint64_t> got(stride);
    uint32_t g = 0, h = 0;
    bool strong = false;
    CHECK_FALSE(candidate.read(seq, got.data(), g, h, strong));  // nothing published yet
    candidate.publish(state_of(9).data(), 12, 30, true);
    REQUIRE(candidate.read(seq, got.data(), g, h, strong));
    CHECK(got == state_of(9));
    CHECK(g == 12);
    CHECK(h == 30);
    CHECK(strong);
    CHECK_FALSE(candidate.read(seq, got.data(), g, h, strong));  // the same one again

    // One thread publishes states n with g = n, h = 2n; the reader checks every read whole.
    std::atomic<bool> done{false};
    std::thread writer([&] {
        for (uint32_t n = 1; n <= 20000; ++n) candidate.publish(state_of(n).data(), n, 2 * n, n % 2 == 0);
        done = true;
    });
    int reads = 0;
    bool whole = true;
    while (!done.load()) {
        if (!candidate.read(seq, got.data(), g, h, strong)) continue;
        ++reads;
        whole = whole && got == state_of(g) && h == 2 * g && strong == (g % 2 == 0);
    }
    writer.join();
    CHECK(whole);
    MESSAGE("candidates read while published: " << reads);
    // After the last publication the reader sees it (unless it read it already).
    if (g != 20000) {
        REQUIRE(candidate.read(seq, got.data(), g, h, strong));
        CHECK(g == 20000);
        CHECK(got == state_of(20000));
    }
    CHECK_FALSE(candidate.read(seq, got.data(), g, h, strong));
}

TEST_CASE("lookahead: a helper writing while a worker takes hands over whole expansions" * doctest::test_suite("threads")) {
    Lookahead table(stride, 8, 6);
    constexpr uint64_t states = 3000;
    std::atomic<bool> done{false};
    std::thread helper([&] {
        for (uint64_t n = 1; n <= states; ++n) write(table, n * 0x9E3779B97F4A7C15ull, n, static_cast<int>(n % 9));
        done = true;
    });
    int taken = 0;
    bool right = true;
    while (!done.load()) {
        for (uint64_t n = 1; n <= states; ++n) {
            const int count = take(table, n * 0x9E3779B97F4A7C15ull, n);
            if (count < 0) continue;
            ++taken;
            right = right && count == static_cast<int>(n % 9);
        }
    }
    helper.join();
    CHECK(right);
    MESSAGE("expansions taken while written: " << taken);
}

TEST_CASE("lookahead: a taker waits for a slot being written for its state, up to its patience" * doctest::test_suite("threads")) {
    using namespace std::chrono_literals;
    Lookahead table(stride, 8, 4);
    const std::vector<uint64_t> parent = state_of(12);
    {
        // Never published: the taker gives up after its patience.
        Lookahead::Writing w = table.claim(2, parent.data());
        REQUIRE(w);
        const auto start = std::chrono::steady_clock::now();
        CHECK(take(table, 2, 12, false, 7, 2ms) == -1);
        CHECK(std::chrono::steady_clock::now() - start >= 2ms);
        CHECK(take(table, 3, 13, false, 7, 10s) == -1);  // another slot's state: no wait
        table.abandon(w);
    }
    {
        // The writer learns that a taker came for its state while it wrote:
        // the taker has caught up with it.
        Lookahead::Writing w = table.claim(2, parent.data());
        REQUIRE(w);
        CHECK(take(table, 2, 12) == -1);  // no patience: gone at once, but seen
        CHECK(table.publish(w, 7, false));
        CHECK(take(table, 2, 12) == 0);
        Lookahead::Writing again = table.claim(2, parent.data());
        REQUIRE(again);
        CHECK_FALSE(table.publish(again, 7, false));  // nobody came this time
        CHECK(take(table, 2, 12) == 0);
    }
    // Published while the taker waits: it takes the whole expansion.
    std::atomic<bool> claimed{false};
    std::thread helper([&] {
        Lookahead::Writing w = table.claim(2, parent.data());
        claimed = true;
        if (!w) return;  // the take below then fails
        std::this_thread::sleep_for(5ms);
        for (int i = 0; i < 4; ++i) {
            const std::vector<uint64_t> child = state_of(1200 + i);
            table.add(w, child.data(), AheadChild{1200u + i, static_cast<uint32_t>(i), 1, 5, 2, 1});
        }
        table.publish(w, 7, false);
    });
    while (!claimed.load()) std::this_thread::yield();
    CHECK(take(table, 2, 12, false, 7, 10s) == 4);
    helper.join();
}
