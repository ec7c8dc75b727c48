// Feature computation for FESS; see features.hpp. One pass over the goals in
// packing order and one flood fill over the free squares per state.
#include "fess/features.hpp"

#include <algorithm>

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

Features::Features(const board::Board& board, const plan::PackingOrder& order, Key key, plan::OutOfPlan out_of_plan)
    : board_(board),
      progress_(board, order, out_of_plan),
      key_(key),
      rooms_(board),
      seen_(board.words()),
      stack_(board.cells() + 1) {}

FeatureVector Features::of(const uint64_t* boxes) { return of(boxes, count_regions(boxes)); }

FeatureVector Features::of(const uint64_t* boxes, int regions) {
    FeatureVector f;
    const plan::Packing p = progress_.of(boxes);
    f.packed = static_cast<uint8_t>(p.packed);
    f.in_plan = static_cast<uint8_t>(p.packed - p.out_of_plan);
    f.out_of_plan = static_cast<uint8_t>(std::min(p.out_of_plan, max_small));
    f.regions = static_cast<uint8_t>(std::min(regions, max_small));
    f.rooms = static_cast<uint8_t>(std::min(rooms_.obstructed(boxes), max_small));
    return f;
}

int Features::count_regions(const uint64_t* boxes) {
    const int words = board_.words();
    uint64_t* seen = seen_.data();
    for (int w = 0; w < words; ++w) seen[w] = boxes[w];
    int regions = 0;
    for (int w = 0; w < words; ++w) {
        for (;;) {
            uint64_t free_bits = ~seen[w];
            if (w == words - 1 && (board_.cells() & 63)) free_bits &= (uint64_t{1} << (board_.cells() & 63)) - 1;
            if (!free_bits) break;
            const Cell start = static_cast<Cell>(w * 64 + __builtin_ctzll(free_bits));
            ++regions;
            int top = 0;
            stack_[top++] = start;
            state::set_box(seen, start);
            while (top) {
                const Cell c = stack_[--top];
                for (int d = 0; d < 4; ++d) {
                    const Cell n = board_.neighbor(c, d);
                    if (n == no_cell || state::has_box(seen, n)) continue;
                    state::set_box(seen, n);
                    stack_[top++] = n;
                }
            }
        }
    }
    return regions;
}

}  // namespace hdasoko::fess
