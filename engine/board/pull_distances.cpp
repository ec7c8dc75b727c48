// Pull distances by breadth-first search from each initial box square with
// pushes (the inverse of a pull): a box on y goes to y + d when the player
// can stand on y - d and y + d is interior.
#include "board/pull_distances.hpp"

namespace hdasoko::board {

PullDistances::PullDistances(const Board& board) : cells_(board.cells()) {
    const auto& targets = board.initial_boxes();
    distance_.assign(targets.size() * cells_, unreachable);
    dead_.assign(cells_, 1);
    std::vector<Cell> queue(cells_);
    for (size_t t = 0; t < targets.size(); ++t) {
        uint16_t* dist = distance_.data() + t * cells_;
        size_t head = 0, tail = 0;
        dist[targets[t]] = 0;
        queue[tail++] = targets[t];
        while (head < tail) {
            const Cell y = queue[head++];
            dead_[y] = 0;
            for (int d = 0; d < 4; ++d) {
                const Cell to = board.neighbor(y, d);
                if (to == no_cell || dist[to] != unreachable) continue;
                if (board.neighbor(y, opposite(d)) == no_cell) continue;  // no room for the player
                dist[to] = dist[y] + 1;
                queue[tail++] = to;
            }
        }
    }
}

}  // namespace hdasoko::board
