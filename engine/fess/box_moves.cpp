// FESS over box moves (fess.hpp run_box_moves): one expansion's children
// are every square each box reaches with the others still.
#include <algorithm>

#include "fess/search.hpp"

namespace hdasoko::fess::detail {

// Box moves (FESS's moves): every place each box reaches with the others
// standing still is a child. Each advisor then picks at most one of them
// (weight 0, the rest weight 1): packing, a box onto the next goal of the
// packing order (the child with the lowest bound when several boxes can),
// or else the box nearest to it brought nearer; connectivity, the child
// with the fewest regions if fewer than the parent's; hotspot, the hottest box moved to
// the square where it blocks the fewest lone paths, if fewer than now.
template <bool with_corral_search, bool box_moves>
void Fess<with_corral_search, box_moves>::expand_box_moves(uint32_t index) {
    std::copy(arena_.at(index), arena_.at(index) + stride_, work_.begin());
    uint64_t* state = work_.data();
    if (corral_dead(state)) return;
    const uint16_t weight = nodes_[index].weight;
    const board::Cell player = state::player_of(state, words_);
    // One flood of the free areas for this and the destinations below.
    const FeatureVector parent = features_.of(state, box_path_.areas(state));
    assert(parent.regions == features_.of(state).regions);
    // A PI-corral: its boxes' moves are enough (or the state is dead).
    deadlock::CorralVerdict corral = deadlock::CorralVerdict::none;
    area_.compute(state, player);
    if (options_.pi_corral) {
        corral = pi_corral_.analyze(state, area_, corral_boxes_);
        if (corral == deadlock::CorralVerdict::dead) {
            ++stats_.corral_deadlocks;
            return;
        }
    }
    advisors_.set_parent(state, player, parent, nullptr, box_path_);
    heuristic_.set_parent(state, player);
    children_.clear();
    boxes_.clear();
    state::for_each_box(state, words_, [&](board::Cell c) { boxes_.push_back(c); });
    const uint64_t box_hash = state::box_hash(board_, state);
    for (board::Cell from : boxes_) {
        if (corral == deadlock::CorralVerdict::restrict && !state::has_box(corral_boxes_.data(), from)) {
            ++stats_.pruned_corral;
            continue;
        }
        box_path_.destinations(state, player, from, area_.area(), destinations_);
        // The children's hashes first (two XORs for the box, one for the
        // player) and their table slots prefetched, so that the probes
        // below overlap their cache misses.
        hashes_.clear();
        const uint64_t lifted = box_hash ^ board_.box_key(from);
        for (const BoxPath::Destination& d : destinations_) {
            hashes_.push_back(lifted ^ board_.box_key(d.to) ^ board_.player_key(d.player));
            table_.prefetch(0, hashes_.back());
        }
        // Then the states those slots hold with the child's tag: about half
        // the children are stored already, and comparing them waited on
        // memory.
        for (uint64_t hash : hashes_)
            if (const uint32_t ref = table_.peek(0, hash); ref != concurrent::ClosedTable::none)
                __builtin_prefetch(arena_.at(ref));
        for (size_t k = 0; k < destinations_.size(); ++k) {
            const BoxPath::Destination& d = destinations_[k];
            std::copy(state, state + stride_, child_.begin());
            state::clear_box(child_.data(), from);
            state::set_box(child_.data(), d.to);
            child_[words_] = d.player;
            ++stats_.generated;
            const uint64_t hash = hashes_[k];
            assert(hash == state::state_hash(board_, child_.data()));
            const auto equal = [&](uint32_t i) { return state::equal(arena_.at(i), child_.data(), stride_); };
            // Half the children are stored already: looked up before the
            // deadlock tests, they skip them. A child these tests call dead
            // is never stored, so the order finds the same duplicates (and
            // the table grows, so the insert below always stores).
            if (table_.find(0, hash, equal) != concurrent::ClosedTable::none) {
                ++stats_.duplicates;
                continue;
            }
            if (deadlock::is_freeze_deadlock(board_, child_.data(), d.to, d.player)) {
                ++stats_.pruned_freeze;
                continue;
            }
            if (frozen_goals_.is_dead(child_.data(), d.to, d.player)) {
                ++stats_.pruned_frozen_goals;
                continue;
            }
            uint32_t h = 0;
            const auto found = table_.insert(
                0, hash, equal,
                [&] {
                    h = heuristic_.evaluate_push(from, d.to, d.player, d.pushes);
                    assert(h == debug_heuristic_.evaluate(child_.data(), d.player));
                    nodes_.push_back(Node{index, from, macro_dir, 0, weight,
                                          static_cast<uint16_t>(h == heuristic::dead ? 0xFFFF : h)});
                    return arena_.add(child_.data());
                });
            assert(found.inserted);
            if (h == heuristic::dead) {
                ++stats_.pruned_matching;
                continue;
            }
            if (h == 0 && state::is_solved(board_, child_.data())) {
                goal_ = found.ref;
                return;
            }
            children_.push_back(Child{found.ref, from, d.to, static_cast<uint16_t>(h),
                                      features_.after_move(parent, child_.data(), from, d.to, d.regions), false});
            assert(children_.back().f == features_.of(child_.data()));
        }
    }
    // The deadlock search and goal patterns run on the children the advisors pick (picked
    // again without a dead one, so the picks are those among the live
    // children) and on the others only when they are expanded (lazy_dead):
    // most children are never expanded, and the search is most of the cost
    // of a child.
    for (;;) {
        advisors_.pick(children_.data(), children_.size(), parent);
        bool dropped = false;
        for (size_t i = 0; i < children_.size(); ++i) {
            Child& c = children_[i];
            if (!c.advised) continue;
            std::copy(arena_.at(c.node), arena_.at(c.node) + stride_, child_.begin());
            const board::Cell player = state::player_of(child_.data(), words_);
            const bool goal_room = goal_room_dead(child_.data(), player, c.from, c.to);
            if (goal_room ||
                (options_.deadlock_search && subset_.is_dead(child_.data(), c.to, player))) {
                ++(goal_room ? stats_.pruned_goal_patterns : stats_.pruned_subset);
                nodes_[c.node].h = 0xFFFF;  // proven dead: never filed
                c = children_.back();
                children_.pop_back();
                --i;
                dropped = true;
            } else {
                nodes_[c.node].unused = tested_live;
            }
        }
        if (!dropped) break;
        for (Child& c : children_) c.advised = false;
    }
    for (const Child& c : children_) {
        nodes_[c.node].weight = c.advised ? weight : static_cast<uint16_t>(std::min<int>(weight + 1, 0xFFFF));
        file(c.node, c.f);
    }
}

// The box-move searches (fess.cpp run_box_moves, run_box_moves_in_plan).
template void Fess<false, true>::expand_box_moves(uint32_t index);

}  // namespace hdasoko::fess::detail
