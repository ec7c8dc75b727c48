// The solve pipeline shared by the subcommands: parse -> analyze -> search
// -> reconstruct -> verify, with the time of each phase, and the exit-code
// bands of the command.
#pragma once

#include <functional>
#include <string>

#include "level/level.hpp"
#include "portfolio/portfolio.hpp"
#include "run/options.hpp"
#include "search/metric.hpp"
#include "search/search.hpp"

namespace hdasoko::run {

// Exit codes in documented bands (README "Exit codes").
enum Exit : int {
    exit_solved = 0,
    exit_unsolvable = 10,
    exit_time_limit = 20,
    exit_memory_limit = 21,
    exit_node_limit = 22,
    exit_interrupted = 23,  // SIGINT
    exit_terminated = 24,   // SIGTERM or SIGHUP
    exit_bad_input = 30,
    exit_internal = 40,
};

struct Phases {
    double analyze_s = 0, pdb_s = 0, search_s = 0, reconstruct_s = 0, verify_s = 0;
    double moves_s = 0;  // the default's second pass: fewest moves among push-optimal solutions
    double improve_s = 0;  // --improve: the searches for shorter solutions
    double total() const { return analyze_s + pdb_s + search_s + reconstruct_s + verify_s + moves_s + improve_s; }
};

struct Solved;

// How to search: one search, or a portfolio race.
struct Plan {
    run::Algorithm search = run::Algorithm::hda;
    search::SearchFunction distributed = nullptr;  // HDA* over MPI ranks (engine/mpi), under mpirun
    search::Metric metric = search::Metric::pushes;  // when search == metric
    // After a proven push optimum, try to prove the fewest moves among the
    // push-optimal solutions (search/metric capped at the optimum) within a
    // budget: max(100,000, the search's expansions) nodes and the time left.
    bool minimize_moves = false;
    // --improve, in Mode::any: after the first solution, shorter ones while
    // time is left (run/improve.hpp); `improved` hears of each, verified.
    bool improve = false;
    std::function<void(const Solved&, const char* by)> improved;
    std::string portfolio = "default";  // members, when search == portfolio
    portfolio::Mode mode = portfolio::Mode::optimal;
    // The whole process's resident memory (--memory-limit), held by a watch
    // (run/memory_watch) while a level is solved; 0: not watched.
    uint64_t memory_limit_bytes = 0;
};

struct Solved {
    const level::Level* level = nullptr;
    search::SearchResult result;
    bool want_optimal = true;  // the plan asked for a push-optimal solution
    bool optimal = false;      // the verified solution is proven optimal in `proven`
    std::string proven = "push-optimal";  // or "optimal in pushes, then moves", "... moves, then pushes"
    // When a solution is not proven optimal though asked to be: why not.
    search::Outcome unproven = search::Outcome::solved;
    std::string winner;                         // portfolio: the member that answered
    std::vector<portfolio::MemberReport> members;  // portfolio: every member
    std::string lurd;       // verified solution when result.outcome == solved
    int pushes = -1;
    int moves = -1;
    // Proven: no solution has fewer pushes (search/lower_bound.hpp); equals
    // pushes when optimal; -1 when the level is proven unsolvable.
    long lower_bound = 0;
    bool verified = false;
    std::string error;      // internal error (rejected solution), else empty
    // Optional tables skipped for want of memory (memory::take_skipped):
    // the bound fell back to a weaker one. With --jobs, those of the levels
    // solved meanwhile too.
    std::string tables_skipped;
    Phases phases;
    // What ended the run: solved only when the answer is what was asked for
    // (a proven optimum in optimal mode); else the limit that stopped it,
    // though a verified solution may be there (anytime answer).
    search::Outcome outcome() const;
    int exit_code() const;
};

// A PDB heuristic's database is built here (phase pdb) unless options holds one.
Solved solve_level(const level::Level& level, const search::Options& options, const Plan& plan);

}  // namespace hdasoko::run
