// Freeze deadlocks (see the Sokoban wiki's "freeze deadlock"): a box is
// blocked on an axis when a wall is on either side, when both sides are dead
// squares, when a box on either side is itself frozen with this box taken
// as a wall (which also stops the recursion from cycling), or when a side is
// a sealed dead square: free, dead, not the player's, and shut in on all
// four sides by walls and boxes that are frozen with this one taken as a
// wall (the wiki's "closed diagonal deadlock": two boxes on a diagonal
// closing a dead corner between walls). The player never gets onto a sealed
// square while its boxes stand, so the box cannot be pushed away from it,
// and a push onto it puts the box on a dead square. Argument for a frozen
// group G: take the first push of a box of G in any continuation; until
// then every sealed square stays shut in, so that push needs a wall, a box
// of G or a sealed square to be free for the player or the box, or puts
// the box on a dead square. A frozen group is a deadlock if any box of it is
// off a goal. After a push, the moved box and its neighbouring boxes are
// checked.
#include "deadlock/deadlock.hpp"

#include "state/state.hpp"

namespace hdasoko::deadlock {

namespace {

using board::Board;
using board::Cell;
using board::no_cell;

struct FreezeCheck {
    const Board& board;
    const uint64_t* boxes;
    Cell player;
    Cell walls[level::max_boxes + 1] = {};  // boxes currently taken as walls
    int n_walls = 0;
    // frozen() calls left: the sealed squares let the recursion branch
    // (up to four boxes per square); out of calls, a box counts as free,
    // which only finds fewer deadlocks.
    int budget = 1024;

    bool is_wall(Cell c) const {
        if (c == no_cell) return true;
        for (int i = 0; i < n_walls; ++i)
            if (walls[i] == c) return true;
        return false;
    }

    // Blocked along axis (0: left/right, 1: up/down). `off_goal` collects
    // whether a box whose frozenness the answer relies on is off a goal.
    bool blocked(Cell c, int axis, bool& off_goal) {
        Cell a = board.neighbor(c, axis == 0 ? board::left : board::up);
        Cell b = board.neighbor(c, axis == 0 ? board::right : board::down);
        if (is_wall(a) || is_wall(b)) return true;
        if (board.is_dead(a) && board.is_dead(b)) return true;
        for (Cell n : {a, b}) {
            if (!state::has_box(boxes, n)) continue;
            bool sub_off_goal = false;
            if (frozen(n, sub_off_goal)) {
                off_goal |= sub_off_goal;
                return true;
            }
        }
        return sealed(a, off_goal) || sealed(b, off_goal);
    }

    // A sealed dead square (above), with the boxes in walls[] taken as walls.
    bool sealed(Cell s, bool& off_goal) {
        if (s == no_cell || s == player || !board.is_dead(s) || state::has_box(boxes, s)) return false;
        bool sub_off_goal = false;
        for (int d = 0; d < 4; ++d) {
            const Cell n = board.neighbor(s, d);
            if (is_wall(n)) continue;
            if (!state::has_box(boxes, n) || !frozen(n, sub_off_goal)) return false;
        }
        off_goal |= sub_off_goal;
        return true;
    }

    bool frozen(Cell c, bool& off_goal) {
        if (--budget < 0) return false;
        walls[n_walls++] = c;
        bool group_off_goal = !board.is_goal(c);
        bool result = blocked(c, 0, group_off_goal) && blocked(c, 1, group_off_goal);
        --n_walls;
        if (result) off_goal |= group_off_goal;
        return result;
    }
};

}  // namespace

bool is_freeze_deadlock(const Board& board, const uint64_t* boxes, Cell c, Cell player) {
    FreezeCheck check{board, boxes, player};
    bool off_goal = false;
    if (check.frozen(c, off_goal) && off_goal) return true;
    // The moved box may freeze a neighbour whose proof never visits it (a box
    // on a goal stopped by a wall, freezing the box off goal beside it).
    for (int d = 0; d < 4; ++d) {
        Cell n = board.neighbor(c, d);
        if (n == no_cell || !state::has_box(boxes, n)) continue;
        off_goal = false;
        if (check.frozen(n, off_goal) && off_goal) return true;
    }
    return false;
}

bool is_frozen(const Board& board, const uint64_t* boxes, Cell c, Cell player) {
    FreezeCheck check{board, boxes, player};
    bool off_goal = false;
    return check.frozen(c, off_goal);
}

}  // namespace hdasoko::deadlock
