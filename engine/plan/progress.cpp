// Progress along the packing order; see progress.hpp.
#include "plan/progress.hpp"

#include <algorithm>

#include "state/state.hpp"

namespace hdasoko::plan {

using board::Cell;
using board::no_cell;

Progress::Progress(const board::Board& board, const PackingOrder& order, OutOfPlan out_of_plan)
    : order_(order), words_(board.words()), out_of_plan_(out_of_plan), blocked_(board.words()) {}

Packing Progress::of(const uint64_t* boxes) {
    // blocked_: the squares the ways in of the empty goals met so far use
    // (PackingOrder::path); a box on a later goal is out of plan only on one
    // of them.
    bool gap = false;
    Packing p;
    for (Cell g : order_.order()) {
        if (state::has_box(boxes, g)) {
            ++p.packed;
            if (gap) p.out_of_plan += out_of_plan_ == OutOfPlan::ahead || state::has_box(blocked_.data(), g);
        } else {
            if (out_of_plan_ == OutOfPlan::on_way_in) {
                if (!gap) std::fill(blocked_.begin(), blocked_.end(), 0);
                const uint64_t* path = order_.path(g);
                for (int w = 0; w < words_; ++w) blocked_[w] |= path[w];
            }
            gap = true;
        }
    }
    return p;
}

Cell Progress::next_goal(const uint64_t* boxes) const {
    for (Cell g : order_.order())
        if (!state::has_box(boxes, g)) return g;
    return no_cell;
}

}  // namespace hdasoko::plan
