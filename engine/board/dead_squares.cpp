// Dead squares: a square from which a lone box can never reach any goal.
// Found by pulling a box from every goal (a pull needs the box's next square
// and the one beyond it, where the player steps back to, both interior);
// squares never reached are dead. Sound for every state: other boxes only
// remove pushes.
#include <vector>

#include "board/board.hpp"

namespace hdasoko::board {

void Board::compute_dead_squares() {
    std::vector<uint8_t> live(cells(), 0);
    std::vector<Cell> stack(goals_.begin(), goals_.end());
    for (Cell g : goals_) live[g] = 1;
    while (!stack.empty()) {
        Cell c = stack.back();
        stack.pop_back();
        for (int d = 0; d < 4; ++d) {
            Cell to = neighbor(c, d);  // the box is pulled from c to `to`
            if (to == no_cell || live[to]) continue;
            if (neighbor(to, d) == no_cell) continue;  // no room for the player
            live[to] = 1;
            stack.push_back(to);
        }
    }
    dead_.assign(cells(), 0);
    for (Cell c = 0; c < cells(); ++c) dead_[c] = !live[c];
}

}  // namespace hdasoko::board
