// The lower bound a finished or stopped search proves: no solution of the
// level has fewer pushes. Anytime answers report it beside the best solution
// found, so it must never be more than the optimum; each rule below says why
// it holds, and tests/search/lower_bound_test.cpp checks it against BFS.
#pragma once

#include <cstdint>

#include "search/portfolio.hpp"
#include "search/search.hpp"

namespace hdasoko::search {

constexpr uint32_t no_solution = 0xFFFFFFFF;  // proven unsolvable: every bound holds

// What `result` of `search` run with `options` proves:
//   solved by an A*-ordered search: its length (it is optimal);
//   bound_proven: the shared bound it proved (stats.last_f);
//   unsolvable: no_solution;
//   stopped by a limit: the f of the last layer the search started, when
//   that f was the minimum over every open node (sequential A*, forward or
//   reverse, and HDA* with one worker: each node it pops has the least f in
//   open, and some open node lies on an optimal path with its optimal g, so
//   each popped f is at most the optimum, admissible h suffices); else the
//   start's h. HDA* with several workers pops per-worker minima (one worker
//   may run ahead while another, or a batch in flight, holds a lower f), and
//   the bidirectional search's sides stop apart, so theirs is the start's h.
// Any-solution orders (weighted, greedy) prove the start's h only.
uint32_t proven_lower_bound(SearchFunction search, const Options& options, const SearchResult& result);

}  // namespace hdasoko::search
