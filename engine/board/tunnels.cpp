// One-way tunnel squares (Board::is_tunnel), the squares where a pushed box
// must be pushed on (search/expander.hpp, tunnel macros). Computed once from
// the walls and goals; the argument that the macro keeps push optimality is
// in board.hpp beside is_tunnel().
#include "board/board.hpp"

namespace hdasoko::board {

void Board::compute_tunnels() {
    tunnel_.assign(cells(), 0);
    for (Cell c = 0; c < cells(); ++c) {
        if (is_goal(c)) continue;
        for (int axis = 0; axis < 2; ++axis) {
            const int d = axis;  // left (0) or up (1); the axis's other direction is opposite(d)
            const Cell a = neighbor(c, d), b = neighbor(c, opposite(d));
            // Walls on both sides of the box's path: its only pushes are along the axis.
            if (neighbor(c, d + 1) != no_cell || neighbor(c, (d + 3) & 3) != no_cell) continue;
            if (a == no_cell || b == no_cell) continue;
            // One way: c is the only way between its two ends, so the player
            // cannot walk round to the far side of a box on c.
            if (side(c, a) == side(c, b)) continue;
            tunnel_[c] |= static_cast<uint8_t>(1u << axis);
        }
    }
}

}  // namespace hdasoko::board
