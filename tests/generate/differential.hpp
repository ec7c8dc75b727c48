// tests/generate/differential: every search of the engine against the
// reference BFS on one level. Optimal searches must return BFS's push count
// (or prove the level unsolvable exactly when BFS does); any-solution
// searches must return a solution no shorter, or the same proof; every
// solution must replay in the independent verifier with the pushes the
// search reported. Returns one line per disagreement, none when all agree.
//
// Searches (`Coverage::full`):
//   astar and hda (1, 2, 3, 8 workers), each heuristic (simple, matching,
//     pdb, pdb-static), PI-corral pruning on and off;
//   astar's weighted and greedy orders, each heuristic;
//   reverse in every order;
//   bidirectional in every order, its A* with 1, 2 and 3 threads and each
//     heuristic, PI-corral on and off;
//   every portfolio member alone (optimal members in optimal mode, the others
//     in any mode) and the default portfolios of both modes, 3 threads.
// `Coverage::rotating` runs the same kinds but one heuristic and one worker
// count per level, chosen by `salt`, so that a few hundred levels still see
// every configuration many times (ctest's share).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "level/level.hpp"
#include "push_bfs.hpp"

namespace hdasoko::generate {

enum class Coverage { full, rotating };

struct DifferentialCount {
    uint64_t searches = 0;  // searches run and compared
};

std::vector<std::string> differential(const level::Level& level, const BfsAnswer& expected, Coverage coverage,
                                      uint64_t salt, DifferentialCount& count);

}  // namespace hdasoko::generate
