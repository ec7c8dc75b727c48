// The one way a search loop stops at its limits (search.hpp Limits): the
// node limit at every expansion, and every `interval` expansions the cancel
// flag (a signal, a won race, the memory watch), the turns of a member
// sharing a core, the memory of the search's own tables and the clock, in
// that order. Every loop (the A* kernel's workers, FESS, the metric search)
// steps and asks; none reads the limits itself.
#pragma once

#include <chrono>
#include <cstdint>

#include "concurrent/turns.hpp"
#include "search/search.hpp"

namespace hdasoko::search {

class LimitCheck {
public:
    using Clock = std::chrono::steady_clock;
    // Expansions between looks at the clock, the cancel flag and the memory:
    // a clock read costs tens of nanoseconds, an expansion a microsecond or more.
    static constexpr uint64_t default_interval = 16;

    explicit LimitCheck(const Limits& limits, uint64_t interval = default_interval)
        : limits_(limits), interval_(interval), start_(Clock::now()) {}

    // Whether a limit ends the search before expansion number `expanded`
    // (counted from 0), and which (`why`). `bytes()` returns the search's
    // own memory now and what its next growth would add
    // (std::pair<uint64_t, uint64_t>); it is called only at a look.
    template <class Bytes>
    bool reached(uint64_t expanded, Bytes&& bytes, Outcome& why) {
        if (limits_.node_limit && expanded >= limits_.node_limit) {
            why = Outcome::node_limit;
            return true;
        }
        if (expanded % interval_ != 0) return false;
        return look(bytes(), why);
    }

    // The checks but the node limit, now, with the search's memory and
    // its next growth in `bytes`: for a loop that counts its nodes itself
    // (the A* kernel's workers share theirs) and for waits between expansions.
    bool look(std::pair<uint64_t, uint64_t> bytes, Outcome& why) const {
        if (limits_.turns) limits_.turns->take(limits_.turn, limits_.cancel);
        if (limits_.cancel && limits_.cancel->load(std::memory_order_relaxed)) {
            why = Outcome::interrupted;
            return true;
        }
        if (limits_.memory_limit_bytes && bytes.first + bytes.second > limits_.memory_limit_bytes) {
            why = Outcome::memory_limit;
            return true;
        }
        if (limits_.time_limit_s > 0 && seconds() > limits_.time_limit_s) {
            why = Outcome::time_limit;
            return true;
        }
        return false;
    }

    double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }
    const Limits& limits() const { return limits_; }

private:
    const Limits limits_;
    const uint64_t interval_;
    const Clock::time_point start_;
};

}  // namespace hdasoko::search
