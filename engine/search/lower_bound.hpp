// The lower bound a finished or stopped search proves: no solution of the
// level has fewer pushes. Anytime answers report it beside the best solution
// found, so it must never be more than the optimum; each rule below says why
// it holds, and tests/search/lower_bound_test.cpp checks it against BFS.
#pragma once

#include <cstdint>

#include "search/search.hpp"

namespace hdasoko::search {

constexpr uint32_t no_solution = 0xFFFFFFFF;  // proven unsolvable: every bound holds

// What `result` of `search` run with `options` proves:
//   solved by an A*-ordered search: its length (it is optimal);
//   bound_proven: the shared bound it proved (stats.last_f);
//   unsolvable: no_solution;
//   stopped by a limit: for the searches of the kernel (search/hda.hpp:
//   sequential A* forward or reverse, HDA* with any number of workers) the
//   least f of every node left open or in flight when the workers stopped
//   (stats.open_min_f): some such node lies on an optimal path with its
//   optimal g, so its f is at most the optimum (admissible h suffices); and
//   for the sequential ones also the f of the last layer started (each node
//   they pop has the least f in open, so each popped f is at most the
//   optimum). The bidirectional search's sides stop apart, so it proves the
//   start's h.
// Any-solution orders (weighted, greedy) prove the start's h only.
uint32_t proven_lower_bound(SearchFunction search, const Options& options, const SearchResult& result);

}  // namespace hdasoko::search
