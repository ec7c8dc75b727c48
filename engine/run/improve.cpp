#include "run/improve.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "search/vicinity.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

namespace hdasoko::run {

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

namespace {

// The stages of --improve, in order, each on `share` of the level's time
// left: weighted A* is quick and often shorter than the first answer but
// may find nothing on a hard level; the vicinity searches (search/
// vicinity.hpp) around the best so far get half of what is left, so that
// the proving stage after them always runs; HDA* pruned by the best so far
// finds fewer pushes or proves there are none.
enum class Step { weighted, vicinity, prove };
struct Stage {
    const char* by;
    Step step;
    double share;
    int weight = 0;  // Step::weighted
};
constexpr Stage improve_stages[] = {
    {"weighted A* (g + 3h)", Step::weighted, 0.1, 3},
    {"weighted A* (g + 2h)", Step::weighted, 0.1, 2},
    {"vicinity search", Step::vicinity, 0.5},
    {"HDA*", Step::prove, 1.0},
};

}  // namespace

void improve(const board::Board& board, const level::Level& level, const search::Options& options, Solved& out,
             const std::function<void(const Solved&, const char* by)>& better) {
    using Clock = std::chrono::steady_clock;
    bool proven = false;
    for (const Stage& stage : improve_stages) {
        search::Options o;
        if (cancelled(options) || !time_left(options, out, o)) return;
        if (o.limits.time_limit_s > 0) o.limits.time_limit_s *= stage.share;
        const auto t = Clock::now();
        const std::atomic<uint32_t> cap{static_cast<uint32_t>(out.pushes)};
        auto adopt = [&](const search::SearchResult& r) {
            if (!adopt_if_better(board, level, r, out)) return false;
            better(out, stage.by);
            return true;
        };
        search::SearchResult r;
        switch (stage.step) {
            case Step::weighted:
                o.order = search::Order::weighted;
                o.weight = stage.weight;
                o.threads = 1;
                r = search::memory_guarded([&] { return search::astar(board, o); });
                adopt(r);
                break;
            case Step::vicinity:  // what they end with proves nothing
                o.heuristic = heuristic::Kind::pdb;
                search::improve_in_vicinity(board, o, out.result.pushes, adopt);
                break;
            case Step::prove:
                o.order = search::Order::astar;
                o.shared_bound = &cap;
                r = search::memory_guarded([&] { return search::hda(board, o); });
                adopt(r);
                proven = r.outcome == search::Outcome::bound_proven ||
                         (r.outcome == search::Outcome::solved && static_cast<int>(r.pushes.size()) == out.pushes);
                break;
        }
        out.phases.improve_s += std::chrono::duration<double>(Clock::now() - t).count();
    }
    if (!proven) return;
    out.optimal = true;
    out.proven = "push-optimal";
    out.lower_bound = out.pushes;
    // The fewest moves among the push-optimal solutions.
    const int moves = out.moves;
    const auto t = Clock::now();
    minimize_moves(board, level, options, out);
    out.phases.improve_s += std::chrono::duration<double>(Clock::now() - t).count();
    if (out.moves < moves) better(out, "moves pass");
}

}  // namespace hdasoko::run
