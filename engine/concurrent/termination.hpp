// Termination detection for HDA*: is every worker out of work while nothing
// is in flight? One counter, on a cache line of its own:
//   work = active workers + (messages sent - messages received)
// The protocol keeps work > 0 while anything can still happen:
//   - a sender counts messages as sent *before* they become visible to their
//     receiver (before the inbox push), so they are never received uncounted;
//   - a receiver becomes active *before* it counts what it took as received,
//     so the messages' work passes to the worker that now holds them;
//   - a worker goes idle (deactivate) only with its inbox drained and its
//     own outgoing batches flushed.
// Then work == 0 means every message was received and every worker was idle
// after its last receipt: no worker holds work and none can be woken, so the
// state is final. Sequentially consistent operations give every thread one
// order of these events. Knows nothing of search: a worker's "out of work"
// (open list empty or above the incumbent) is the caller's to decide.
#pragma once

#include <atomic>
#include <cstdint>

namespace hdasoko::concurrent {

class Termination {
public:
    // Every worker starts active.
    explicit Termination(int workers) : work_(workers) {}

    void sent(int64_t messages) { work_.fetch_add(messages, std::memory_order_seq_cst); }
    void received(int64_t messages) { work_.fetch_sub(messages, std::memory_order_seq_cst); }
    void activate() { work_.fetch_add(1, std::memory_order_seq_cst); }
    void deactivate() { work_.fetch_sub(1, std::memory_order_seq_cst); }

    // True once all work is done; stays true (nothing can wake a worker).
    bool done() const { return work_.load(std::memory_order_seq_cst) == 0; }

private:
    alignas(64) std::atomic<int64_t> work_;
};

}  // namespace hdasoko::concurrent
