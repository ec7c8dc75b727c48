// tests/generate/push_bfs: the reference for optimal push counts. A plain
// breadth-first search over pushes, written on the level's rows with its own
// move generator and no pruning at all, gives the optimal push count (or
// proves a level unsolvable) on small levels. It shares no code with
// engine/ beyond the parsed level.
#pragma once

#include <cstddef>

#include "level/level.hpp"

namespace hdasoko::generate {

struct BfsAnswer {
    enum Kind { solved, unsolvable, too_large } kind = too_large;
    int pushes = -1;     // when solved
    size_t states = 0;   // distinct states seen
};

// too_large when more than max_states states were seen before an answer.
BfsAnswer bfs(const level::Level& level, size_t max_states);

}  // namespace hdasoko::generate
