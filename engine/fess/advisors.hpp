// Advisors of FESS (Shoham and Schaeffer, IEEE CoG 2020, sec. 3.3): domain
// rules that each point at moves that improve one feature. An advised move
// costs nothing in the search's move weights, any other move costs one, so
// the search follows the advisors first in every cell of the feature space
// and tries the rest later. Advisors here:
//   packing:      the first push of a box path (fess/box_path.hpp; the
//                 whole path is Festival's "move a box to its goal" macro,
//                 which fess.cpp adds as one move) to the next goal of the
//                 packing order, or when no box has one, to the goal after
//                 it: the box nearest alone on the board that has a path
//                 with the others standing still, by its fewest pushes;
//                 when neither goal has one, a push that brings the box
//                 nearest to the next goal (alone) closer to it; or any
//                 push that fills the next goal;
//   opener:       when neither goal has a box path, a push of a box in the
//                 way of the box nearest to the next goal (on the path that
//                 box would take alone); for box moves (pick()), the move of
//                 such a box off that path with the lowest bound;
//   hotspot:      a push of the hottest box (fess/hotspots.hpp: the box
//                 on the most lone paths of the other boxes off goals) to
//                 a square on fewer of them;
//   connectivity: a push after which the free squares form fewer regions;
//   room connectivity (single pushes only): a push after which fewer boxes
//                 stand in the passages between rooms (fess/rooms.hpp).
//                 Measured, it helped single pushes and lost levels for
//                 box moves and as a dimension of the feature cells.
// One per search; set_parent() once per expansion, advised() per child.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "fess/box_path.hpp"
#include "fess/features.hpp"
#include "fess/hotspots.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"

namespace hdasoko::fess {

class Advisors {
public:
    Advisors(const board::Board& board, const Features& features);

    // first: the first push of the carrier's box path (see above), or
    // null when there is none; then paths finds
    // the boxes in the way of the nearest box (the opener advisor).
    void set_parent(const uint64_t* boxes, board::Cell player, const FeatureVector& parent,
                    const moves::Push* first, BoxPath& paths);
    // True when some advisor suggests `push` (which led to `child`).
    bool advised(const moves::Push& push, const FeatureVector& child) const;

    // Box moves (after set_parent() with no first push): marks at most one
    // child per advisor as advised (packing, connectivity, hotspot, opener;
    // see box_moves.cpp, expand_box_moves).
    template <class Child>
    void pick(Child* children, size_t n, const FeatureVector& parent) const {
        Child* packing = nullptr;  // fills the target; else the carrier nearest to it
        Child* connect = nullptr;
        Child* hot = nullptr;
        Child* open = nullptr;  // a blocker off the carrier's lone path
        uint16_t packing_distance = carrier_distance_;
        int hot_heat = hotspots_.heat();
        const int g = target_ == board::no_cell ? -1 : goal_index_[target_];
        for (size_t i = 0; i < n; ++i) {
            Child& c = children[i];
            if (target_ != board::no_cell) {
                if (c.to == target_) {
                    if (!packing || packing->to != target_ || c.h < packing->h) packing = &c;
                } else if (c.from == carrier_ && (!packing || packing->to != target_)) {
                    // distance with the player anywhere next to it: the lone distance's best side
                    uint16_t d = board::unreachable;
                    for (int s = 0; s < 4; ++s) d = std::min<uint16_t>(d, board_.distance(g, c.to, s));
                    if (d < packing_distance || (packing && d == packing_distance && c.h < packing->h)) {
                        packing = &c;
                        packing_distance = d;
                    }
                }
            }
            if (c.f.regions < parent.regions && (!connect || c.f.regions < connect->f.regions ||
                                                 (c.f.regions == connect->f.regions && c.h < connect->h)))
                connect = &c;
            if (opening_ && state::has_box(blockers_.data(), c.from) && !state::has_box(lone_path_.data(), c.to) &&
                (!open || c.h < open->h))
                open = &c;
            if (c.from == hotspots_.hottest()) {
                const int heat = hotspots_.heat_at(c.to);
                if (heat < hot_heat || (hot && heat == hot_heat && c.h < hot->h)) {
                    hot = &c;
                    hot_heat = heat;
                }
            }
        }
        for (Child* c : {packing, connect, hot, open})
            if (c) c->advised = true;
    }

private:
    const board::Board& board_;
    const Features& features_;
    std::vector<int> goal_index_;  // cell -> index into goals(), -1 off goals
    board::Cell target_ = board::no_cell;  // next goal of the packing order
    board::Cell carrier_ = board::no_cell;  // the box the packing advisor moves
    uint16_t carrier_distance_ = 0;
    moves::Push first_{board::no_cell, 0};  // its box path's first push, if it has one
    std::vector<uint64_t> blockers_;         // the opener's boxes (when no box path)
    std::vector<uint64_t> lone_path_;        // the squares of the carrier's lone path
    bool opening_ = false;
    std::vector<std::pair<uint16_t, board::Cell>> ranked_;
    FeatureVector parent_;
    Hotspots hotspots_;
};

}  // namespace hdasoko::fess
