// tests/concurrent/turns_test: members of a Turns group run one at a time
// and both make progress; a lone member never waits; leave(), cancel and a
// holder that stops checking in each release a waiting member (CI runs these
// under ThreadSanitizer).
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "concurrent/turns.hpp"

using namespace hdasoko::concurrent;
using namespace std::chrono_literals;

namespace {

// Runs `fn` on a thread and reports whether it returned within `limit`.
template <class Fn>
bool returns_within(std::chrono::milliseconds limit, Fn&& fn) {
    std::atomic<bool> done{false};
    std::thread t([&] {
        fn();
        done.store(true);
    });
    const auto end = std::chrono::steady_clock::now() + limit;
    while (!done.load() && std::chrono::steady_clock::now() < end) std::this_thread::sleep_for(1ms);
    const bool in_time = done.load();
    t.join();
    return in_time;
}

}  // namespace

TEST_CASE("turns: a lone member never waits") {
    Turns turns(2, 1ms);
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 20000; ++i) turns.take(0, nullptr);
    CHECK(std::chrono::steady_clock::now() - start < 2s);
    CHECK(turns.handovers() == 0);
}

TEST_CASE("turns: two members alternate, one at a time, both progressing") {
    // Slices long enough that a member descheduled for a while on a loaded
    // machine does not lose its turn as a silent holder (four slices).
    Turns turns(2, 25ms);
    std::atomic<int> owner{-1};
    std::atomic<bool> stop{false};
    std::atomic<long> overlaps{0};
    long steps[2] = {0, 0};
    auto member = [&](int who) {
        while (!stop.load()) {
            turns.take(who, nullptr);
            owner.store(who);
            // A short stretch of work: the other member must not start one meanwhile.
            for (int k = 0; k < 50; ++k)
                if (owner.load() != who) overlaps.fetch_add(1);
            ++steps[who];
        }
        turns.leave(who);
    };
    std::thread a(member, 0), b(member, 1);
    std::this_thread::sleep_for(500ms);
    stop.store(true);
    a.join();
    b.join();
    CHECK(overlaps.load() == 0);
    CHECK(steps[0] > 0);
    CHECK(steps[1] > 0);
    CHECK(turns.handovers() >= 2);  // about 20 slices of 25 ms in 500 ms
}

TEST_CASE("turns: leave() hands the turn to the waiting member") {
    // A slice that never ends: only leave() can release member 1 (a 1 ms
    // slice let it take the turn from a silent holder before leave() ran).
    Turns turns(2, 1h);
    turns.take(0, nullptr);  // member 0 holds the turn and never checks in again before leaving
    std::atomic<bool> waiting{false};
    std::thread leaver([&] {
        while (!waiting.load()) std::this_thread::sleep_for(1ms);
        turns.leave(0);
    });
    CHECK(returns_within(2000ms, [&] {
        waiting.store(true);
        turns.take(1, nullptr);
    }));
    leaver.join();
}

TEST_CASE("turns: cancel releases a waiting member") {
    Turns turns(2, 1h);  // a slice that never ends and a holder that never goes stale
    turns.take(0, nullptr);
    std::atomic<bool> cancel{false};
    std::thread canceller([&] {
        std::this_thread::sleep_for(20ms);
        cancel.store(true);
    });
    CHECK(returns_within(2000ms, [&] { turns.take(1, &cancel); }));
    canceller.join();
}

TEST_CASE("turns: a holder that stops checking in loses the turn after four slices") {
    Turns turns(2, 2ms);
    turns.take(0, nullptr);  // and never again
    CHECK(returns_within(2000ms, [&] { turns.take(1, nullptr); }));
    CHECK(turns.handovers() == 1);
}
