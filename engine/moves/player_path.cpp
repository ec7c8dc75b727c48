// Player paths between pushes: breadth-first search around the boxes, used
// only when a solution is turned into LURD (never in the search loop).
#include <algorithm>

#include "moves/moves.hpp"

namespace hdasoko::moves {

std::string player_path(const Board& board, const uint64_t* boxes, Cell from, Cell to, bool& ok) {
    ok = true;
    if (from == to) return {};
    std::vector<int8_t> came(board.cells(), -1);  // direction that entered the cell
    std::vector<Cell> queue{from};
    came[from] = 4;
    for (size_t head = 0; head < queue.size() && came[to] < 0; ++head) {
        Cell c = queue[head];
        for (int d = 0; d < 4; ++d) {
            Cell n = board.neighbor(c, d);
            if (n == no_cell || came[n] >= 0 || state::has_box(boxes, n)) continue;
            came[n] = static_cast<int8_t>(d);
            queue.push_back(n);
        }
    }
    if (came[to] < 0) {
        ok = false;
        return {};
    }
    std::string path;
    for (Cell c = to; c != from; c = board.neighbor(c, board::opposite(came[c])))
        path += board::walk_letter[came[c]];
    std::reverse(path.begin(), path.end());
    return path;
}

}  // namespace hdasoko::moves
