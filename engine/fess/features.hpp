// The feature space of FESS (Shoham and Schaeffer, IEEE CoG 2020, sec. 3):
// each state is projected onto a few numbers, and the search spreads its
// effort over the cells of that projection rather than over a single
// heuristic value. Features here:
//   packed:       boxes on goals; in_plan: those not out of plan; either
//                 is the cells' key (see cell_of);
//   out_of_plan:  boxes on goals placed ahead of the packing order where
//                 they block a goal still to fill (plan/progress.hpp);
//   regions:      player connectivity, the number of separate areas the
//                 free squares form around the boxes (1: the player can go
//                 everywhere).
//   rooms:        room connectivity (the paper's fourth feature; rooms.hpp),
//                 the boxes off goals in the passages between rooms. It
//                 drives fess's room advisor (advisors.hpp), not the cells.
// A Features object holds scratch space (one per search).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "fess/rooms.hpp"
#include "plan/packing_order.hpp"
#include "plan/progress.hpp"

namespace hdasoko::fess {

struct FeatureVector {
    uint8_t packed = 0;
    uint8_t in_plan = 0;  // packed boxes not out of plan; not capped
    uint8_t out_of_plan = 0;
    uint8_t regions = 0;
    uint8_t rooms = 0;  // boxes off goals in passages between rooms (rooms.hpp)
    bool operator==(const FeatureVector&) const = default;
};

class Features {
public:
    // Cell keys (cell_of): boxes packed in plan, or every packed box.
    enum class Key { in_plan, packed };
    // out_of_plan: which boxes ahead of the packing order are out of plan
    // (plan/progress.hpp). fess keys its cells in plan and counts on the
    // way in; fess-box keys them by every packed box, where out of plan
    // only breaks ties inside a cell, and counts every box ahead (measured:
    // each solves levels the other does not;
    // perf/results/fess-out-of-plan-s15.md).
    Features(const board::Board& board, const plan::PackingOrder& order, Key key = Key::in_plan,
             plan::OutOfPlan out_of_plan = plan::OutOfPlan::on_way_in);

    FeatureVector of(const uint64_t* boxes);
    // The same with the number of regions known (box moves: BoxPath counts them).
    FeatureVector of(const uint64_t* boxes, int regions);
    // The features of `boxes` after one box went from `from` to `to` (a box
    // move or a push), the free squares falling into `regions` regions,
    // from its parent's: when neither square is a goal the goals hold the
    // same boxes, so packed, in plan and out of plan are the parent's, and
    // the rooms count changes by the two squares alone (exact unless the
    // parent's is at its cap); otherwise of(boxes, regions). A box move's
    // children were 9 % of fess-box-plan's instructions in of().
    FeatureVector after_move(const FeatureVector& parent, const uint64_t* boxes, board::Cell from, board::Cell to,
                             int regions) {
        if (board_.is_goal(from) || board_.is_goal(to) || parent.rooms >= max_small) return of(boxes, regions);
        FeatureVector f = parent;
        f.regions = static_cast<uint8_t>(std::min(regions, max_small));
        f.rooms = static_cast<uint8_t>(parent.rooms - rooms_.linking(from) + rooms_.linking(to));
        return f;
    }
    // Packed, out of plan and the next goal of the packing order.
    const plan::Progress& progress() const { return progress_; }

    // Cell index of a feature vector in a flat table of cells() entries:
    // the key, boxes packed in plan (in_plan: packed and not out of plan;
    // FESS's packing feature counts boxes packed "according to the packing
    // order": a box packed out of order is no progress) or every packed
    // box, and the regions, capped at max_cell_regions. fess keys in plan,
    // fess-box by every packed box (measured: each keying solves levels the
    // other loses; perf/results/fess-packing-order-and-cells-s14.md). Out
    // of plan is no dimension of the cells: a third dimension spreads the
    // search over too many cells; it breaks ties inside one (fess.cpp,
    // file()).
    // The cap: the search gives every cell its turn, so with a cell for
    // each region count (up to max_small per packed count) the cells where
    // most boxes are packed, the ones nearest a solution, get too few
    // turns; without regions the cells lose the connectivity feature.
    int cell_of(const FeatureVector& f) const {
        return (key_ == Key::in_plan ? f.in_plan : f.packed) * (max_cell_regions + 1) +
               std::min<int>(f.regions, max_cell_regions);
    }
    int cells() const { return (board_.boxes() + 1) * (max_cell_regions + 1); }

    static constexpr int max_small = 15;  // out_of_plan and regions are capped here
    static constexpr int max_cell_regions = 3;

private:
    int count_regions(const uint64_t* boxes);

    const board::Board& board_;
    plan::Progress progress_;
    const Key key_;
    const Rooms rooms_;
    std::vector<uint64_t> seen_;
    std::vector<board::Cell> stack_;
};

}  // namespace hdasoko::fess
