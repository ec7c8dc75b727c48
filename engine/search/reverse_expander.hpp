// ReverseExpander: the pull moves of the reverse search, for
// search/hda.hpp (reverse.cpp runs it alone, bidirectional.cpp beside
// the forward search). Start states: the boxes on every goal, one state per
// player area of that board (the player may end a solution in any of them).
// Goal: the boxes on the initial box squares with the initial player in the
// state's area. Pruning: squares from which no pull sequence reaches an
// initial box square (board/pull_distances.hpp), and states whose boxes
// cannot be matched to the initial squares. Bound: minimum-cost perfect
// matching of boxes to initial box squares on pull distances, which is
// consistent (a pull moves one box one square); incremental as the forward
// bound is (heuristic.hpp: the parent's matching from the last parent's,
// each child's from the parent's with one row changed). States are packed
// as the forward search packs them (boxes, normalized player, same hash),
// so the two directions can look each other's states up.
#pragma once

#include <algorithm>
#include <cassert>
#include <vector>

#include "board/pull_distances.hpp"
#include "heuristic/heuristic.hpp"
#include "moves/pulls.hpp"
#include "search/search.hpp"
#include "state/state.hpp"

namespace hdasoko::search {

class ReverseExpander {
public:
    ReverseExpander(const board::Board& board, const Options&)
        : board_(board),
          words_(board.words()),
          pulls_(board),
          heuristic_(board, pulls_),
          debug_heuristic_(board, pulls_),
          area_(board),
          child_area_(board),
          goal_area_(board),
          debug_area_(board),
          parent_(words_ + 1),
          child_(words_ + 1),
          start_bits_(words_, 0) {
        for (board::Cell c : board.initial_boxes()) state::set_box(start_bits_.data(), c);
    }

    template <class Add>
    void roots(uint64_t* state, Add&& add) {
        std::fill(state, state + words_, 0);
        for (board::Cell g : board_.goals()) state::set_box(state, g);
        std::vector<uint8_t> covered(board_.cells(), 0);
        for (board::Cell c = 0; c < board_.cells(); ++c) {
            if (state::has_box(state, c) || covered[c]) continue;
            state[words_] = static_cast<uint64_t>(area_.compute(state, c));
            for (board::Cell a = 0; a < board_.cells(); ++a) covered[a] |= area_.reached(a);
            add(heuristic_.evaluate(state, board::no_cell));
        }
    }

    // The tie-break after h among equal f (search/hda.hpp tie()): with
    // TieBreak::goals the boxes of `state` not on an initial box square (the
    // reverse search's targets); the packing order is the forward search's,
    // so plan is taken as lifo here (one rank).
    static uint32_t tie_ranks(const board::Board& board, const Options& options) {
        return options.tie_break == TieBreak::goals ? static_cast<uint32_t>(board.boxes()) + 1 : 1;
    }
    uint32_t tie_rank(const uint64_t* state) const {
        return static_cast<uint32_t>(state::boxes_off(state, start_bits_.data(), words_));
    }
    // The bound is 0 only with every box on an initial box square.
    bool is_goal(const uint64_t* state) {
        goal_area_.compute(state, state::player_of(state, words_));
        return goal_area_.reached(board_.initial_player());
    }

    template <class Emit>
    bool expand(const uint64_t* state, SearchStats& stats, Emit&& emit) {
        std::copy(state, state + words_ + 1, parent_.begin());
        area_.compute(parent_.data(), state::player_of(parent_.data(), words_));
        const uint64_t box_hash = state::box_hash(board_, parent_.data());
        heuristic_.set_parent(parent_.data(), board::no_cell);
        moves::for_each_pull(board_, parent_.data(), area_, [&](const moves::Push& pull) {
            ++stats.generated;
            const board::Cell to = board_.neighbor(pull.box, pull.dir);
            if (pulls_.is_dead(to)) {
                ++stats.pruned_dead_square;
                return;
            }
            std::copy(parent_.begin(), parent_.begin() + words_, child_.begin());
            state::clear_box(child_.data(), pull.box);
            state::set_box(child_.data(), to);
            // The area follows from the parent's (no flood fill, mostly).
            const board::Cell player =
                child_area_.after_move(area_, child_.data(), pull.box, to, board_.neighbor(to, pull.dir));
            assert(player == debug_area_.compute(child_.data(), board_.neighbor(to, pull.dir)));
            child_[words_] = static_cast<uint64_t>(player);
            const uint64_t hash = box_hash ^ board_.box_key(pull.box) ^ board_.box_key(to) ^ board_.player_key(player);
            from_ = pull.box;
            to_ = to;
            emit(static_cast<const uint64_t*>(child_.data()), hash, pull);
        });
        return true;
    }

    // As Expander::reselect(): after expand(), `child` (emitted by `pull`)
    // is the child bound() speaks of.
    void reselect(const uint64_t* child, const moves::Push& pull, uint64_t) {
        std::copy(child, child + words_ + 1, child_.begin());
        from_ = pull.box;
        to_ = board_.neighbor(pull.box, pull.dir);
    }

    uint32_t bound() {
        const uint32_t h = heuristic_.evaluate_push(from_, to_, board::no_cell);
        assert(h == debug_heuristic_.evaluate(child_.data(), board::no_cell));
        return h;
    }

private:
    const board::Board& board_;
    const int words_;
    const board::PullDistances pulls_;
    heuristic::Heuristic heuristic_;        // matching on pull distances
    heuristic::Heuristic debug_heuristic_;  // checks the incremental bound in debug builds
    moves::Reachability area_, child_area_, goal_area_;
    moves::Reachability debug_area_;  // checks the derived area in debug builds
    std::vector<uint64_t> parent_, child_;
    std::vector<uint64_t> start_bits_;  // the initial box squares as a box set
    board::Cell from_ = board::no_cell, to_ = board::no_cell;  // the pull of the child being emitted
};

// A reverse path (pulls from a solved state, in order) as the forward pushes
// that undo it, in order: to the solved state.
inline std::vector<moves::Push> pushes_of_pulls(const board::Board& board, std::vector<moves::Push> pulls) {
    std::reverse(pulls.begin(), pulls.end());
    for (moves::Push& p : pulls) p = moves::push_of_pull(board, p);
    return pulls;
}

}  // namespace hdasoko::search
