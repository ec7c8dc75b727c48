// The width of a oneTBB task arena for a build that may use `threads`
// threads: at least 1, and within what a caller's global_control allows (a
// collection run's jobs), for oneTBB warns on stderr when an arena is wider.
#pragma once

#include <algorithm>

#include <oneapi/tbb/global_control.h>

namespace hdasoko::concurrent {

inline int arena_width(int threads) {
    const int allowed = static_cast<int>(
        oneapi::tbb::global_control::active_value(oneapi::tbb::global_control::max_allowed_parallelism));
    return std::clamp(threads, 1, std::max(allowed, 1));
}

}  // namespace hdasoko::concurrent
