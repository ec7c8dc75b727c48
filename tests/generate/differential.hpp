// tests/generate/differential: every search of the engine against the
// reference BFS on one level. Optimal searches must return BFS's push count
// (or prove the level unsolvable exactly when BFS does); any-solution
// searches must return a solution no shorter, or the same proof; every
// solution must replay in the independent verifier with the pushes the
// search reported. Disagreements come back as lines of text, none when all
// agree.
//
// The configurations (configs()):
//   astar and hda (1, 2, 3, 8 workers), each heuristic (simple, matching,
//     pdb, pdb-static), PI-corral pruning on and off;
//   bidirectional A* with 1, 2 and 3 threads, each heuristic, PI-corral on
//     and off;
//   astar and hda (2 workers) with penalty patterns on, each heuristic,
//     the cluster deadlock search on and off;
//   astar (PI-corral on and off, deadlock search off), hda (2, 3 workers)
//     and greedy astar with tunnel macros on and off, each heuristic;
//   astar's weighted and greedy orders, each heuristic;
//   reverse in every order; bidirectional weighted and greedy;
//   every portfolio member alone (optimal members in optimal mode, the others
//     in any mode) and the default portfolios of both modes, 3 threads.
// `Coverage::rotating` runs every A* configuration and a share of each other
// family per level, chosen by `salt`, so that a few hundred levels still see
// every configuration many times (ctest's share).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "push_bfs.hpp"
#include "search/search.hpp"

namespace hdasoko::generate {

struct Answer {
    search::SearchResult result;
    bool proven_optimal = false;  // the search says its solution is push-optimal
};

struct Config {
    std::string name;
    int family = 0;        // configurations rotated together
    int stride = 1;        // rotating coverage runs one in `stride` of the family per level
    bool optimal = false;  // its solutions must be push-optimal
    std::function<Answer(const board::Board&, const search::Options&)> run;  // with these base options
};

const std::vector<Config>& configs();

// Judges `answer` of configs()[index] against `expected`; a too_large
// expectation checks only that a solution verifies. With `limits_allowed`,
// a search stopped by a limit is no disagreement.
std::vector<std::string> judge(const level::Level& level, const board::Board& board, const BfsAnswer& expected,
                               const Config& config, const Answer& answer, bool limits_allowed);

enum class Coverage { full, rotating };

struct DifferentialCount {
    uint64_t searches = 0;                   // searches run and compared
    uint64_t tunnel_macros = 0;              // moves made by tunnel macros in them
    uint64_t levels_with_tunnel_macros = 0;  // levels where some search made one
    std::vector<double> seconds;             // wall time per configuration (configs() index)
};

// The n configurations (configs() index into `seconds`) that took the most
// wall time, slowest first: seconds and name.
std::vector<std::pair<double, std::string>> slowest(const std::vector<double>& seconds, size_t n);

// Runs the configurations (all or a rotating share) without limits and
// judges each; nothing when expected is too_large.
std::vector<std::string> differential(const level::Level& level, const BfsAnswer& expected, Coverage coverage,
                                      uint64_t salt, DifferentialCount& count);

}  // namespace hdasoko::generate
