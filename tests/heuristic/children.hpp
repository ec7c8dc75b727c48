// The children of a state, each scored incrementally from its parent: for
// the tests that hold the incremental bound against a fresh one or BFS.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "heuristic/heuristic.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"

namespace hdasoko::testing {

// The pushes from `boxes` (the player's region `area`, its normalized cell
// `normal`). For each one onto a live square: visit(child boxes, the child's
// normalized player, the push, its bound scored by `incremental` from this
// parent).
template <class Visit>
std::vector<moves::Push> scored_children(const board::Board& board, const std::vector<uint64_t>& boxes,
                                         const moves::Reachability& area, board::Cell normal,
                                         heuristic::Heuristic& incremental, Visit&& visit) {
    std::vector<moves::Push> pushes;
    moves::for_each_push(board, boxes.data(), area, [&](const moves::Push& push) { pushes.push_back(push); });
    incremental.set_parent(boxes.data(), normal);
    for (const moves::Push& push : pushes) {
        const board::Cell to = board.neighbor(push.box, push.dir);
        if (board.is_dead(to)) continue;
        std::vector<uint64_t> child = boxes;
        state::clear_box(child.data(), push.box);
        state::set_box(child.data(), to);
        moves::Reachability child_area(board);
        const board::Cell child_player = child_area.compute(child.data(), push.box);
        visit(child, child_player, push, incremental.evaluate_push(push.box, to, child_player));
    }
    return pushes;
}

}  // namespace hdasoko::testing
