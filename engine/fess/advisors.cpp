// The packing and connectivity advisors; see advisors.hpp.
#include "fess/advisors.hpp"

#include <algorithm>

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

Advisors::Advisors(const board::Board& board, const Features& features)
    : board_(board), features_(features), goal_index_(board.cells(), -1) {
    for (size_t i = 0; i < board.goals().size(); ++i) goal_index_[board.goals()[i]] = static_cast<int>(i);
}

void Advisors::set_parent(const uint64_t* boxes, Cell player, const FeatureVector& parent) {
    parent_ = parent;
    target_ = features_.next_goal(boxes);
    carrier_ = no_cell;
    targets_.clear();
    for (Cell g : features_.order().order()) {
        if (targets_.size() == max_targets) break;
        if (!state::has_box(boxes, g)) targets_.push_back(g);
    }
    if (target_ == no_cell) return;
    rank_carriers(boxes, player, target_);
    if (!carriers_.empty()) {
        carrier_ = ranked_[0].second;
        carrier_distance_ = ranked_[0].first;
    }
}

void Advisors::rank_carriers(const uint64_t* boxes, Cell player, Cell target) {
    const int g = goal_index_[target];
    // Carriers: the boxes off the goals that the fewest pushes bring to the
    // target with the player where it stands.
    carriers_.clear();
    ranked_.clear();
    state::for_each_box(boxes, board_.words(), [&](Cell c) {
        if (board_.is_goal(c)) return;
        const uint16_t d = board_.distance_from(g, c, player);
        if (d != board::unreachable) ranked_.emplace_back(d, c);
    });
    const size_t k = std::min(ranked_.size(), max_carriers);
    std::partial_sort(ranked_.begin(), ranked_.begin() + k, ranked_.end());
    for (size_t i = 0; i < k; ++i) carriers_.push_back(ranked_[i].second);
}

bool Advisors::advised(const moves::Push& push, const FeatureVector& child) const {
    if (child.regions < parent_.regions) return true;  // connectivity
    if (target_ == no_cell) return false;
    const Cell to = board_.neighbor(push.box, push.dir);
    if (to == target_) return true;  // packing: the next goal is filled
    if (push.box != carrier_) return false;
    // The player stands where the box was.
    return board_.distance_from(goal_index_[target_], to, push.box) < carrier_distance_;
}

}  // namespace hdasoko::fess
