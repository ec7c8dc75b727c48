// Hotspot heats; see hotspots.hpp. The lone paths are walked down the push
// distance tables of board/: from (square, side) a push is on a shortest
// path when the player's square behind the box is on that side and the
// distance drops by one.
#include "fess/hotspots.hpp"

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

Hotspots::Hotspots(const board::Board& board)
    : board_(board), words_(board.words()), path_(static_cast<size_t>(board.cells()) * board.words(), 0) {
    const int goals = static_cast<int>(board.goals().size());
    for (Cell c = 0; c < board.cells(); ++c) {
        if (board.is_dead(c) || board.is_goal(c)) continue;
        int best_g = -1, best_s = 0;
        uint16_t best = board::unreachable;
        for (int g = 0; g < goals; ++g)
            for (int s = 0; s < 4; ++s)
                if (board.distance(g, c, s) < best) {
                    best = board.distance(g, c, s);
                    best_g = g;
                    best_s = s;
                }
        if (best_g < 0) continue;
        uint64_t* path = path_.data() + static_cast<size_t>(c) * words_;
        Cell at = c;
        int side = best_s;
        for (uint16_t left = best; left > 0;) {
            bool stepped = false;
            for (int d = 0; d < 4 && !stepped; ++d) {
                const Cell to = board.neighbor(at, d);
                const Cell from = board.neighbor(at, board::opposite(d));
                if (to == no_cell || from == no_cell || board.side(at, from) != side) continue;
                const int to_side = board.side(to, at);
                if (board.distance(best_g, to, to_side) != left - 1) continue;
                state::set_box(path, to);
                state::set_box(path, from);
                at = to;
                side = to_side;
                --left;
                stepped = true;
            }
            if (!stepped) break;  // not expected: the tables are consistent
        }
    }
}

void Hotspots::set(const uint64_t* boxes) {
    off_goal_.clear();
    heats_.clear();
    state::for_each_box(boxes, words_, [&](Cell c) {
        if (!board_.is_goal(c)) off_goal_.push_back(c);
        heats_.emplace_back(c, 0);
    });
    hottest_ = no_cell;
    heat_ = 0;
    for (auto& [b, heat] : heats_) {
        for (Cell c : off_goal_)
            if (c != b && state::has_box(path(c), b)) ++heat;
        if (heat >= min_heat && heat > heat_) {
            heat_ = heat;
            hottest_ = b;
        }
    }
}

int Hotspots::heat_at(Cell at) const {
    int heat = 0;
    for (Cell c : off_goal_)
        if (c != hottest_ && state::has_box(path(c), at)) ++heat;
    return heat;
}

}  // namespace hdasoko::fess
