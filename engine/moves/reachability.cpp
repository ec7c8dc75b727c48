// Player reachability by depth-first flood fill over a bitset seeded with the
// boxes (a box and a visited cell both stop the fill), tracking the smallest
// cell on the way.
#include "moves/moves.hpp"

#include <bit>

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

Cell Reachability::after_push(const Reachability& parent, const uint64_t* boxes, Cell from, Cell to) {
    const uint64_t* before = parent.seen_.data();
    // The player's square joins only the area it borders (`to` holds the box).
    for (int d = 0; d < 4; ++d) {
        const Cell n = board_.neighbor(from, d);
        if (n != no_cell && n != to && !state::has_box(boxes, n) && !state::has_box(before, n))
            return compute(boxes, from);  // it opens onto squares the parent did not reach
    }
    if (state::has_box(before, to)) {
        // `to` leaves the area. Its neighbours in what is left (`from` among
        // them) must stay joined around it: through the corner between two
        // neighbours in direction order (left, up, right, down are
        // clockwise). One run of joined neighbours is one piece.
        auto kept = [&](Cell c) { return c == from || (c != no_cell && c != to && state::has_box(before, c)); };
        Cell side[4];
        bool in[4];
        for (int d = 0; d < 4; ++d) {
            side[d] = board_.neighbor(to, d);
            in[d] = side[d] != no_cell && kept(side[d]);
        }
        int pieces = 0;
        for (int d = 0; d < 4; ++d) {
            if (!in[d]) continue;
            const int p = (d + 3) & 3;  // the neighbour before it, clockwise
            if (!in[p] || !kept(board_.neighbor(side[p], d))) ++pieces;
        }
        if (pieces > 1) return compute(boxes, from);
    }
    const int words = board_.words();
    uint64_t* seen = seen_.data();
    for (int w = 0; w < words; ++w) seen[w] = before[w];
    state::clear_box(seen, to);
    state::set_box(seen, from);
    for (int w = 0; w < words; ++w)
        if (seen[w]) return static_cast<Cell>(w * 64 + std::countr_zero(seen[w]));
    return from;  // not reached: `from` is in the area
}

}  // namespace hdasoko::moves
