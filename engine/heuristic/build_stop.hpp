// engine/heuristic/build_stop: when a table build gives up early: a cancel
// flag (set by a signal handler, say) or a deadline (a share of the time
// limit: a table that would take longer than the search it serves is not
// worth building). Polled every few thousand steps.
#pragma once

#include <atomic>
#include <chrono>

namespace hdasoko::heuristic {

struct BuildStop {
    using Clock = std::chrono::steady_clock;
    const std::atomic<bool>* cancel = nullptr;
    Clock::time_point deadline = Clock::time_point::max();

    bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
    bool operator()() const { return cancelled() || Clock::now() >= deadline; }
    // Why a build stopped by this ended.
    const char* why() const { return cancelled() ? "cancelled" : "out of time"; }
};

}  // namespace hdasoko::heuristic
