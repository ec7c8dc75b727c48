// --memory-limit holds for the whole process: the searches' own count of
// their tables (search::Limits::memory_limit_bytes) leaves out what every
// worker holds besides them (the deadlock search's verdict cache, buffers,
// its thread's stack and allocator pages), the PDB and the process itself.
// So while a level is solved a watch thread reads the process's resident
// memory (RSS, /proc/self/statm) every `period` and, once it passes the
// limit, stops the searches through their cancel flag; the level then ends
// as a memory limit. The searches' own count still stops them first in the
// usual case: solve_level gives them the limit less what the process holds
// when the level starts and a reserve per worker (search::worker_fixed_bytes).
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

namespace hdasoko::run {

// Resident memory of this process now (0 if /proc cannot be read).
uint64_t resident_bytes();

class MemoryWatch {
public:
    static constexpr int period_ms = 5;

    // Watches until destroyed; limit 0 watches nothing. `also` (the stop
    // signals' flag, may be null) is passed on through cancel() too.
    MemoryWatch(uint64_t limit_bytes, const std::atomic<bool>* also);
    ~MemoryWatch();
    MemoryWatch(const MemoryWatch&) = delete;
    MemoryWatch& operator=(const MemoryWatch&) = delete;

    // The cancel flag for the searches: set by `also` or by the limit.
    const std::atomic<bool>* cancel() const { return limit_ ? &cancel_ : also_; }
    // The process passed the limit (and the searches were told to stop).
    bool tripped() const { return tripped_.load(std::memory_order_relaxed); }

private:
    void watch();

    const uint64_t limit_;
    const std::atomic<bool>* also_;
    std::atomic<bool> cancel_{false};
    std::atomic<bool> tripped_{false};
    std::mutex mutex_;
    std::condition_variable wake_;
    bool done_ = false;
    std::thread thread_;
};

}  // namespace hdasoko::run
