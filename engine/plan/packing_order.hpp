// Packing order of the goal area (after YASS's and Festival's packing
// order; Shoham and Schaeffer, "The FESS algorithm", IEEE CoG 2020, sec. 4):
// the order in which boxes can be put on the goals so that no box placed
// early blocks a later one. Found backwards from the solved configuration:
// with every goal filled, the box that can be pulled out of the goal area
// (with the other goal boxes standing still) is the one packed last; it is
// removed and the search repeats on the rest. "Out" is any square where a
// box starts the level off a goal, so goals filled through several
// entrances are handled alike. Each removal is a relaxation (one box moves,
// the player starts in any free area, as the reverse search does). When no
// lone box can leave, the boxes left are pulled together: a breadth-first
// search over pulls of any of them (the player walking in its area) finds
// the fewest pulls that take one box out; along them, goals are ordered by
// when they are first emptied (a goal emptied first is filled last), the box
// that got out is removed, the others stay where the pulls left them, and
// the search repeats: goal rooms whose boxes block one another are ordered
// in full where lone boxes left goals over. The first way out found stands:
// backing up to another when a later search finds none orders more goals
// on some levels, but the order so found did not help fess solve them. A
// goal still never emptied (no box got out within the budget) is packed
// first, in cell order (the order is then marked partial). Built once per
// level; read-only afterwards.
#pragma once

#include <vector>

#include "board/board.hpp"

namespace hdasoko::plan {

class PackingOrder {
public:
    explicit PackingOrder(const board::Board& board);

    // Goal cells in the order they are to be filled (first filled first).
    const std::vector<board::Cell>& order() const { return order_; }
    // Position of goal cell c in order() (-1 for a cell that is not a goal).
    int rank(board::Cell c) const { return rank_[c]; }
    // Number of goals that no single box could leave with the later ones
    // still in place (filled first, in cell order); 0 for a complete order.
    int stuck() const { return stuck_; }
    // Goals ordered by pulling several boxes (after the single-box pulls got stuck).
    int together() const { return together_; }
    // The squares the way out of goal g used (words() words): the boxes'
    // squares along the pulls that took it out and the squares the player
    // pulled from (forward: where it pushes from), with the later goals
    // empty and the earlier ones filled. A box on a later goal on one of
    // them blocks the way g is filled by (progress.hpp: out of plan). Every
    // square for a goal left unordered.
    const uint64_t* path(board::Cell g) const {
        return paths_.data() + static_cast<size_t>(g) * board_.words();
    }

private:
    // Fewest pulls that bring the box on goal g out of the goal area with
    // the boxes of `filled` standing still, or -1.
    // With `path`, the squares of those pulls (see path()).
    int pulls_out(board::Cell g, std::vector<uint8_t>& filled, std::vector<uint64_t>* path = nullptr);
    uint64_t* path_of(board::Cell g) { return paths_.data() + static_cast<size_t>(g) * board_.words(); }
    // When no single box can leave: pulls any of the boxes on `left` until
    // one reaches outside, breadth-first over the boxes' squares and the
    // player's area; appends goals to `removed` in the order they are first
    // emptied and erases them from `left`. Repeats while it finds one.
    void pull_together(std::vector<board::Cell>& left, std::vector<board::Cell>& removed);

    const board::Board& board_;
    std::vector<board::Cell> order_;
    std::vector<int> rank_;
    std::vector<uint8_t> out_;  // squares that count as outside the goal area
    std::vector<uint64_t> paths_;  // per cell, words() words: path()
    int stuck_ = 0;
    int together_ = 0;
};

}  // namespace hdasoko::plan
