// The FESS search object shared by the files of its loop (fess.cpp: the
// loop, single pushes, macros, limits; box_moves.cpp: the box-move
// expansion). Internal to engine/fess; fess.hpp is the interface.
#pragma once

#include "fess/fess.hpp"

#include <algorithm>
#include <cassert>

#include "concurrent/closed_table.hpp"
#include "concurrent/turns.hpp"
#include "deadlock/corral_search.hpp"
#include "deadlock/deadlock.hpp"
#include "deadlock/frozen_goals.hpp"
#include "deadlock/goal_patterns.hpp"
#include "deadlock/pi_corral.hpp"
#include "deadlock/subset_search.hpp"
#include "fess/advisors.hpp"
#include "fess/box_path.hpp"
#include "fess/features.hpp"
#include "plan/packing_order.hpp"
#include "search/expander.hpp"
#include "search/limit_check.hpp"
#include "state/arena.hpp"

namespace hdasoko::fess::detail {


using search::Outcome;
using search::SearchResult;
using search::SearchStats;

// parent: index of the parent node (none for the root); box, dir: the push
// that produced the node; weight: sum of move weights from the root; h: the
// matching bound.
struct Node {
    uint32_t parent;
    board::Cell box;
    uint8_t dir;
    uint8_t unused;
    uint16_t weight;
    uint16_t h;
};
static_assert(sizeof(Node) == 12);
constexpr uint32_t none = 0xFFFFFFFF;
constexpr uint8_t macro_dir = 4;  // Node::dir of a box move (its pushes are found again at the end)
constexpr uint16_t unscored = 0xFFFE;  // a state a macro move passed through
constexpr uint16_t reserved = 0xFFFD;  // such a state, reached by a single push too
constexpr uint8_t tested_live = 1;     // Node::unused of a child the deadlock search found live already
// Empty goals of the packing order the packing advisor looks for a carrier
// for, first to last.
constexpr int max_targets = 2;
// States per corral deadlock search: 32 proves enough deadlocks to prune
// at two to three times the time per expansion (fess.hpp,
// run_with_corral_search).
constexpr int corral_node_limit = 32;  // expansions between clock reads

// One cell of feature space: its unexpanded nodes, best first, and how often
// it was picked.
struct FeatureCell {
    std::vector<uint64_t> heap;  // keys of file(), min-heap
    uint64_t picks = 0;
    bool listed = false;
};

// with_corral_search: each state is tested for corral deadlocks
// (deadlock/corral_search.hpp) before it is expanded. box_moves: children
// are box moves (one box pushed to any square it reaches, the other boxes
// standing still: FESS's moves), not single pushes.
template <bool with_corral_search, bool box_moves = false>
class Fess {
public:
    // key, out_of_plan: the cells' key and which boxes are out of plan
    // (features.hpp); single pushes key in plan, on the way in.
    Fess(const board::Board& board, const search::Options& options, Features::Key key = Features::Key::in_plan,
         plan::OutOfPlan out_of_plan = plan::OutOfPlan::on_way_in)
        : board_(board),
          options_(options),
          words_(board.words()),
          stride_(words_ + 1),
          order_(board),
          features_(board, order_, key, out_of_plan),
          advisors_(board, features_),
          expander_options_(expander_options(options)),
          expander_(board, expander_options_),
          box_path_(board),
          area_(board),
          heuristic_(board, options.heuristic, options.pdb.get()),
          debug_heuristic_(board, options.heuristic, options.pdb.get()),
          corral_(board, corral_node_limit),
          pi_corral_(board, false),
          subset_(board, options.deadlock_search ? search::Expander::subset_cache_bits : 0,
                  options.deadlock_search_nodes, options.limits.cancel,
                  box_moves ? deadlock::SubsetSearch::Cluster::side_by_side_first
                            : deadlock::SubsetSearch::Cluster::neighbours),
          frozen_goals_(board),
          goal_patterns_(search::goal_pattern_table(board, options)),
          goal_scratch_(board),
          arena_(stride_),
          table_(1, 1 << 16, concurrent::ClosedTable::Growth::owner_reads_only),
          cells_(features_.cells()),
          scratch_(stride_),
          // A box-move expansion costs hundreds of single-push ones: the clock is read before each.
          limits_(options.limits, box_moves ? 1 : search::LimitCheck::default_interval) {}

    SearchResult run();

private:
    // FESS files single pushes and its own macro moves (nodes keep box and
    // direction only), so its expander makes no tunnel macros; and it runs
    // the deadlock search itself, when a state is picked (lazy_dead). Its
    // bound only orders the search: it keeps the one it was tuned with,
    // without pair conflicts.
    static search::Options expander_options(search::Options o) {
        o.tunnels = false;
        o.deadlock_search = false;
        o.pair_conflicts = false;
        return o;
    }
    // Files a node under its cell, keyed (weight, out of plan, h, node):
    // weight saturates at 12 bits, out_of_plan takes 4, h 16; for box moves
    // (weight, out of plan, regions, h, node), regions in 4 bits (capped at
    // Features::max_small) and h saturating at 12. Regions break ties for
    // box moves only: the cells cap them (Features::max_cell_regions), so
    // in a cell at the cap a state that joins the areas the boxes split
    // (the connectivity feature's progress) comes first among equal
    // weights: the cap otherwise hides that progress where the boxes split
    // the floor into more regions than it. Single pushes keep h
    // right after out of plan: measured, regions first there lost as many
    // levels as they gained.
    void file(uint32_t node, const FeatureVector& f) {
        const int c = features_.cell_of(f);
        FeatureCell& cell = cells_[c];
        if (!cell.listed) {
            cell.listed = true;
            cell.picks = round_;  // a new cell joins the current round
            listed_.push_back(c);
        }
        const Node& n = nodes_[node];
        const uint64_t weight = std::min<uint64_t>(n.weight, 0xFFF);
        const uint64_t tie = box_moves ? uint64_t{f.regions} << 12 | std::min<uint64_t>(n.h, 0xFFF) : n.h;
        cell.heap.push_back(weight << 52 | uint64_t{f.out_of_plan} << 48 | tie << 32 | node);
        std::push_heap(cell.heap.begin(), cell.heap.end(), std::greater<>{});
    }
    // The next node to expand, or none when every cell is empty.
    uint32_t pick() {
        int best = -1;
        for (int c : listed_) {
            const FeatureCell& cell = cells_[c];
            if (cell.heap.empty()) continue;
            // Fewest picks; among equals the cell with the higher key (higher index).
            if (best < 0 || cell.picks < cells_[best].picks || (cell.picks == cells_[best].picks && c > best))
                best = c;
        }
        if (best < 0) return none;
        FeatureCell& cell = cells_[best];
        ++cell.picks;
        round_ = cell.picks;
        std::pop_heap(cell.heap.begin(), cell.heap.end(), std::greater<>{});
        const uint32_t node = static_cast<uint32_t>(cell.heap.back());
        cell.heap.pop_back();
        return node;
    }
    void expand(uint32_t index);
    void expand_box_moves(uint32_t index);
    void pack_macro(uint32_t index);
    bool file_reserve();
    void add_macro(uint32_t index, const std::vector<moves::Push>& path);
    // The search's own memory and what the closed table's next growth adds.
    std::pair<uint64_t, uint64_t> bytes();
    // The deadlock search around the box a state's move left, run when the
    // state is picked for expansion rather than on every child generated:
    // most children are never expanded (box moves: about one in fifty), and
    // the search was most of the cost of a child (65-75 % of fess-box's
    // time). Box moves test the children the advisors pick at once (see
    // expand_box_moves); they are marked tested_live. Box moves test goal
    // patterns here too, for the same reason: tested at every child they
    // cost fess-box a sixth of its time.
    bool lazy_dead(uint32_t index, const uint64_t* state) {
        const Node& node = nodes_[index];
        if (node.parent == none || node.unused == tested_live) return false;
        const board::Cell player = state::player_of(state, words_);
        if (box_moves && goal_room_dead(state, player, node.box, moved_to(index))) {
            ++stats_.pruned_goal_patterns;
            return true;
        }
        if (!options_.deadlock_search || !subset_.is_dead(state, moved_to(index), player)) return false;
        ++stats_.pruned_subset;
        return true;
    }
    // The square the move that made node `index` (not the root) left its box on.
    board::Cell moved_to(uint32_t index) const {
        const Node& node = nodes_[index];
        if (node.dir != macro_dir) return board_.neighbor(node.box, node.dir);
        const uint64_t* state = arena_.at(index);
        const uint64_t* parent = arena_.at(node.parent);
        for (int w = 0; w < words_; ++w)
            if (const uint64_t added = state[w] & ~parent[w]) return static_cast<board::Cell>(w * 64 + __builtin_ctzll(added));
        return node.box;  // a box move back onto its square, the player elsewhere
    }
    // fess-corral: the corral deadlock search proves `state` dead (counted).
    bool corral_dead(const uint64_t* state) {
        if constexpr (!with_corral_search) return false;
        area_.compute(state, state::player_of(state, words_));
        if (!corral_.is_dead(state, state::player_of(state, words_), area_)) return false;
        ++stats_.corral_deadlocks;
        return true;
    }
    SearchResult finish(Outcome outcome, uint32_t goal);

    const board::Board& board_;
    const search::Options& options_;
    const int words_, stride_;
    plan::PackingOrder order_;
    Features features_;
    Advisors advisors_;
    const search::Options expander_options_;
    search::Expander expander_;
    BoxPath box_path_;
    moves::Reachability area_;
    heuristic::Heuristic heuristic_;  // scores the end of a macro move
    heuristic::Heuristic debug_heuristic_;  // checks the incremental bound of box moves in debug builds
    deadlock::CorralSearch corral_;
    // Box moves: PI-corral restriction or deadlock, each corral checked alone
    // (and all together), not joined with the corrals that make it fail
    // (deadlock/pi_corral.hpp): sound either way, but the unions hold more
    // of fess's states to fewer boxes, away from the moves its advisors
    // pick (measured: perf/results/xsokoban-any-30s-fess-single-corrals.md).
    deadlock::PiCorral pi_corral_;
    deadlock::SubsetSearch subset_;     // the deadlock search around the moved box (lazy_dead, advised box moves)
    std::vector<uint64_t> corral_boxes_;
    deadlock::FrozenGoals frozen_goals_;  // boxes frozen on goals sealing the goals left
    // Goal rooms that can no longer be filled (null when off).
    std::shared_ptr<const deadlock::GoalPatterns> goal_patterns_;
    deadlock::GoalPatterns::Scratch goal_scratch_;
    bool goal_room_dead(const uint64_t* state, board::Cell player, board::Cell from, board::Cell to) {
        return goal_patterns_ && goal_patterns_->is_dead(state, player, from, to, goal_scratch_);
    }
    std::vector<moves::Push> path_;
    state::Arena arena_;
    state::Paged<Node> nodes_;
    concurrent::ClosedTable table_;
    std::vector<FeatureCell> cells_;
    std::vector<int> listed_;  // cells that ever held a node
    // States a macro move passed through that single pushes reached later.
    // Following them at once makes the search wander off the macro moves'
    // line, so they are filed only when every cell is empty: then
    // `unsolvable` still means that every state single pushes reach was
    // expanded.
    std::vector<uint32_t> reserve_;
    uint64_t round_ = 0;
    std::vector<uint64_t> scratch_;
    std::vector<uint64_t> work_ = std::vector<uint64_t>(stride_);  // a macro move's states
    // Box moves: the destinations of one box, and the children of one
    // expansion before the advisors pick theirs.
    struct Child {
        uint32_t node;
        board::Cell from, to;
        uint16_t h;
        FeatureVector f;
        bool advised;
    };
    std::vector<board::Cell> boxes_;  // the parent's boxes
    std::vector<BoxPath::Destination> destinations_;
    std::vector<uint64_t> hashes_;  // of the children in destinations_
    std::vector<Child> children_;
    std::vector<uint64_t> child_ = std::vector<uint64_t>(stride_);
    SearchStats stats_;
    uint32_t goal_ = none;
    search::LimitCheck limits_;
};

}  // namespace hdasoko::fess::detail
