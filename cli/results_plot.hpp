// The results picture of a collection run (`solve --level all --plot`,
// `bench --plot`): one bar per level, its height the level's time (all
// phases) on a log scale, its colour the result: proven (push-optimal, or
// proven unsolvable), solved (a verified solution, not proven optimal),
// unsolved (a limit or signal stopped it without a solution). Written as
// SVG directly (no gnuplot); each bar's <title> names the level, result,
// pushes and time.
#pragma once

#include <string>
#include <vector>

#include "run/solve.hpp"

namespace hdasoko::cli {

enum class LevelResult { proven, solved, unsolved };
LevelResult level_result(const run::Solved& s);

// Writes the picture to `path` (SVG); false when the file cannot be written.
bool write_results_svg(const std::string& path, const std::vector<run::Solved>& levels, const std::string& title);

}  // namespace hdasoko::cli
