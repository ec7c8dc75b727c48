// Advisors of FESS (Shoham and Schaeffer, IEEE CoG 2020, sec. 3.3): domain
// rules that each point at moves that improve one feature. An advised move
// costs nothing in the search's move weights, any other move costs one, so
// the search follows the advisors first in every cell of the feature space
// and tries the rest later. Advisors here:
//   packing:      bring the box nearest to the next goal of the packing
//                 order one push closer to it (a chain of such pushes is
//                 Festival's "move a box to its goal" macro), or fill that
//                 goal with any box;
//   connectivity: a push after which the free squares form fewer regions.
// One per search; set_parent() once per expansion, advised() per child.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "fess/features.hpp"
#include "moves/moves.hpp"

namespace hdasoko::fess {

class Advisors {
public:
    Advisors(const board::Board& board, const Features& features);

    void set_parent(const uint64_t* boxes, board::Cell player, const FeatureVector& parent);
    // True when some advisor suggests `push` (which led to `child`).
    bool advised(const moves::Push& push, const FeatureVector& child) const;

    // The packing advisor's macro moves: the first empty goals of the
    // packing order (at most max_targets; the first one is the target of
    // the single-push advice), and for one of them, after rank_carriers(),
    // the boxes off goals that could go there, nearest (alone on the board)
    // first, at most max_carriers.
    const std::vector<board::Cell>& targets() const { return targets_; }
    void rank_carriers(const uint64_t* boxes, board::Cell player, board::Cell target);
    const std::vector<board::Cell>& carriers() const { return carriers_; }
    static constexpr size_t max_targets = 1, max_carriers = 3;

private:
    const board::Board& board_;
    const Features& features_;
    std::vector<int> goal_index_;  // cell -> index into goals(), -1 off goals
    board::Cell target_ = board::no_cell;  // next goal of the packing order
    board::Cell carrier_ = board::no_cell;  // the box the packing advisor moves
    uint16_t carrier_distance_ = 0;
    std::vector<board::Cell> targets_, carriers_;
    std::vector<std::pair<uint16_t, board::Cell>> ranked_;
    FeatureVector parent_;
};

}  // namespace hdasoko::fess
