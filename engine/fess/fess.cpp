// The FESS main loop; see fess.hpp. Nodes and states live in paged stores
// with the same index, the closed table maps states to indices (one shard,
// one writer), and each feature cell keeps a binary heap of its unexpanded
// nodes keyed by (weight, h). Cell choice scans the cells that hold nodes;
// there are few (tens to hundreds), against an expansion's hundreds of
// operations.
#include "fess/search.hpp"

#include <algorithm>

namespace hdasoko::fess {

namespace detail {

template <bool with_corral_search, bool box_moves>
SearchResult Fess<with_corral_search, box_moves>::run() {
    const uint32_t h = expander_.root(scratch_.data());
    stats_.initial_h = h == heuristic::dead ? 0 : h;
    if (h == heuristic::dead) return finish(Outcome::unsolvable, none);
    const uint64_t hash = state::state_hash(board_, scratch_.data());
    table_.insert(0, hash, [](uint32_t) { return false; }, [&] {
        nodes_.push_back(Node{none, board::no_cell, 0, 0, 0, static_cast<uint16_t>(h)});
        return arena_.add(scratch_.data());
    });
    if (h == 0) return finish(Outcome::solved, 0);
    file(0, features_.of(scratch_.data()));
    Outcome why;
    for (;;) {
        uint32_t index = pick();
        if (index == none && file_reserve()) index = pick();
        if (goal_ != none) return finish(Outcome::solved, goal_);  // found in the reserve
        if (index == none) return finish(Outcome::unsolvable, none);
        if (lazy_dead(index, arena_.at(index))) continue;
        if (limits_.reached(stats_.expanded, [this] { return bytes(); }, why)) return finish(why, none);
        ++stats_.expanded;
        if constexpr (box_moves) {
            expand_box_moves(index);
        } else {
            expand(index);
        }
        if (goal_ != none) return finish(Outcome::solved, goal_);
    }
}

// Scores and files the reserve; false when it held nothing to file.
template <bool with_corral_search, bool box_moves>
bool Fess<with_corral_search, box_moves>::file_reserve() {
    bool filed = false;
    for (uint32_t index : reserve_) {
        const uint64_t* state = arena_.at(index);
        const uint32_t h = heuristic_.evaluate(state, state::player_of(state, words_));
        nodes_[index].h = static_cast<uint16_t>(h == heuristic::dead ? 0xFFFF : h);
        if (h == heuristic::dead) continue;
        if (h == 0 && state::is_solved(board_, state)) goal_ = index;
        file(index, features_.of(state));
        filed = true;
    }
    reserve_.clear();
    return filed;
}

template <bool with_corral_search, bool box_moves>
void Fess<with_corral_search, box_moves>::expand(uint32_t index) {
    const uint64_t* state = arena_.at(index);
    if (corral_dead(state)) return;
    const uint16_t weight = nodes_[index].weight;
    const board::Cell player = state::player_of(state, words_);
    // The packing advisor's carrier: a box with a path to the next goal of
    // the packing order with the others standing still, or when none has
    // one, to the goal after it.
    std::copy(state, state + stride_, work_.begin());
    path_.clear();
    int tried = 0;
    for (board::Cell goal : order_.order()) {
        if (state::has_box(state, goal)) continue;
        if (box_path_.nearest(work_.data(), player, goal, path_) != board::no_cell || ++tried == max_targets) break;
    }
    advisors_.set_parent(state, player, features_.of(state), path_.empty() ? nullptr : &path_[0], box_path_);
    int live = 0;  // children not proven dead (duplicates included)
    const auto emit = [&](const uint64_t* child, uint64_t hash, const moves::Push& push) {
        if (frozen_goals_.is_dead(child, board_.neighbor(push.box, push.dir), state::player_of(child, words_))) {
            ++stats_.pruned_frozen_goals;
            return;
        }
        if (goal_room_dead(child, state::player_of(child, words_), push.box, board_.neighbor(push.box, push.dir))) {
            ++stats_.pruned_goal_patterns;
            return;
        }
        uint32_t h = 0;
        const auto found = table_.insert(
            0, hash, [&](uint32_t i) { return state::equal(arena_.at(i), child, stride_); },
            [&] {
                h = expander_.bound();
                nodes_.push_back(Node{index, push.box, push.dir, 0, weight,
                                      static_cast<uint16_t>(h == heuristic::dead ? 0xFFFF : h)});
                return arena_.add(child);
            });
        if (!found.inserted) {
            // A state a macro move only passed through, reached now by a
            // single push: it waits in the reserve (see run()).
            Node& old = nodes_[found.ref];
            if (old.h != 0xFFFF) ++live;
            if (old.h == unscored) {
                old.h = reserved;
                reserve_.push_back(found.ref);
            }
            ++stats_.duplicates;
            return;
        }
        if (h == heuristic::dead) {
            ++stats_.pruned_matching;
            return;
        }
        if (h == 0 && state::is_solved(board_, child)) {
            goal_ = found.ref;
            return;
        }
        const FeatureVector f = features_.of(child);
        Node& node = nodes_[found.ref];
        const uint16_t child_weight =
            advisors_.advised(push, f) ? weight : static_cast<uint16_t>(std::min<int>(weight + 1, 0xFFFF));
        node.weight = child_weight;
        file(found.ref, f);
        ++live;
    };
    const bool corral_live = expander_.expand(state, stats_, emit);
    // A state whose every push is proven dead (or a PI-corral deadlock) is
    // dead itself: the packing macro from it would only lead on into
    // states that cannot be solved, where the packing feature climbs.
    if (goal_ == none && corral_live && live > 0) pack_macro(index);
}

// The packing advisor's macro: the carrier found in expand() goes to the
// next goal of the packing order in one move (the states on the way are
// stored, not filed).
template <bool with_corral_search, bool box_moves>
void Fess<with_corral_search, box_moves>::pack_macro(uint32_t index) {
    if (path_.size() < 2) return;  // none, or one push: an ordinary child
    std::copy(arena_.at(index), arena_.at(index) + stride_, work_.begin());
    add_macro(index, path_);
}

template <bool with_corral_search, bool box_moves>
void Fess<with_corral_search, box_moves>::add_macro(uint32_t index, const std::vector<moves::Push>& path) {
    const uint16_t weight = nodes_[index].weight;
    uint32_t parent = index;
    for (size_t i = 0; i < path.size(); ++i) {
        const moves::Push& push = path[i];
        const board::Cell to = board_.neighbor(push.box, push.dir);
        state::clear_box(work_.data(), push.box);
        state::set_box(work_.data(), to);
        work_[words_] = static_cast<uint64_t>(area_.compute(work_.data(), push.box));
        const uint64_t hash = state::state_hash(board_, work_.data());
        const auto found = table_.insert(
            0, hash, [&](uint32_t j) { return state::equal(arena_.at(j), work_.data(), stride_); },
            [&] {
                nodes_.push_back(Node{parent, push.box, push.dir, 0, weight, unscored});
                return arena_.add(work_.data());
            });
        parent = found.ref;
        if (i + 1 < path.size()) continue;
        if (!found.inserted && nodes_[found.ref].h != unscored) {
            ++stats_.duplicates;
            return;
        }
        // The end of the macro: scored, tested and filed like a child.
        ++stats_.generated;
        const board::Cell player = state::player_of(work_.data(), words_);
        if (deadlock::is_freeze_deadlock(board_, work_.data(), to, player)) {
            nodes_[found.ref].h = 0xFFFF;
            ++stats_.pruned_freeze;
            return;
        }
        if (frozen_goals_.is_dead(work_.data(), to, player)) {
            nodes_[found.ref].h = 0xFFFF;
            ++stats_.pruned_frozen_goals;
            return;
        }
        if (goal_room_dead(work_.data(), state::player_of(work_.data(), words_), path.front().box, to)) {
            nodes_[found.ref].h = 0xFFFF;
            ++stats_.pruned_goal_patterns;
            return;
        }
        const uint32_t h = heuristic_.evaluate(work_.data(), state::player_of(work_.data(), words_));
        if (h == heuristic::dead) {
            nodes_[found.ref].h = 0xFFFF;
            ++stats_.pruned_matching;
            return;
        }
        nodes_[found.ref].h = static_cast<uint16_t>(h);
        if (h == 0 && state::is_solved(board_, work_.data())) {
            goal_ = found.ref;
            return;
        }
        file(found.ref, features_.of(work_.data()));
    }
}

template <bool with_corral_search, bool box_moves>
std::pair<uint64_t, uint64_t> Fess<with_corral_search, box_moves>::bytes() {
    const uint64_t bytes = arena_.bytes() + nodes_.bytes() + table_.bytes(0);
    stats_.memory_bytes = std::max(stats_.memory_bytes, bytes);
    return {bytes, table_.growth_bytes(0)};
}

template <bool with_corral_search, bool box_moves>
SearchResult Fess<with_corral_search, box_moves>::finish(Outcome outcome, uint32_t goal) {
    SearchResult result;
    result.outcome = outcome;
    if (goal != none) {
        for (uint32_t i = goal; nodes_[i].parent != none; i = nodes_[i].parent) {
            if (nodes_[i].dir != macro_dir) {
                result.pushes.push_back(moves::Push{nodes_[i].box, nodes_[i].dir});
                continue;
            }
            // A box move: its pushes again, from the parent to the square
            // the box reached, leaving the player in the child's area.
            std::copy(arena_.at(nodes_[i].parent), arena_.at(nodes_[i].parent) + stride_, work_.begin());
            path_.clear();
            box_path_.find(work_.data(), state::player_of(work_.data(), words_), nodes_[i].box, moved_to(i), path_,
                           state::player_of(arena_.at(i), words_));
            for (auto p = path_.rbegin(); p != path_.rend(); ++p) result.pushes.push_back(*p);
        }
        std::reverse(result.pushes.begin(), result.pushes.end());
        stats_.last_f = static_cast<uint32_t>(result.pushes.size());
    }
    stats_.stored = table_.size();
    bytes();
    stats_.seconds = limits_.seconds();
    result.stats = stats_;
    return result;
}

}  // namespace detail

using detail::Fess;

search::SearchResult run(const board::Board& board, const search::Options& options) {
    Fess<false> search(board, options);
    return search.run();
}

search::SearchResult run_box_moves(const board::Board& board, const search::Options& options) {
    Fess<false, true> search(board, options, Features::Key::packed, plan::OutOfPlan::ahead);
    return search.run();
}

search::SearchResult run_box_moves_in_plan(const board::Board& board, const search::Options& options) {
    Fess<false, true> search(board, options);
    return search.run();
}

search::SearchResult run_with_corral_search(const board::Board& board, const search::Options& options) {
    Fess<true> search(board, options);
    return search.run();
}

}  // namespace hdasoko::fess
