// Player reachability by depth-first flood fill with epoch-stamped marks
// (clearing is one increment), tracking the smallest cell on the way.
#include "moves/moves.hpp"

namespace hdasoko::moves {

Reachability::Reachability(const Board& board)
    : board_(board), mark_(board.cells(), 0) {
    stack_.reserve(board.cells());
}

Cell Reachability::compute(const uint64_t* boxes, Cell from) {
    if (++epoch_ == 0) {  // wrapped: old stamps could alias the new epoch
        std::fill(mark_.begin(), mark_.end(), 0);
        epoch_ = 1;
    }
    Cell smallest = from;
    mark_[from] = epoch_;
    stack_.clear();
    stack_.push_back(from);
    while (!stack_.empty()) {
        Cell c = stack_.back();
        stack_.pop_back();
        for (int d = 0; d < 4; ++d) {
            Cell n = board_.neighbor(c, d);
            if (n == no_cell || mark_[n] == epoch_ || state::has_box(boxes, n)) continue;
            mark_[n] = epoch_;
            if (n < smallest) smallest = n;
            stack_.push_back(n);
        }
    }
    return smallest;
}

}  // namespace hdasoko::moves
