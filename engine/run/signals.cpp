// Stop signals. The handler only stores to lock-free atomics and, on the
// second signal, restores the default action and raises the signal again:
// both async-signal-safe. It may run on any thread; the searches poll the
// flag at their limit checks.
#include "run/signals.hpp"

#include <csignal>
#include <cstdint>
#include <ctime>

#include "run/solve.hpp"

namespace hdasoko::run::signals {

namespace {

std::atomic<bool> stop{false};
std::atomic<int> first_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free &&
              std::atomic<int64_t>::is_always_lock_free);

// When the first stop signal came (CLOCK_MONOTONIC, ns). timeout(1) sends its
// signal to the command and then to the command's process group, so one
// `timeout` delivers the same signal twice within microseconds: a repeat
// within `echo_ns` is that echo, not a second request.
std::atomic<int64_t> first_at_ns{0};
constexpr int64_t echo_ns = 100'000'000;

int64_t now_ns() {
    timespec t{};
    clock_gettime(CLOCK_MONOTONIC, &t);  // async-signal-safe
    return int64_t{t.tv_sec} * 1'000'000'000 + t.tv_nsec;
}

extern "C" void on_stop_signal(int sig) {
    int none = 0;
    // relaxed: the flag is a request to stop, read by polling; nothing else
    // is published through it.
    if (!first_signal.compare_exchange_strong(none, sig, std::memory_order_relaxed)) {
        if (now_ns() - first_at_ns.load(std::memory_order_relaxed) < echo_ns) return;  // timeout's echo
        // The second stop signal: end now, as that signal would have.
        std::signal(sig, SIG_DFL);
        std::raise(sig);
        return;
    }
    first_at_ns.store(now_ns(), std::memory_order_relaxed);
    stop.store(true, std::memory_order_relaxed);
}

}  // namespace

void install() {
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) sigaction(sig, &action, nullptr);
}

const std::atomic<bool>& stop_flag() { return stop; }

int stop_signal() { return first_signal.load(std::memory_order_relaxed); }

const char* signal_name(int sig) {
    return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "signal";
}

int interrupted_exit_code() {
    const int sig = stop_signal();
    return sig == SIGTERM || sig == SIGHUP ? exit_terminated : exit_interrupted;
}

}  // namespace hdasoko::run::signals
