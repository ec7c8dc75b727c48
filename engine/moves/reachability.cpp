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
    state::set_box(seen, from);
    fill(from);
    for (int w = 0; w < words; ++w) seen[w] &= ~boxes[w];  // keep the area alone
    return smallest();
}

void Reachability::fill(Cell from) {
    uint64_t* seen = seen_.data();
    Cell* stack = stack_.data();
    int top = 0;
    stack[top++] = from;
    while (top) {
        const Cell c = stack[--top];
        for (int d = 0; d < 4; ++d) {
            const Cell n = board_.neighbor(c, d);
            if (n == no_cell || state::has_box(seen, n)) continue;
            state::set_box(seen, n);
            stack[top++] = n;
        }
    }
}

Cell Reachability::smallest() const {
    for (int w = 0; w < board_.words(); ++w)
        if (seen_[w]) return static_cast<Cell>(w * 64 + std::countr_zero(seen_[w]));
    return no_cell;
}

Cell Reachability::after_move(const uint64_t* before, const uint64_t* boxes, Cell freed, Cell boxed, Cell player) {
    auto reached_before = [&](Cell c) { return state::has_box(before, c); };
    // `freed` joins the area if the player stands on it or it borders the
    // area; then the squares beside it that the parent did not reach join
    // too, with everything they lead to (a flood from `freed` below).
    bool joins = freed == player, opens = false;
    for (int d = 0; d < 4; ++d) {
        const Cell n = board_.neighbor(freed, d);
        if (n == no_cell || n == boxed || state::has_box(boxes, n)) continue;
        if (reached_before(n)) joins = true;
        else opens = true;
    }
    if (reached_before(boxed)) {
        // `boxed` leaves the area. Its neighbours in what is left must stay
        // joined around it: through the corner between two neighbours in
        // direction order (left, up, right, down are clockwise). One run of
        // joined neighbours is one piece.
        auto kept = [&](Cell c) {
            return c != no_cell && ((c == freed && joins) || (c != boxed && c != freed && reached_before(c)));
        };
        Cell side[4];
        bool in[4];
        for (int d = 0; d < 4; ++d) {
            side[d] = board_.neighbor(boxed, d);
            in[d] = kept(side[d]);
        }
        int pieces = 0;
        for (int d = 0; d < 4; ++d) {
            if (!in[d]) continue;
            const int p = (d + 3) & 3;  // the neighbour before it, clockwise
            if (!in[p] || !kept(board_.neighbor(side[p], d))) ++pieces;
        }
        if (pieces > 1) return compute(boxes, player);
    }
    const int words = board_.words();
    uint64_t* seen = seen_.data();
    for (int w = 0; w < words; ++w) seen[w] = before[w];
    state::clear_box(seen, boxed);
    if (joins) state::set_box(seen, freed);
    if (joins && opens) {  // the fill, as compute()'s, with the boxes in seen_ while it runs
        for (int w = 0; w < words; ++w) seen[w] |= boxes[w];
        fill(freed);
        for (int w = 0; w < words; ++w) seen[w] &= ~boxes[w];
    }
    const Cell least = smallest();
    return least == no_cell ? player : least;  // not reached: the player is in the area
}

}  // namespace hdasoko::moves
