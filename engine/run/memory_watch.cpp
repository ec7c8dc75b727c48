#include "run/memory_watch.hpp"

#include <chrono>
#include <cstdio>
#include <unistd.h>

namespace hdasoko::run {

uint64_t resident_bytes() {
    // statm: sizes in pages; the second field is the resident set.
    FILE* f = std::fopen("/proc/self/statm", "r");
    if (!f) return 0;
    unsigned long long size = 0, resident = 0;
    const int n = std::fscanf(f, "%llu %llu", &size, &resident);
    std::fclose(f);
    return n == 2 ? resident * static_cast<uint64_t>(sysconf(_SC_PAGESIZE)) : 0;
}

MemoryWatch::MemoryWatch(uint64_t limit_bytes, const std::atomic<bool>* also) : limit_(limit_bytes), also_(also) {
    if (limit_) thread_ = std::thread([this] { watch(); });
}

MemoryWatch::~MemoryWatch() {
    if (!thread_.joinable()) return;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        done_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

void MemoryWatch::watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(period_ms), [this] { return done_; })) {
        if (also_ && also_->load(std::memory_order_relaxed)) cancel_.store(true, std::memory_order_relaxed);
        if (!tripped() && resident_bytes() > limit_) {
            tripped_.store(true, std::memory_order_relaxed);
            cancel_.store(true, std::memory_order_relaxed);
        }
    }
}

}  // namespace hdasoko::run
