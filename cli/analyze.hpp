// hdasoko analyze: the static analysis of levels as the solver sees it. Dead
// squares and the goal zone, maze zone and entrance drawn on the board, the
// pattern database's size and build time, and the initial lower bound under
// each heuristic. One level prints pictures; several print a table row each;
// --csv writes the rows to a file for perf/.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "level/level.hpp"

namespace hdasoko::cli {

// Returns the exit code (0; the analysis itself cannot fail).
// With `fives`, the PDB bound with the patterns of five too (searched per
// level: up to tens of seconds on XSokoban's big mazes).
int run_analyze(const std::vector<const level::Level*>& levels, bool single, const std::string& csv_path,
                bool fives = false);

}  // namespace hdasoko::cli
