#include "improve.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "search/vicinity.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

namespace hdasoko::cli {

namespace {

// Takes r's solution as the answer when it verifies and has fewer pushes,
// or as many and fewer moves (or_equal: no more moves). True when taken.
bool adopt_if_better(const board::Board& board, const level::Level& level, const search::SearchResult& r,
                     Solved& out, bool or_equal = false) {
    if (r.outcome != search::Outcome::solved) return false;
    if (static_cast<int>(r.pushes.size()) > out.pushes) return false;
    std::string lurd;
    try {
        lurd = solution::to_lurd(board, r.pushes);
    } catch (const std::logic_error&) {
        return false;  // keep the verified answer
    }
    const solution::Verdict v = solution::verify(level, lurd);
    if (!v.ok || v.pushes != static_cast<int>(r.pushes.size())) return false;
    if (v.pushes == out.pushes && (or_equal ? v.moves > out.moves : v.moves >= out.moves)) return false;
    out.lurd = std::move(lurd);
    out.pushes = v.pushes;
    out.moves = v.moves;
    out.result.pushes = r.pushes;
    return true;
}

// The options of a stage: the level's time limit less what it used so far.
// False when no time is left.
bool time_left(const search::Options& options, const Solved& out, search::Options& stage) {
    stage = options;
    stage.on_layer = nullptr;
    if (options.limits.time_limit_s <= 0) return true;
    stage.limits.time_limit_s = options.limits.time_limit_s - out.phases.total();
    return stage.limits.time_limit_s > 0;
}

bool cancelled(const search::Options& options) {
    return options.limits.cancel && options.limits.cancel->load(std::memory_order_relaxed);
}

}  // namespace

void minimize_moves(const board::Board& board, const level::Level& level, const search::Options& options,
                    Solved& out) {
    search::Options o;
    if (!time_left(options, out, o)) return;
    o.limits.node_limit = std::max<uint64_t>(100000, out.result.stats.expanded);
    const std::atomic<uint32_t> cap{static_cast<uint32_t>(out.pushes)};
    o.shared_bound = &cap;
    const search::SearchResult r = search::metric_search(board, o, search::Metric::pushes);
    if (static_cast<int>(r.pushes.size()) != out.pushes) return;
    if (adopt_if_better(board, level, r, out, true)) out.proven = "optimal in pushes, then moves";
}

void improve(const board::Board& board, const level::Level& level, const search::Options& options, Solved& out,
             const std::function<void(const Solved&, const char* by)>& better) {
    using Clock = std::chrono::steady_clock;
    // A stage runs for `share` of the time left.
    auto stage = [&](const char* by, double share, auto&& run) {
        search::Options o;
        if (cancelled(options) || !time_left(options, out, o)) return search::SearchResult{};
        if (o.limits.time_limit_s > 0) o.limits.time_limit_s *= share;
        const auto t = Clock::now();
        const search::SearchResult r = search::memory_guarded([&] { return run(o); });
        out.phases.improve_s += std::chrono::duration<double>(Clock::now() - t).count();
        if (adopt_if_better(board, level, r, out)) better(out, by);
        return r;
    };
    // 1. Weighted A*: quick, often shorter than the first answer; on a hard
    // level it may find nothing, so each has a tenth of the time left.
    for (int weight : {3, 2}) {
        stage(weight == 3 ? "weighted A* (g + 3h)" : "weighted A* (g + 2h)", 0.1, [&](search::Options o) {
            o.order = search::Order::weighted;
            o.weight = weight;
            o.threads = 1;
            return search::astar(board, o);
        });
    }
    // 2. Vicinity searches (search/vicinity.hpp) around the best so far, with
    // the PDB bound, in half the time left, so that the proving stage after
    // them always runs. What they end with proves nothing.
    {
        search::Options o;
        if (cancelled(options) || !time_left(options, out, o)) return;
        o.limits.time_limit_s *= 0.5;
        o.heuristic = heuristic::Kind::pdb;
        const auto t = Clock::now();
        search::improve_in_vicinity(board, o, out.result.pushes, [&](const search::SearchResult& r) {
            if (!adopt_if_better(board, level, r, out)) return false;
            better(out, "vicinity search");
            return true;
        });
        out.phases.improve_s += std::chrono::duration<double>(Clock::now() - t).count();
    }
    // 3. HDA* pruned by the best so far: fewer pushes, or the proof that there are none.
    const std::atomic<uint32_t> cap{static_cast<uint32_t>(out.pushes)};
    const search::SearchResult r = stage("HDA*", 1.0, [&](search::Options o) {
        o.order = search::Order::astar;
        o.shared_bound = &cap;
        return search::hda(board, o);
    });
    const bool proven = r.outcome == search::Outcome::bound_proven ||
                        (r.outcome == search::Outcome::solved && static_cast<int>(r.pushes.size()) == out.pushes);
    if (!proven) return;
    out.optimal = true;
    out.proven = "push-optimal";
    out.lower_bound = out.pushes;
    // 4. The fewest moves among the push-optimal solutions.
    const int moves = out.moves;
    const auto t = Clock::now();
    minimize_moves(board, level, options, out);
    out.phases.improve_s += std::chrono::duration<double>(Clock::now() - t).count();
    if (out.moves < moves) better(out, "moves pass");
}

}  // namespace hdasoko::cli
