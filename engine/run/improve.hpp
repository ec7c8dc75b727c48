// Better answers after the first one: the default's moves pass (the fewest
// moves among push-optimal solutions) and --improve in --mode any (shorter
// solutions while time is left). A candidate replaces the answer only when
// the independent verifier accepts it and it is better in (pushes, moves).
#pragma once

#include <functional>

#include "board/board.hpp"
#include "run/solve.hpp"

namespace hdasoko::run {

// Plan::minimize_moves: replaces the solution when the metric search capped
// at its pushes proves one with as many pushes and fewer or equal moves.
void minimize_moves(const board::Board& board, const level::Level& level, const search::Options& options,
                    Solved& out);

// Plan::improve, after a verified any-mode answer: weighted A* (f = g + 3h,
// then g + 2h), then HDA* pruned by the best pushes so far (a solution it
// finds has fewer pushes; ending without one proves the answer
// push-optimal), then the moves pass; each stage on the time left of the
// level's limit (none: each runs to its end or its node or memory limit).
// `better` is called with each improvement, after it is verified.
void improve(const board::Board& board, const level::Level& level, const search::Options& options, Solved& out,
             const std::function<void(const Solved&, const char* by)>& better);

}  // namespace hdasoko::run
