// Turns; see turns.hpp. The holder's fast path reads holder_ and since_
// without the mutex: only the holder itself or a waiter under the mutex
// changes holder_ away from it, and a stale read costs one trip through the
// mutex at most.
#include "concurrent/turns.hpp"

#include <algorithm>

namespace hdasoko::concurrent {

Turns::Turns(int members, Clock::duration slice)
    : slice_(slice.count()), waiting_(members, 0), left_(members, 0) {}

int Turns::next_waiting(int who) const {
    const int n = static_cast<int>(waiting_.size());
    for (int k = 1; k < n; ++k) {
        const int m = (who + k) % n;
        if (waiting_[m] && !left_[m]) return m;
    }
    return -1;
}

void Turns::hand_to(int next, Clock::rep t) {
    const int from = holder_.load(std::memory_order_relaxed);
    if (from >= 0 && next >= 0 && next != from) handovers_.fetch_add(1, std::memory_order_relaxed);
    holder_.store(next, std::memory_order_relaxed);
    since_.store(t, std::memory_order_relaxed);
    seen_.store(t, std::memory_order_relaxed);
    changed_.notify_all();
}

void Turns::take(int who, const std::atomic<bool>* cancel) {
    Clock::rep t = now();
    if (holder_.load(std::memory_order_relaxed) == who) {
        seen_.store(t, std::memory_order_relaxed);
        if (t - since_.load(std::memory_order_relaxed) < slice_) return;
    }
    std::unique_lock<std::mutex> lock(mutex_);
    const int holder = holder_.load(std::memory_order_relaxed);
    if (holder < 0) {  // nobody holds it: take it
        hand_to(who, t);
        return;
    }
    if (holder == who) {
        const int next = next_waiting(who);
        if (next < 0) {  // nobody waits: a new slice
            since_.store(t, std::memory_order_relaxed);
            return;
        }
        hand_to(next, t);
    }
    waiting_[who] = 1;
    while (holder_.load(std::memory_order_relaxed) != who) {
        if (cancel && cancel->load(std::memory_order_relaxed)) break;
        t = now();
        if (t - seen_.load(std::memory_order_relaxed) > 4 * slice_) {  // the holder stopped checking in
            hand_to(who, t);
            break;
        }
        // Woken by a hand-over; the timeout bounds how late it sees cancel
        // or a holder gone quiet.
        const Clock::duration nap(slice_ / 4 + 1);
        changed_.wait_for(lock, std::min<Clock::duration>(nap, std::chrono::milliseconds(2)));
    }
    waiting_[who] = 0;
}

void Turns::leave(int who) {
    std::lock_guard<std::mutex> lock(mutex_);
    left_[who] = 1;
    waiting_[who] = 0;
    if (holder_.load(std::memory_order_relaxed) == who) hand_to(next_waiting(who), now());
}

}  // namespace hdasoko::concurrent
