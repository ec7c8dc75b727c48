// The verify subcommand: replays a given solution (LURD text or a file of it,
// plain or run-length encoded) on one level, or, without one, every solution
// section stored in the file (SOK), through the independent verifier.
#pragma once

#include <string>
#include <vector>

#include "level/level.hpp"

namespace hdasoko::cli {

// `level`: 1-based number, or 0 for every level (stored solutions only).
// Returns the exit code: 0 all valid, 10 one rejected, 30 nothing to check.
int run_verify(const std::vector<level::Level>& collection, const std::string& file, const std::string& solution,
               int level);

}  // namespace hdasoko::cli
