// The packing, opener, hotspot, connectivity and room connectivity advisors;
// see advisors.hpp.
#include "fess/advisors.hpp"

#include <algorithm>

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

Advisors::Advisors(const board::Board& board, const Features& features)
    : board_(board), features_(features), goal_index_(board.cells(), -1), hotspots_(board) {
    for (size_t i = 0; i < board.goals().size(); ++i) goal_index_[board.goals()[i]] = static_cast<int>(i);
}

void Advisors::set_parent(const uint64_t* boxes, Cell player, const FeatureVector& parent,
                          const moves::Push* first, BoxPath& paths) {
    parent_ = parent;
    hotspots_.set(boxes);
    target_ = features_.progress().next_goal(boxes);
    carrier_ = no_cell;
    opening_ = false;
    first_ = first ? *first : moves::Push{no_cell, 0};
    if (target_ == no_cell || first) return;
    // No box path: the box nearest to the target with the player where it
    // stands, alone on the board.
    const int g = goal_index_[target_];
    ranked_.clear();
    state::for_each_box(boxes, board_.words(), [&](Cell c) {
        if (board_.is_goal(c)) return;
        const uint16_t d = board_.distance_from(g, c, player);
        if (d != board::unreachable) ranked_.emplace_back(d, c);
    });
    if (ranked_.empty()) return;
    const auto best = std::min_element(ranked_.begin(), ranked_.end());
    carrier_ = best->second;
    carrier_distance_ = best->first;
    opening_ = paths.blockers(boxes, player, carrier_, target_, blockers_, &lone_path_);
}

bool Advisors::advised(const moves::Push& push, const FeatureVector& child) const {
    if (child.regions < parent_.regions) return true;  // connectivity
    if (child.rooms < parent_.rooms) return true;  // room connectivity
    if (push.box == hotspots_.hottest() &&
        hotspots_.heat_at(board_.neighbor(push.box, push.dir)) < hotspots_.heat())
        return true;  // hotspot
    if (target_ == no_cell) return false;
    const Cell to = board_.neighbor(push.box, push.dir);
    if (to == target_) return true;  // packing: the next goal is filled
    if (first_.box != no_cell) return push.box == first_.box && push.dir == first_.dir;
    if (opening_ && state::has_box(blockers_.data(), push.box)) return true;  // opener
    if (push.box != carrier_) return false;
    // The player stands where the box was.
    return board_.distance_from(goal_index_[target_], to, push.box) < carrier_distance_;
}

}  // namespace hdasoko::fess
