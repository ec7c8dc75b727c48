// Out-of-line helpers of packed states.
#include "state/state.hpp"

namespace hdasoko::state {

void initial_boxes(const board::Board& b, uint64_t* boxes) {
    std::memset(boxes, 0, sizeof(uint64_t) * b.words());
    for (Cell c : b.initial_boxes()) set_box(boxes, c);
}

bool is_solved(const board::Board& b, const uint64_t* boxes) {
    bool solved = true;
    for_each_box(boxes, b.words(), [&](Cell c) { solved &= b.is_goal(c); });
    return solved;
}

}  // namespace hdasoko::state
