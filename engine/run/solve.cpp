// The solve pipeline: every solution leaves here only after the independent
// verifier replayed it on the parsed level.
#include "run/solve.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "board/board.hpp"
#include "run/improve.hpp"
#include "memory/budget.hpp"
#include "run/memory_watch.hpp"
#include "search/lower_bound.hpp"
#include "run/signals.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

namespace hdasoko::run {

namespace {
double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}
}  // namespace

search::Outcome Solved::outcome() const {
    // A solution that was to be proven optimal and was not: the limit's code.
    return result.outcome == search::Outcome::solved && want_optimal && !optimal ? unproven : result.outcome;
}

int Solved::exit_code() const {
    if (!error.empty()) return exit_internal;
    switch (outcome()) {
        case search::Outcome::solved: return exit_solved;
        case search::Outcome::unsolvable: return exit_unsolvable;
        case search::Outcome::time_limit: return exit_time_limit;
        case search::Outcome::memory_limit: return exit_memory_limit;
        case search::Outcome::node_limit: return exit_node_limit;
        case search::Outcome::interrupted: return signals::interrupted_exit_code();
        case search::Outcome::bound_proven: return exit_internal;  // portfolio members only
    }
    return exit_internal;
}

namespace {

// The searches' own memory budget under a watched process limit: the
// level's share less its part of what the process holds now (the program,
// the board, the PDB, the allocator's pages) and what each worker holds
// beside the counted tables. At least 1 byte: 0 would mean no limit.
uint64_t search_budget(const search::Options& options, const Plan& plan) {
    const uint64_t share = options.limits.memory_limit_bytes;
    if (!plan.memory_limit_bytes || !share) return share;
    const double held = static_cast<double>(resident_bytes()) * share / plan.memory_limit_bytes;
    const double workers = static_cast<double>(std::max(1, options.threads)) * search::worker_fixed_bytes(options);
    return static_cast<uint64_t>(std::max(1.0, static_cast<double>(share) - held - workers));
}

// The watch stopped the searches through their cancel flag: that is the
// memory limit, not an interruption.
void watch_tripped(Solved& out) {
    auto retag = [](search::Outcome& o) {
        if (o == search::Outcome::interrupted) o = search::Outcome::memory_limit;
    };
    retag(out.result.outcome);
    retag(out.unproven);
    for (portfolio::MemberReport& m : out.members) retag(m.outcome);
}

}  // namespace

Solved solve_level_unguarded(const level::Level& level, const search::Options& given, const Plan& plan);

Solved solve_level(const level::Level& level, const search::Options& given, const Plan& plan) {
    // A level ends as a row whatever happens in it, so that a collection
    // run goes on to the next: memory the budget or the system refused
    // anywhere outside the searches' own guards (tables, the moves pass, a
    // thread that cannot start) is the memory limit; anything else is an
    // internal error with its message.
    memory::take_skipped();
    try {
        Solved out = solve_level_unguarded(level, given, plan);
        out.tables_skipped = memory::take_skipped();
        return out;
    } catch (const std::bad_alloc&) {
        Solved out;
        out.level = &level;
        out.want_optimal = plan.mode == portfolio::Mode::optimal;
        out.result.outcome = search::Outcome::memory_limit;
        return out;
    } catch (const std::exception& e) {
        Solved out;
        out.level = &level;
        out.error = e.what();
        return out;
    }
}

Solved solve_level_unguarded(const level::Level& level, const search::Options& given, const Plan& plan) {
    Solved out;
    out.level = &level;
    MemoryWatch watch(plan.memory_limit_bytes, given.limits.cancel);
    search::Options options = given;
    options.limits.cancel = watch.cancel();
    auto t = std::chrono::steady_clock::now();
    board::Board board(level);
    out.phases.analyze_s = since(t);

    search::Options with_pdb = options;
    if (search::uses_pdb(options.heuristic) && !options.pdb) {
        t = std::chrono::steady_clock::now();
        with_pdb.pdb = search::pdb_table(board, options);
        out.phases.pdb_s = since(t);
    }
    options.limits.memory_limit_bytes = with_pdb.limits.memory_limit_bytes = search_budget(options, plan);

    t = std::chrono::steady_clock::now();
    if (plan.search == run::Algorithm::portfolio) {
        out.want_optimal = plan.mode == portfolio::Mode::optimal;
        std::string error;
        auto members = portfolio::portfolio_members(plan.portfolio, plan.mode, with_pdb, options.threads, error);
        if (members.empty()) throw std::invalid_argument(error);
        portfolio::PortfolioResult race;
        try {
            race = portfolio::race(board, std::move(members), plan.mode, options.limits);
        } catch (const std::bad_alloc&) {  // the race's own tables; its members report their own
            race.result.outcome = search::Outcome::memory_limit;
        }
        out.result = std::move(race.result);
        out.optimal = race.optimal;
        if (race.winner >= 0) out.winner = race.members[race.winner].name;
        for (const auto& m : race.members)
            if (m.optimal && out.unproven == search::Outcome::solved) out.unproven = m.outcome;
        if (out.unproven == search::Outcome::solved) out.unproven = search::Outcome::time_limit;
        out.members = std::move(race.members);
        out.lower_bound = race.lower_bound;
    } else if (plan.search == run::Algorithm::metric) {
        out.result = search::metric_search(board, with_pdb, plan.metric);
        out.optimal = true;
        out.proven = plan.metric == search::Metric::pushes ? "optimal in pushes, then moves"
                                                           : "optimal in moves, then pushes";
        // search::Metric::pushes proves a bound on pushes (its primary cost);
        // the moves metric's f is on moves, so on pushes only the start's h.
        const search::SearchStats& st = out.result.stats;
        const bool by_pushes = plan.metric == search::Metric::pushes;
        if (out.result.outcome == search::Outcome::unsolvable) out.lower_bound = -1;
        else if (!by_pushes) out.lower_bound = st.initial_h;
        else if (out.result.outcome == search::Outcome::solved) out.lower_bound = out.result.pushes.size();
        else out.lower_bound = std::max(st.initial_h, st.last_f);
    } else {
        const search::SearchFunction run = plan.search == run::Algorithm::distributed ? plan.distributed
                                           : plan.search == run::Algorithm::hda       ? search::hda
                                                                                      : search::astar;
        out.result = search::memory_guarded([&] { return run(board, with_pdb); });
        out.optimal = true;  // both prove push-optimality
        out.lower_bound = search::proven_lower_bound(run, with_pdb, out.result);
    }
    if (out.lower_bound == search::no_solution) out.lower_bound = -1;
    out.phases.search_s = since(t);
    if (watch.tripped()) watch_tripped(out);
    if (out.result.outcome != search::Outcome::solved) return out;

    t = std::chrono::steady_clock::now();
    try {
        out.lurd = solution::to_lurd(board, out.result.pushes);
    } catch (const std::logic_error& e) {
        out.error = e.what();
        return out;
    }
    out.phases.reconstruct_s = since(t);

    t = std::chrono::steady_clock::now();
    solution::Verdict verdict = solution::verify(level, out.lurd);
    out.phases.verify_s = since(t);
    if (!verdict.ok) {
        out.error = "the verifier rejected the solution: " + verdict.error;
        out.lurd.clear();
        return out;
    }
    if (verdict.pushes != static_cast<int>(out.result.pushes.size())) {
        out.error = "the verifier counted " + std::to_string(verdict.pushes) + " pushes, the search " +
                    std::to_string(out.result.pushes.size());
        out.lurd.clear();
        return out;
    }
    out.verified = true;
    out.pushes = verdict.pushes;
    out.moves = verdict.moves;
    if (plan.minimize_moves && out.optimal) {
        t = std::chrono::steady_clock::now();
        minimize_moves(board, level, options, out);
        out.phases.moves_s = since(t);
    }
    if (plan.improve && plan.mode == portfolio::Mode::any && out.result.outcome == search::Outcome::solved)
        improve(board, level, options, out, plan.improved ? plan.improved : [](const Solved&, const char*) {});
    if (watch.tripped()) watch_tripped(out);
    return out;
}

}  // namespace hdasoko::run
