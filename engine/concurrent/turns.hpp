// Turns: searches that share one core by taking turns instead of running
// side by side. A portfolio starts more searches than it has threads when a
// member runs beside the budget for a while (reverse-greedy-early); left to
// the scheduler, that member takes a third of every core, so every other
// member slows down, also one that needs its whole core to finish within
// the limit. Members in one Turns object instead hold a turn of
// `slice` each in rotation, so that they together use one core and the
// others keep theirs.
//
// A member calls take() at its limit checks (search::Limits::turns). While
// its turn lasts, take() returns at once (relaxed atomics and the clock).
// When its slice is over and another member of the group waits, take()
// hands the turn to it and waits for the next one; when none waits (the
// others are starting up, or have ended), a new slice begins. A member that
// ends calls leave(), which hands its turn on. So no member waits for one
// that is not itself waiting, and a lone member never waits. A waiting
// member returns when `cancel` is set (its limit check then stops it), and
// takes the turn when the holder has not called take() for four slices (a
// member busy elsewhere does not hold the others up).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace hdasoko::concurrent {

class Turns {
public:
    using Clock = std::chrono::steady_clock;
    // `members`: the members' numbers are 0 .. members - 1.
    explicit Turns(int members, Clock::duration slice = std::chrono::milliseconds(50));

    // Member `who`'s limit check: returns when it holds the turn (or when
    // *cancel is set).
    void take(int who, const std::atomic<bool>* cancel);
    // Member `who` has ended: its turn goes to a waiting member, and it is
    // never waited for again.
    void leave(int who);

    // Turns handed from one member to another so far (tests, statistics).
    long handovers() const { return handovers_.load(std::memory_order_relaxed); }

private:
    static Clock::rep now() { return Clock::now().time_since_epoch().count(); }
    // The next waiting member after `who` in rotation, or -1 (under mutex_).
    int next_waiting(int who) const;
    void hand_to(int next, Clock::rep t);  // under mutex_

    const Clock::rep slice_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::atomic<int> holder_{-1};
    std::atomic<Clock::rep> since_{0};  // when the holder's turn began
    std::atomic<Clock::rep> seen_{0};   // the holder's last take()
    std::atomic<long> handovers_{0};
    std::vector<char> waiting_, left_;  // per member (under mutex_)
};

}  // namespace hdasoko::concurrent
