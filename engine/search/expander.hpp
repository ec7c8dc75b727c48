// Expander: one expansion of a state, shared by every forward search (A*,
// HDA*). From a parent it computes the player area, the PI-corral
// restriction, and for each push: the tunnel macro (optional: a box pushed
// onto a one-way tunnel square goes on through the tunnel, board.hpp
// is_tunnel), dead-square, freeze and (optional) cluster deadlock-search
// pruning, the child's normalized player and incremental Zobrist hash.
// Pruning looks at the macro's last state only: every state of the run is
// exactly one push farther from the goal than the next (board.hpp), so one
// is dead exactly when the last is; a dead square on the way ends it. The caller gets
// each surviving child through a callback and asks for its bound only if it
// needs it (A* skips duplicates first; HDA* scores before sending), so the
// incremental Hungarian work is spent only where it counts. One per worker;
// no allocation, lock or virtual call per child.
#pragma once

#include <cassert>
#include <cstdint>
#include <memory>
#include <vector>

#include "deadlock/deadlock.hpp"
#include "deadlock/frozen_goals.hpp"
#include "deadlock/pi_corral.hpp"
#include "deadlock/goal_patterns.hpp"
#include "deadlock/subset_search.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/penalty.hpp"
#include "moves/moves.hpp"
#include "plan/packing_order.hpp"
#include "plan/progress.hpp"
#include "search/node.hpp"
#include "search/perimeter.hpp"
#include "search/search.hpp"
#include "search/vicinity.hpp"
#include "state/state.hpp"

namespace hdasoko::search {

class Expander {
public:
    static constexpr int subset_cache_bits = 18;  // the deadlock search's verdict cache: 2^18 slots

    Expander(const board::Board& board, const Options& options)
        : board_(board),
          options_(options),
          words_(board.words()),
          conflicts_(pair_conflict_table(board, options)),
          heuristic_(board, options.heuristic, options.pdb.get(), conflicts_.get(), options.pdb_group),
          debug_heuristic_(board, options.heuristic, options.pdb.get(), nullptr, options.pdb_group),
          parent_area_(board),
          child_area_(board),
          debug_area_(board),
          corral_(board),
          subset_(board, options.deadlock_search ? subset_cache_bits : 0, options.deadlock_search_nodes,
                  options.limits.cancel, deadlock::SubsetSearch::Cluster::both),
          penalties_(board, options.penalties ? 18 : 0, options.penalty_nodes, options.limits.cancel),
          goal_patterns_(goal_pattern_table(board, options)),
          frozen_goals_(board),
          goal_scratch_(board),
          parent_(words_ + 1),
          child_(words_ + 1),
          goal_bits_(words_, 0),
          plan_(options.tie_break == TieBreak::plan ? std::make_unique<Plan>(board, packing_order_of(board, options))
                                                    : nullptr) {
        for (board::Cell g : board.goals()) state::set_box(goal_bits_.data(), g);
        if (options.fives_after > 0) {
            heuristic_.use_fives(false);
            debug_heuristic_.use_fives(false);
        }
    }

    // The bound of a stored state scored afresh (state: stride words).
    uint32_t score(const uint64_t* state) {
        const uint32_t h = with_penalties(heuristic_.evaluate(state, state::player_of(state, words_)), state);
        return with_perimeter(h, state, state::state_hash(board_, state));
    }
    // The stronger bound from now on (Options::fives_after): true when it
    // differs, so that the states stored before are worth scoring again.
    bool strengthen() {
        debug_heuristic_.use_fives(true);
        return heuristic_.use_fives(true);
    }

    // The initial state (boxes and normalized player) into `state` (stride
    // words); returns its bound or heuristic::dead.
    uint32_t root(uint64_t* state) {
        state::initial_boxes(board_, state);
        state[words_] = static_cast<uint64_t>(parent_area_.compute(state, board_.initial_player()));
        return score(state);
    }

    // The start states for the search kernel: the initial state alone.
    template <class Add>
    void roots(uint64_t* state, Add&& add) {
        add(root(state));
    }
    // The tie-break after h among equal f (Options::tie_break; search/hda.hpp
    // tie()): ranks 0 .. tie_ranks() - 1, lower first; one rank: none.
    static uint32_t tie_ranks(const board::Board& board, const Options& options) {
        return options.tie_break == TieBreak::lifo ? 1 : static_cast<uint32_t>(board.boxes()) + 1;
    }
    // goals: the boxes off a goal; plan: the boxes not packed in plan.
    uint32_t tie_rank(const uint64_t* state) {
        if (plan_) return static_cast<uint32_t>(board_.boxes() - plan_->progress.in_plan(state));
        return static_cast<uint32_t>(state::boxes_off(state, goal_bits_.data(), words_));
    }
    // The rank of the child being emitted, from its parent's: both ranks
    // count boxes by the goals they stand on, so a push that neither
    // starts nor ends on a goal leaves the rank as it was (most pushes).
    // Scored afresh for every child, the plan's rank cost a lookahead
    // helper a twentieth of its time.
    uint32_t child_rank() {
        if (!board_.is_goal(current_.box) && !board_.is_goal(current_to_)) {
            if (parent_rank_ == no_rank) parent_rank_ = tie_rank(parent_.data());
            assert(parent_rank_ == tie_rank(child_.data()));
            return parent_rank_;
        }
        return tie_rank(child_.data());
    }
    // A state whose bound is 0 has every box on a goal: it is solved.
    bool is_goal(const uint64_t* state) const {
        assert(state::is_solved(board_, state));
        (void)state;
        return true;
    }

    // Expands `state`, calling emit(child, hash, push) for each child that
    // survives pruning; child points at stride words valid during the call.
    // Inside emit, bound() gives the child's h. Returns false when the state
    // is a PI-corral deadlock (no children).
    template <class Emit>
    bool expand(const uint64_t* state, SearchStats& stats, Emit&& emit) {
        std::copy(state, state + words_ + 1, parent_.begin());
        const board::Cell player = state::player_of(parent_.data(), words_);
        parent_area_.compute(parent_.data(), player);
        // A PI-corral restricts the pushes to its boxes, or proves a deadlock.
        deadlock::CorralVerdict corral = deadlock::CorralVerdict::none;
        if (options_.pi_corral) corral = corral_.analyze(parent_.data(), parent_area_, corral_boxes_);
        if (corral == deadlock::CorralVerdict::dead) {
            ++stats.corral_deadlocks;
            return false;
        }
        heuristic_.set_parent(parent_.data(), player);
        parent_rank_ = no_rank;  // scored when a child first asks (child_rank())
        const uint64_t box_hash = state::box_hash(board_, parent_.data());
        moves::for_each_push(board_, parent_.data(), parent_area_, [&](const moves::Push& push) {
            ++stats.generated;
            if (corral == deadlock::CorralVerdict::restrict && !state::has_box(corral_boxes_.data(), push.box)) {
                ++stats.pruned_corral;
                return;
            }
            board::Cell to = board_.neighbor(push.box, push.dir);
            if (board_.is_dead(to)) {
                ++stats.pruned_dead_square;
                return;
            }
            int run = 1;
            if (options_.tunnels) {
                // On through the tunnel while the square ahead is free (a box
                // ahead ends the run: the macro's proof needs it free).
                while (board_.is_tunnel(to, push.dir) && run < max_run) {
                    const board::Cell next = board_.neighbor(to, push.dir);
                    if (state::has_box(parent_.data(), next)) break;
                    if (board_.is_dead(next)) {
                        ++stats.pruned_dead_square;
                        return;
                    }
                    to = next;
                    ++run;
                }
            }
            std::copy(parent_.begin(), parent_.begin() + words_, child_.begin());
            state::clear_box(child_.data(), push.box);
            state::set_box(child_.data(), to);
            if (options_.vicinity && !options_.vicinity->contains(child_.data())) {
                ++stats.pruned_vicinity;
                return;
            }
            const board::Cell behind = run == 1 ? push.box : board_.neighbor(to, board::opposite(push.dir));
            if (deadlock::is_freeze_deadlock(board_, child_.data(), to, behind)) {
                ++stats.pruned_freeze;
                return;
            }
            // One push: the area follows from the parent's (no flood fill, mostly).
            const board::Cell child_player = run == 1
                                                 ? child_area_.after_move(parent_area_, child_.data(), push.box, to, push.box)
                                                 : child_area_.compute(child_.data(), behind);
            assert(child_player == debug_area_.compute(child_.data(), behind));
            if (goal_patterns_ && goal_patterns_->is_dead(child_.data(), child_player, push.box, to, goal_scratch_)) {
                ++stats.pruned_goal_patterns;
                return;
            }
            if (options_.frozen_goals && frozen_goals_.is_dead(child_.data(), to, child_player)) {
                ++stats.pruned_frozen_goals;
                return;
            }
            if (eager_subset_ && subset_.is_dead(child_.data(), to, child_player)) {
                ++stats.pruned_subset;
                return;
            }
            child_[words_] = static_cast<uint64_t>(child_player);
            const uint64_t hash =
                box_hash ^ board_.box_key(push.box) ^ board_.box_key(to) ^ board_.player_key(child_player);
            assert(hash == state::state_hash(board_, child_.data()));
            if (run > 1) ++stats.tunnel_macros;
            current_ = moves::Push{push.box, push.dir, static_cast<uint8_t>(run)};
            current_to_ = to;
            current_hash_ = hash;
            emit(static_cast<const uint64_t*>(child_.data()), hash, current_);
        });
        return true;
    }

    // Options::lazy_deadlock_search: the cluster deadlock search is left out
    // of expand(), and the search calls dead_on_pop() (or child_dead()).
    bool deadlock_search_on_pop() const { return lazy_subset_; }
    // The search of a state about to be expanded. box, dir, run: the move
    // that produced it (box no_cell for a start state: never searched).
    bool dead_on_pop(const uint64_t* state, board::Cell box, int dir, int run) {
        assert(lazy_subset_);
        if (box == board::no_cell) return false;
        const board::Cell to =
            moves::landing(board_, moves::Push{box, static_cast<uint8_t>(dir), static_cast<uint8_t>(run)});
        return subset_.is_dead(state, to, state::player_of(state, words_));
    }
    // ... and of the child being emitted (a helper diving ahead of the search).
    bool child_dead() {
        assert(lazy_subset_);
        return subset_.is_dead(child_.data(), current_to_, state::player_of(child_.data(), words_));
    }

    // After expand(), until the next: makes `child`, one it emitted (with
    // its push and hash), the child that bound(), child_rank() and
    // child_dead() speak of, as during its emit (the parent's bound and
    // rank stay in place). A caller may so collect the children first and
    // score them after (search/hda.hpp emit_children(): their table slots prefetched).
    void reselect(const uint64_t* child, const moves::Push& push, uint64_t hash) {
        std::copy(child, child + words_ + 1, child_.begin());
        current_ = push;
        current_to_ = moves::landing(board_, push);
        current_hash_ = hash;
    }

    // The bound of the child being emitted (heuristic::dead if it is one).
    uint32_t bound() {
        uint32_t h =
            heuristic_.evaluate_push(current_.box, current_to_, state::player_of(child_.data(), words_), current_.run);
        // With pair conflicts only the part without them is exact (heuristic.hpp).
        assert(conflicts_ ? h >= debug_heuristic_.evaluate(child_.data(), state::player_of(child_.data(), words_))
                          : h == debug_heuristic_.evaluate(child_.data(), state::player_of(child_.data(), words_)));
        return with_perimeter(with_penalties(h, child_.data()), child_.data(), current_hash_);
    }

private:
    // The larger of the heuristic's bound and the perimeter's (both are lower
    // bounds); the perimeter is looked at only where it can be the larger.
    uint32_t with_perimeter(uint32_t h, const uint64_t* state, uint64_t hash) const {
        const Perimeter* p = options_.perimeter.get();
        if (!p || h == heuristic::dead || h > p->depth()) return h;
        return p->distance(state, hash);
    }
    // The larger of two admissible bounds: h and the penalty-pattern bound
    // (heuristic/penalty.hpp); an unsolvable pattern makes the state dead.
    uint32_t with_penalties(uint32_t h, const uint64_t* state) {
        if (!options_.penalties || h == heuristic::dead) return h;
        const uint32_t p = penalties_.bound(state, state::player_of(state, words_));
        return p == heuristic::PenaltyPatterns::infinite ? heuristic::dead : std::max(h, p);
    }

    const board::Board& board_;
    const Options& options_;
    const int words_;
    // The cluster deadlock search: on each child (eager) or on each pop (lazy).
    const bool eager_subset_ = options_.deadlock_search && !options_.lazy_deadlock_search;
    const bool lazy_subset_ = options_.deadlock_search && options_.lazy_deadlock_search;
    std::shared_ptr<const heuristic::PairConflicts> conflicts_;  // null when off
    heuristic::Heuristic heuristic_;
    heuristic::Heuristic debug_heuristic_;  // checks the incremental bound in debug builds
    moves::Reachability parent_area_, child_area_;
    moves::Reachability debug_area_;  // checks the derived area in debug builds
    deadlock::PiCorral corral_;
    deadlock::SubsetSearch subset_;
    heuristic::PenaltyPatterns penalties_;
    std::shared_ptr<const deadlock::GoalPatterns> goal_patterns_;  // null when off
    deadlock::FrozenGoals frozen_goals_;
    deadlock::GoalPatterns::Scratch goal_scratch_;
    std::vector<uint64_t> parent_, child_, corral_boxes_;
    std::vector<uint64_t> goal_bits_;  // the goals as a box set
    // TieBreak::plan: the level's packing order and the progress along it.
    struct Plan {
        Plan(const board::Board& board, std::shared_ptr<const plan::PackingOrder> shared)
            : order(std::move(shared)), progress(board, *order) {}
        std::shared_ptr<const plan::PackingOrder> order;  // Options::packing_order: one per level
        plan::Progress progress;
    };
    std::unique_ptr<Plan> plan_;  // null unless TieBreak::plan
    static constexpr uint32_t no_rank = 0xFFFFFFFF;
    uint32_t parent_rank_ = no_rank;  // tie_rank() of the state being expanded, once asked
    moves::Push current_{board::no_cell, 0};
    board::Cell current_to_ = board::no_cell;  // where the current child's box ends
    uint64_t current_hash_ = 0;
};

}  // namespace hdasoko::search
