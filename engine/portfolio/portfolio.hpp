// Portfolio races: several searches on one thread budget, first proven
// answer wins and the rest are cancelled. A member is a search function with
// its options (heuristic, thread share) and whether its solutions are proven
// push-optimal. Any member's solution lowers a shared upper bound that the
// optimal members prune with (f >= bound), so in optimal mode a quick
// non-optimal answer shortens the proof, and an optimal member that proves
// the bound (Outcome::bound_proven) makes that answer the optimal one.
//
// Winning answers:
//   optimal mode: an optimal member's solution; an optimal member's proof of
//                 the shared bound (the best solution so far wins); a proof
//                 that the level has no solution;
//   any mode:     the first solution, or a proof that there is none.
#pragma once

#include <atomic>
#include <string>
#include <vector>

#include "search/search.hpp"

namespace hdasoko::portfolio {

enum class Mode { optimal, any };

struct Member {
    std::string name;
    search::SearchFunction search;
    search::Options options;  // limits and shared bound are set by the race
    bool optimal = false;  // its solutions are push-optimal
    // Runs beside the thread budget for part of the time limit (a tenth in
    // optimal mode, a third in any mode), with the tenth of the memory (see
    // race()): a member marked so (reverse-early,
    // reverse-greedy-early), and in optimal mode every non-optimal one. In
    // any mode, when the members' threads outnumber the machine's, it takes
    // turns on one core with the first member that runs on one thread
    // (concurrent/turns.hpp) instead.
    bool early = false;
    // Improves the answers of the others instead of searching (search is
    // null): waits for the first solution, then runs vicinity searches
    // around the best one (search/vicinity.hpp); each shorter solution it
    // finds becomes the best and lowers the shared bound at once, so that a
    // prover whose lower bound meets it ends with a proof. Never optimal:
    // it proves nothing itself.
    bool improver = false;
};

struct MemberReport {
    std::string name;
    int threads = 1;
    bool optimal = false;    // its solutions are push-optimal
    search::Outcome outcome = search::Outcome::interrupted;
    bool cancelled = false;  // stopped by the race, not by its own end
    size_t pushes = 0;       // of its solution, when solved
    uint32_t lower_bound = 0;  // what it proved (search/lower_bound.hpp)
    double seconds = 0;      // from the start of the race to its end
    search::SearchStats stats;
};

struct PortfolioResult {
    search::SearchResult result;  // the winning answer (pushes from the winner)
    int winner = -1;           // index into members; -1: no member answered
    bool optimal = false;      // result.pushes is proven push-optimal
    // The best any member proved: no solution is shorter (no_solution when
    // one proved there is none); at most result.pushes.size() when solved.
    uint32_t lower_bound = 0;
    std::vector<MemberReport> members;
    long turn_handovers = 0;  // turns handed between members sharing a core (concurrent/turns.hpp)
};

// The members named by `spec` ("default", or names separated by commas; see
// member_names()) sharing `threads` threads, with `base`'s heuristic
// settings. Sets `error` and returns none on an unknown name.
std::vector<Member> portfolio_members(const std::string& spec, Mode mode, const search::Options& base, int threads,
                                      std::string& error);
// The names portfolio_members() knows, with what each runs.
std::vector<std::pair<std::string, std::string>> member_names();

// Races the members. limits apply to each member (time, nodes, memory split
// evenly); limits.cancel stops the race as interrupted.
PortfolioResult race(const board::Board& board, std::vector<Member> members, Mode mode, const search::Limits& limits);

}  // namespace hdasoko::portfolio
