// Objectives beyond pushes, as the established solvers rank solutions:
// Metric::pushes, fewest pushes and among those fewest moves; Metric::moves,
// fewest moves and among those fewest pushes. Both are proven by one
// sequential A* over states with the exact player cell (the push search's
// states merge every player position of an area, which loses the walk
// lengths), each edge a push costing 1 push and the walk to it plus 1 move.
// Separate from the push kernel (search/best_first.hpp): it is the
// reference for move counts and is meant for small and medium levels.
#pragma once

#include "search/search.hpp"

namespace hdasoko::search {

enum class Metric { pushes, moves };
const char* metric_name(Metric metric);  // "pushes" or "moves"

// Lexicographic A*: f = (primary g + h, secondary g + h) with h the matching
// bound on pushes, which bounds both the pushes and the moves left (every
// push is a move), so f never passes the cost of an optimal completion and
// the first goal popped is optimal in (primary, secondary). The bound need
// only be admissible: a state reached again more cheaply is reopened.
// Pruned: dead squares and states without a perfect matching, which no
// solution passes through whatever its cost; not PI-corrals or tunnels
// (they keep push optimality, not move optimality). Honours the limits and
// reports stats.last_f as the primary f last popped (a proven lower bound on
// the primary cost). Options used: limits, and shared_bound as a cap on the
// primary cost: when it holds B (a proven optimum, say from the push
// search), states with primary f > B are dropped, so the search finds the
// best secondary cost among solutions of primary cost B, or ends unsolvable
// when there is none.
SearchResult metric_search(const board::Board& board, const Options& options, Metric metric);

}  // namespace hdasoko::search
