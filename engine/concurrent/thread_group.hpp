// ThreadGroup: threads that are joined when the group ends, whatever ends
// it. A bare std::thread that is still joinable when an exception unwinds
// past it ends the process (std::terminate); with a low address-space limit
// (ulimit -v) the system may refuse a thread's stack after others have
// started, and that refusal must become a memory limit, not an abort.
#pragma once

#include <new>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace hdasoko::concurrent {

class ThreadGroup {
public:
    ThreadGroup() = default;
    ThreadGroup(const ThreadGroup&) = delete;
    ThreadGroup& operator=(const ThreadGroup&) = delete;
    ~ThreadGroup() { join(); }

    // Starts f on a new thread; false when the system cannot make one.
    template <class F>
    bool start(F&& f) {
        try {
            threads_.emplace_back(std::forward<F>(f));
            return true;
        } catch (const std::system_error&) {
            return false;
        } catch (const std::bad_alloc&) {
            return false;
        }
    }

    void join() {
        for (std::thread& t : threads_)
            if (t.joinable()) t.join();
        threads_.clear();
    }

private:
    std::vector<std::thread> threads_;
};

}  // namespace hdasoko::concurrent
