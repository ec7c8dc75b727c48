// Player reachability by depth-first flood fill over a bitset seeded with the
// boxes (a box and a visited cell both stop the fill), tracking the smallest
// cell on the way.
#include "moves/moves.hpp"

namespace hdasoko::moves {

Reachability::Reachability(const Board& board) : board_(board), seen_(board.words()) {
    stack_.resize(board.cells() + 1);
}

Cell Reachability::compute(const uint64_t* boxes, Cell from) {
    const int words = board_.words();
    uint64_t* seen = seen_.data();
    for (int w = 0; w < words; ++w) seen[w] = boxes[w];
    Cell smallest = from;
    state::set_box(seen, from);
    Cell* stack = stack_.data();
    int top = 0;
    stack[top++] = from;
    while (top) {
        Cell c = stack[--top];
        for (int d = 0; d < 4; ++d) {
            Cell n = board_.neighbor(c, d);
            if (n == no_cell || state::has_box(seen, n)) continue;
            state::set_box(seen, n);
            if (n < smallest) smallest = n;
            stack[top++] = n;
        }
    }
    for (int w = 0; w < words; ++w) seen[w] &= ~boxes[w];  // keep the area alone
    return smallest;
}

}  // namespace hdasoko::moves
