// hdasoko scale: HDA* on one level for several worker counts, repeated; the
// wall time and expanded nodes (minimum, median, maximum over the repeats),
// speedup over one worker's median, search overhead (expanded with T
// / expanded with 1, in all and below the last f layer, where tie-breaking in
// the last layer does not count), load balance (max / mean expansions per worker) and
// messages, as a table, a CSV file and a gnuplot plot.
#pragma once

#include <string>
#include <vector>

#include "level/level.hpp"
#include "search/search.hpp"

namespace hdasoko::cli {

struct ScaleRequest {
    std::vector<int> threads;
    int repeats = 3;
    std::string csv_path;   // empty: none
    std::string plot_path;  // .png or .svg; empty: none
};

// Returns the exit code: 0 when every run solved the level with the same
// push count.
int run_scale(const level::Level& level, search::Options options, const ScaleRequest& request);

// Draws the plot of a CSV written by run_scale again, without searching
// (plots read results, they never rerun them). Returns the exit code.
int replot_scale(const std::string& csv_path, const std::string& plot_path, const std::string& title);

}  // namespace hdasoko::cli
