// cli/collection: levels in turn or --jobs at a time. Levels run as oneTBB
// tasks in an arena of `jobs` threads; each search starts its own workers
// (HDA*, portfolio members) inside its task, so a task blocks its arena
// thread for the level's whole search, which is what is wanted: `jobs`
// levels at once. Levels are taken in order from a shared counter; results
// are handed on in level order: the finished level that completes the prefix
// hands on every finished one after it.
#include "collection.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <iostream>
#include <mutex>
#include <optional>

#include <oneapi/tbb/global_control.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "report.hpp"

namespace hdasoko::cli {

Progress::Progress(int levels, bool enabled)
    : levels_(levels), enabled_(enabled), live_(enabled && isatty(2)), start_(std::chrono::steady_clock::now()) {}

void Progress::started(int number) {
    ++running_;
    latest_ = number;
    if (live_) draw();
}

void Progress::finished(const run::Solved& s) {
    --running_;
    ++done_;
    solved_ += s.verified;
    if (!enabled_) return;
    if (live_) return draw();
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::cerr << "[" << done_ << "/" << levels_ << "] level " << s.level->number << " "
              << search::outcome_name(s.outcome()) << ", " << solved_ << " solved, " << fixed(elapsed, 1)
              << " s elapsed\n";
}

void Progress::clear() {
    if (live_) std::cerr << "\r\033[K" << std::flush;
}

void Progress::draw() {
    if (!live_) return;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    std::cerr << "\r\033[Klevel " << latest_ << ": " << done_ << "/" << levels_ << " done, " << running_
              << " running, " << solved_
              << " solved, " << fixed(elapsed, 1) << " s elapsed";
    if (done_ > 0 && done_ < levels_)
        std::cerr << ", about " << fixed(elapsed / done_ * (levels_ - done_), 0) << " s to go";
    std::cerr << std::flush;
}

void Progress::end() {
    if (live_) std::cerr << "\r\033[K" << std::flush;
}

std::vector<run::Solved> solve_collection(const std::vector<const level::Level*>& levels,
                                          const search::Options& options, const run::Plan& plan, int jobs, bool keep,
                                          Progress& progress, const std::function<void(const run::Solved&)>& done) {
    const size_t n = levels.size();
    jobs = std::max(1, std::min<int>(jobs, static_cast<int>(n)));
    search::Options share = options;
    share.threads = std::max(1, options.threads / jobs);
    share.limits.memory_limit_bytes = options.limits.memory_limit_bytes / jobs;
    if (jobs > 1) share.on_layer = nullptr;  // layers of several levels would interleave

    std::mutex mutex;  // guards everything below, and the output
    std::vector<std::optional<run::Solved>> finished(n);
    std::vector<run::Solved> out;
    size_t handed = 0;  // levels handed on to `done`, in order
    bool stopped = false;  // a level was interrupted: no more start, none after it is handed on
    auto run = [&](size_t i) {
        {
            std::lock_guard<std::mutex> lock(mutex);
            if (stopped || (options.limits.cancel && options.limits.cancel->load(std::memory_order_relaxed))) return;
            progress.started(levels[i]->number);
        }
        run::Solved s = solve_level(*levels[i], share, plan);
        std::lock_guard<std::mutex> lock(mutex);
        progress.clear();
        progress.finished(s);
        finished[i] = std::move(s);
        while (!stopped && handed < n && finished[handed]) {
            std::optional<run::Solved>& next = finished[handed++];
            done(*next);
            if (next->outcome() == search::Outcome::interrupted) stopped = true;
            if (keep) out.push_back(std::move(*next));
            next.reset();
        }
        progress.draw();
    };
    if (jobs == 1) {
        for (size_t i = 0; i < n && !stopped; ++i) run(i);
    } else {
        // `jobs` tasks, each taking the next level in order, so rows stream
        // out in order instead of waiting for a stolen half of the range.
        // The global control lets the arena have `jobs` threads even past the
        // number of cores (the searches themselves decide the CPU use).
        oneapi::tbb::global_control width(oneapi::tbb::global_control::max_allowed_parallelism, jobs);
        oneapi::tbb::task_arena arena(jobs);
        std::atomic<size_t> next{0};
        arena.execute([&] {
            oneapi::tbb::parallel_for(
                0, jobs,
                [&](int) {
                    for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < n;) run(i);
                },
                oneapi::tbb::simple_partitioner());
        });
    }
    progress.end();
    return out;
}

}  // namespace hdasoko::cli
