// Progress along the packing order (packing_order.hpp): how many boxes stand
// on goals, and how many of those are out of plan. FESS's packing feature
// counts the boxes packed "according to the packing order" (Shoham and
// Schaeffer, IEEE CoG 2020, sec. 3): the boxes packed in plan are the packed
// ones less those out of plan. A box on a goal is out of plan when the
// order fills that goal while one it fills earlier is still empty, and
//   OutOfPlan::on_way_in: it stands on the way in of such an earlier empty
//     goal (PackingOrder::path: the squares its box and the player used when
//     it was pulled out), so it blocks a goal still to fill. A box ahead of
//     the order but off every such way is no obstacle and counts as in
//     plan: in a goal room filled from two sides, the order fills one side
//     first, and a box packed on the other blocks nothing;
//   OutOfPlan::ahead: always.
// Read by fess's features (fess/features.hpp) and by the forward search's
// tie-break (search::TieBreak::plan). Holds scratch space: one per search.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "plan/packing_order.hpp"

namespace hdasoko::plan {

enum class OutOfPlan { on_way_in, ahead };

struct Packing {
    int packed = 0;       // boxes on goals
    int out_of_plan = 0;  // of those, the ones out of plan
};

class Progress {
public:
    Progress(const board::Board& board, const PackingOrder& order, OutOfPlan out_of_plan = OutOfPlan::on_way_in);

    // One pass over the goals in packing order.
    Packing of(const uint64_t* boxes);
    // Boxes on goals placed in plan (packed and not out of plan).
    int in_plan(const uint64_t* boxes) {
        const Packing p = of(boxes);
        return p.packed - p.out_of_plan;
    }
    // The first goal of the packing order without a box, or no_cell.
    board::Cell next_goal(const uint64_t* boxes) const;

private:
    const PackingOrder& order_;
    const int words_;
    const OutOfPlan out_of_plan_;
    std::vector<uint64_t> blocked_;
};

}  // namespace hdasoko::plan
