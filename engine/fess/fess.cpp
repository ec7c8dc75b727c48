// The FESS main loop; see fess.hpp. Nodes and states live in paged stores
// with the same index, the closed table maps states to indices (one shard,
// one writer), and each feature cell keeps a binary heap of its unexpanded
// nodes keyed by (weight, h). Cell choice scans the cells that hold nodes;
// there are few (tens to hundreds), against an expansion's hundreds of
// operations.
#include "fess/fess.hpp"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <functional>

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

namespace hdasoko::fess {

namespace {

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

}  // namespace

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
