// Parker: lets a thread with nothing to do sleep without burning a core, and
// lets any other thread wake it. A Linux futex on a sequence word:
//   unpark(): bump the sequence, then wake the sleeper if there is one;
//   park(t):  announce sleeping, read the sequence, re-check the caller's
//             condition, and sleep while the sequence is unchanged, at most t.
// No wake-up is lost: with sequentially consistent operations either the
// waker sees `sleeping` (and wakes) or the sleeper reads the bumped sequence
// (and the futex refuses to sleep), or the sleeper's re-check sees the work
// the waker published before unpark(). The timeout bounds how late a sleeper
// notices what no unpark() announces (a time limit, another worker's
// progress). unpark() costs one atomic add and one load when nobody sleeps.
#pragma once

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdint>
#include <ctime>

#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace hdasoko::concurrent {

class Parker {
public:
    // Sleeps up to `timeout_ns` unless `ready()` (checked after announcing
    // the sleep) is true or unpark() is called. Owner thread only.
    template <class Ready>
    void park(long timeout_ns, Ready&& ready) {
        sleeping_.store(true, std::memory_order_seq_cst);
        const uint32_t seen = sequence_.load(std::memory_order_seq_cst);
        if (!ready()) {
            timespec t{timeout_ns / 1000000000, timeout_ns % 1000000000};
            syscall(SYS_futex, reinterpret_cast<uint32_t*>(&sequence_), FUTEX_WAIT_PRIVATE, seen, &t, nullptr, 0);
        }
        sleeping_.store(false, std::memory_order_relaxed);
    }
    // Any thread, after publishing the work the sleeper should see.
    void unpark() {
        sequence_.fetch_add(1, std::memory_order_seq_cst);
        if (sleeping_.load(std::memory_order_seq_cst))
            syscall(SYS_futex, reinterpret_cast<uint32_t*>(&sequence_), FUTEX_WAKE_PRIVATE, INT_MAX, nullptr, nullptr, 0);
    }

    // unpark(), skipped when the sleeper is awake: for a waker that calls
    // often (a worker publishing where its helper starts, search/hda.hpp),
    // as the sleeper rarely sleeps. The fence orders the caller's publishing
    // before the look at `sleeping`; a sleeper that announced its sleep
    // after that look re-checks its condition and sees the work.
    void unpark_sleeper() {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        if (sleeping_.load(std::memory_order_relaxed)) unpark();
    }

private:
    static_assert(sizeof(std::atomic<uint32_t>) == sizeof(uint32_t));
    alignas(64) std::atomic<uint32_t> sequence_{0};
    std::atomic<bool> sleeping_{false};
};

}  // namespace hdasoko::concurrent
