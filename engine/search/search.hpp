// engine/search: the searches over pushes and what they report.
// One Options / SearchResult / SearchStats for every search; astar is the
// sequential reference for optimal lengths. A search prints nothing: progress
// reaches the caller through Options::on_layer.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <vector>

#include "board/board.hpp"
#include "deadlock/goal_patterns.hpp"
#include "heuristic/heuristic.hpp"
#include "memory/budget.hpp"
#include "moves/moves.hpp"
#include "plan/packing_order.hpp"

namespace hdasoko::concurrent {
class Turns;
}

namespace hdasoko::search {

// Limits stop a search cleanly with its statistics; 0 means none.
struct Limits {
    double time_limit_s = 0;
    uint64_t node_limit = 0;           // expanded nodes
    uint64_t memory_limit_bytes = 0;   // the search's own tables and arenas
    const std::atomic<bool>* cancel = nullptr;  // set by a signal handler, say
    // A portfolio member that shares a core with others by turns
    // (concurrent/turns.hpp): the search calls turns->take(turn, cancel)
    // at its limit checks.
    concurrent::Turns* turns = nullptr;
    int turn = 0;
};

struct SearchStats {
    // Nodes.
    uint64_t expanded = 0;
    uint64_t generated = 0;          // pushes generated from expanded nodes
    uint64_t duplicates = 0;         // generated states already in the table
    uint64_t reopened = 0;           // closed states reached again with smaller g
    // Pruning, each a subset of generated.
    uint64_t pruned_dead_square = 0;
    uint64_t pruned_freeze = 0;
    uint64_t pruned_matching = 0;    // heuristic proved the state dead
    uint64_t pruned_corral = 0;      // pushes left out because a PI-corral exists
    uint64_t corral_deadlocks = 0;   // expanded states proven dead by a corral test (a PI-corral
                                     // with no push; fess-corral: also its corral search)
    uint64_t pruned_subset = 0;      // cluster deadlock search (deadlock/subset_search.hpp)
    uint64_t pruned_frozen_goals = 0;  // boxes frozen on goals seal the goals left (deadlock/frozen_goals.hpp)
    uint64_t pruned_goal_patterns = 0;  // a goal room no box can fill any more (deadlock/goal_patterns.hpp)
    uint64_t pruned_vicinity = 0;    // outside Options::vicinity (answer improvement only)
    uint64_t tunnel_macros = 0;      // children made by a tunnel macro (more than one push)
    uint64_t raised = 0;             // open nodes whose bound rose when scored again after the
                                     // switch to the patterns of five (Options::fives_after)
    // f layers: expansions before the last layer do not depend on tie-breaking.
    uint32_t initial_h = 0;
    uint32_t last_f = 0;
    uint64_t expanded_before_last_f = 0;
    // A*-ordered kernel searches: the least f of every node still open or in
    // flight when the search ended (search/hda.hpp least_open_f), a lower
    // bound on the optimum; 0 when unknown.
    uint32_t open_min_f = 0;
    // Parallel search (HDA*): states sent to other workers' inboxes.
    uint64_t messages_sent = 0;
    // Resources.
    uint64_t stored = 0;             // states in the closed table
    uint64_t memory_bytes = 0;       // peak bytes of the search's own structures
    double seconds = 0;
};

// Adds the counts of `part` (another side's or worker's) to `sum`: nodes,
// pruning, messages, stored states and memory; not the f layers or the time.
inline void add_counts(SearchStats& sum, const SearchStats& part) {
    sum.expanded += part.expanded;
    sum.generated += part.generated;
    sum.duplicates += part.duplicates;
    sum.reopened += part.reopened;
    sum.pruned_dead_square += part.pruned_dead_square;
    sum.pruned_freeze += part.pruned_freeze;
    sum.pruned_matching += part.pruned_matching;
    sum.pruned_corral += part.pruned_corral;
    sum.corral_deadlocks += part.corral_deadlocks;
    sum.pruned_subset += part.pruned_subset;
    sum.pruned_frozen_goals += part.pruned_frozen_goals;
    sum.pruned_vicinity += part.pruned_vicinity;
    sum.pruned_goal_patterns += part.pruned_goal_patterns;
    sum.tunnel_macros += part.tunnel_macros;
    sum.raised += part.raised;
    sum.messages_sent += part.messages_sent;
    sum.stored += part.stored;
    sum.memory_bytes += part.memory_bytes;
}

// bound_proven: no solution is shorter than Options::shared_bound, so the
// solution that set the bound (another portfolio member's) is push-optimal.
enum class Outcome { solved, unsolvable, time_limit, memory_limit, node_limit, interrupted, bound_proven };
const char* outcome_name(Outcome outcome);

// One HDA* worker's share of the work.
struct WorkerStats {
    uint64_t expanded = 0;
    uint64_t generated = 0;
    uint64_t duplicates = 0;
    uint64_t sent = 0;       // states sent to other workers
    uint64_t received = 0;   // states received from other workers
    uint64_t stored = 0;
    double idle_s = 0;       // time with nothing to expand below the incumbent
    uint64_t waits = 0;      // times it waited rather than expand far behind the best open node
    uint64_t speculative = 0;  // expansions behind the best open node (second line)
    uint64_t early = 0;        // expansions one f layer above the best open node (search/hda.hpp: early())
    uint64_t lookahead = 0;    // expansions computed ahead for another worker (search/lookahead.hpp)
    uint64_t ahead_taken = 0;  // expansions taken from those instead of expanding
};

struct SearchResult {
    Outcome outcome = Outcome::unsolvable;
    std::vector<moves::Push> pushes;  // the solution when solved, from the initial state
    SearchStats stats;                // summed over workers
    std::vector<WorkerStats> workers; // HDA* only, one per worker
};

// The order in which the sequential search expands (astar() only).
//   astar:    f = g + h, lower h first among equal f; push-optimal.
//   weighted: f = g + weight * h; the first solution found, sooner.
//   greedy:   h alone, lower g first among equal h; the first solution found.
enum class Order { astar, weighted, greedy };

// A* order: which open node of equal f and h comes first (search/hda.hpp
// tie()). Only the order inside an f layer changes, so every choice keeps
// push optimality; it decides the cost where the work lies in the last
// layer, which the goal is found in.
//   lifo:  last in first out;
//   goals: fewer boxes off their targets (goals; the reverse search's: the
//          initial box squares), then last in first out;
//   plan:  fewer boxes not packed in plan (plan/progress.hpp: on goals, and
//          not ahead of the packing order on the way in of an earlier empty
//          goal), then last in first out; forward searches (the reverse
//          search takes it as lifo).
enum class TieBreak { lifo, goals, plan };

class Perimeter;
class Vicinity;

// What a search reads. The command line sets these through the option table
// (run/options.hpp), which holds each option's help; the notes in docs/ say
// why each technique keeps push optimality and what it was measured to do.
struct Options {
    heuristic::Kind heuristic = heuristic::Kind::matching;
    Order order = Order::astar;
    int weight = 3;  // Order::weighted
    // The pattern database of the PDB kinds, built once per level and read
    // by every worker without locking; null: a PDB search builds its own.
    std::shared_ptr<const heuristic::Pdb> pdb;
    bool pi_corral = true;  // PI-corral pruning (docs/pruning.md)
    // Cluster deadlock search after each push (deadlock/subset_search.hpp):
    // sound, so it keeps push optimality.
    bool deadlock_search = true;
    int deadlock_search_nodes = 400;  // sub-states each such search may expand
    // Where the A* kernel runs it: on a state when it is popped (lazy), or
    // on every child when it is generated. Lazy spends it only on the states
    // the search reaches. Both verdicts are sound; they may differ a little,
    // since lazily the search starts from the box the stored push moved.
    bool lazy_deadlock_search = true;
    // Goal-room patterns (deadlock/goal_patterns.hpp): a push that leaves a
    // group of goals unfillable is pruned; sound. Forward searches and FESS.
    // The table is built once per level (goal_pattern_table; null: each
    // search builds its own).
    bool goal_patterns = true;
    // Frozen-goal deadlocks (deadlock/frozen_goals.hpp): a push freezing a
    // box on a goal is pruned when, the frozen boxes taken as walls, the
    // other boxes cannot be matched to the empty goals; sound. Forward searches.
    bool frozen_goals = true;
    // Groups in the PDB bound's maze part (heuristic/group_pdb.hpp): groups
    // of up to pdb_group boxes (2: pairs; 3, 4: and larger groups; 5: and
    // the patterns of five, heuristic/five_patterns.hpp), each scored by its
    // database; admissible.
    int pdb_group = 5;
    // With pdb_group 5: a forward A* worker scores with the patterns of five
    // only once it has expanded this many states (0: from the start), and
    // then scores its open nodes again as they come up (search/hda.hpp
    // rescore()). Later is cheaper where the search is short; the patterns
    // prove levels the groups of four cannot (docs/bounds.md).
    uint64_t fives_after = 1'000'000;
    std::shared_ptr<const deadlock::GoalPatterns> goal_pattern_table;
    // Penalty patterns (heuristic/penalty.hpp; Junghanns and Schaeffer's
    // pattern searches in Rolling Stone): h = max(h, the groups' searched
    // costs + the rest's matching); admissible. Forward searches.
    bool penalties = false;
    int penalty_nodes = 500;  // configurations each pattern search may expand
    // Pair conflicts (heuristic/pair_conflicts.hpp): the matching and PDB
    // bounds add what interacting pairs of boxes cost beyond their lone-box
    // distances; admissible. Unset: on in A* order (the any-solution orders
    // keep their own bound). The table is built once per level
    // (pair_conflict_table; null: each search builds its own).
    std::optional<bool> pair_conflicts;
    std::shared_ptr<const heuristic::PairConflicts> conflict_table;
    // Tunnel macros (board.hpp is_tunnel, search/expander.hpp): a box pushed
    // into a one-way tunnel goes on through it in one move of as many
    // pushes; keeps push optimality. Forward searches (not the
    // bidirectional search's forward side).
    bool tunnels = true;
    // The order among open nodes of equal f and h (TieBreak above).
    TieBreak tie_break = TieBreak::plan;
    // TieBreak::plan's packing order, built once per level and read by every
    // worker (packing_order_of; null: each expander builds its own).
    std::shared_ptr<const plan::PackingOrder> packing_order;
    int threads = 1;        // HDA* workers
    // HDA* in A* order (search/hda/layer_gate.hpp; docs/hda-kernel.md): when
    // a worker behind the best open node of all workers waits instead of
    // expanding. within: its best open (f, h) is in a larger f layer, or in
    // the same layer and more than `pushes` pushes of h behind; layer: only
    // in a larger f layer; automatic: within 0 while the search is young
    // (the layers below the best f took fewer than hda_parallel_below
    // expansions), then layer; never. With a lag within the layer the
    // workers send every child at once, so that the order is one worker's
    // across the shards.
    struct Lag {
        enum class Mode { automatic, layer, within, never };
        Mode mode = Mode::automatic;
        int pushes = 0;  // Mode::within
        static Lag within_layer(int pushes) { return {Mode::within, pushes}; }
        friend bool operator==(const Lag&, const Lag&) = default;
    };
    Lag hda_lag;
    // Lag::Mode::automatic: the expansions below the best f under which the search
    // is young; past them, lag `layer`, a worker one layer behind expands
    // early (a bounded number per layer), and Distribution::automatic moves
    // to abstract owners. Tests set it low to reach all of that on small levels.
    uint64_t hda_parallel_below = 50'000;
    // With a lag (>= 0): a child that continues the best line (its key no
    // worse than its parent's) is stored and expanded by its parent's
    // worker, whoever owns its hash, so that the dive does not wait for
    // another worker at each step. Not with a meeting (bidirectional) nor
    // across processes.
    bool hda_local_dive = true;
    // With local dives: a child that continues the best line goes to its
    // owner after all when the owner has nothing in that f layer, so that a
    // layer every child continues (a tight bound) spreads over two workers.
    // Unset: off, but on in the optimal portfolio's prover (hda-pdb) when
    // its workers fit the cores (search/portfolio.cpp).
    std::optional<bool> hda_handover;
    // With a lag (>= 0): a worker behind the best node in the same f layer
    // expands its own best node instead of waiting; the children of such a
    // speculative expansion rank after every other node of their f.
    bool hda_speculate = false;
    // With local dives: a worker with nothing to expand computes ahead the
    // expansions the worker holding the best key will need when its line
    // ends, which that worker then takes instead of expanding
    // (search/lookahead.hpp).
    bool hda_lookahead = true;
    // The perimeter (search/perimeter.hpp): states within a few pushes of a
    // solved state with their exact distance, raising the bound of the rest.
    // Built once per level before the search, up to this many states; 0: none.
    size_t perimeter_states = 0;
    std::shared_ptr<const Perimeter> perimeter;
    // Answer improvement only (search/vicinity.hpp, run/improve.cpp): the
    // forward search leaves out every child outside this vicinity of a
    // known solution. Its answers are then solutions, never proofs: the
    // result is not optimal and its bounds say nothing. Null: the whole level.
    std::shared_ptr<const Vicinity> vicinity;
    // HDA* ownership: the Zobrist hash of the state, or the abstract one
    // (board/abstract_zobrist.cpp; Jinnai and Fukunaga 2016: which zone of
    // zone_cells cells each box is in), which keeps most children on their
    // parent's worker; automatic: zobrist while the search is young
    // (hda_parallel_below), abstract once it has grown.
    enum class Distribution { zobrist, abstract, automatic };
    Distribution distribution = Distribution::automatic;
    int zone_cells = 8;
    Limits limits;
    // Pushes of the best solution another search has found (portfolio races):
    // optimal searches read it every so often and prune f >= it. Null: none.
    const std::atomic<uint32_t>* shared_bound = nullptr;
    // Called from the searching thread (HDA*: worker 0) when a new f layer starts.
    std::function<void(const SearchStats&)> on_layer;
};

// The packing order of `options`, or a new one for `board` when it names
// none; null unless TieBreak::plan.
inline std::shared_ptr<const plan::PackingOrder> packing_order_of(const board::Board& board, const Options& options) {
    if (options.tie_break != TieBreak::plan) return nullptr;
    if (options.packing_order) return options.packing_order;
    return std::make_shared<const plan::PackingOrder>(board);
}

// The goal-pattern table of `options`, or a new one for `board` when it
// names none (built on options.threads threads; options.limits.cancel
// stops its searches: groups left untested); null when goal patterns are off.
inline std::shared_ptr<const deadlock::GoalPatterns> goal_pattern_table(const board::Board& board,
                                                                       const Options& options) {
    if (!options.goal_patterns) return nullptr;
    if (options.goal_pattern_table) return options.goal_pattern_table;
    return std::make_shared<const deadlock::GoalPatterns>(board, deadlock::GoalPatterns::default_max_states,
                                                          options.limits.cancel, options.threads);
}

// The pair-conflict table of `options`, or a new one for `board` when it
// names none (built on options.threads threads; `beside`, optional, runs on
// the calling thread meanwhile: PairConflicts); null when pair conflicts are
// off, the table does not fit, or options.limits.cancel stopped its building.
inline std::shared_ptr<const heuristic::PairConflicts> pair_conflict_table(
    const board::Board& board, const Options& options, const std::function<void()>& beside = nullptr) {
    if (!options.pair_conflicts.value_or(options.order == Order::astar) ||
        options.heuristic == heuristic::Kind::simple)
        return nullptr;
    if (options.conflict_table) return options.conflict_table;
    // Optional: it takes what the memory budget leaves it, and a build the
    // budget cuts short leaves the matching bound alone.
    std::shared_ptr<const heuristic::PairConflicts> table;
    try {
        table = std::make_shared<const heuristic::PairConflicts>(
            board, memory::table_bytes(heuristic::PairConflicts::default_memory_limit), options.limits.cancel,
            options.threads, beside);
    } catch (const std::bad_alloc&) {
        memory::note_skipped("pair conflicts");
        return nullptr;
    }
    if (table->why_unavailable() == "over the memory limit") memory::note_skipped("pair conflicts");
    return table->available() ? table : nullptr;
}

// Both per-search tables of `options` into `shared` (goal patterns, pair
// conflicts, and the packing order of TieBreak::plan), each null where it
// is off. They are independent, and each search waits for all: the calling
// thread builds the goal patterns and the packing order while
// the pair conflicts' other threads begin their goal pairs, then takes pairs
// too, so that no more than options.threads threads run (the goal patterns'
// search takes more threads itself only once it is large,
// deadlock/goal_patterns.hpp).
inline void build_shared_tables(const board::Board& board, const Options& options, Options& shared) {
    bool built = false;
    auto build_patterns = [&] {
        shared.goal_pattern_table = goal_pattern_table(board, options);
        shared.packing_order = packing_order_of(board, options);
        built = true;
    };
    shared.conflict_table = pair_conflict_table(board, options, build_patterns);
    if (!built) build_patterns();  // the pair conflicts were not searched
    // Off where the table is not built (not asked for, too large, or
    // cancelled), so that the workers do not each try to build it again.
    shared.pair_conflicts = shared.conflict_table != nullptr;
}

// Runs `search` (a callable returning a SearchResult); an allocation failure
// inside it becomes Outcome::memory_limit rather than an exception, so that a
// search on a thread of its own never ends the process.
template <class F>
SearchResult memory_guarded(F&& search) {
    try {
        return search();
    } catch (const std::bad_alloc&) {
        SearchResult out;
        out.outcome = Outcome::memory_limit;
        return out;
    }
}

// True for the kinds that read a pattern database.
inline bool uses_pdb(heuristic::Kind kind) {
    return kind == heuristic::Kind::pdb || kind == heuristic::Kind::pdb_static;
}

// A new pattern database for `board` with the group databases up to
// options.pdb_group boxes. The group databases are left out when
// options.limits.cancel is set while they build, or when they take more
// than group_build_share of the time limit (on big mazes groups of four take
// seconds to build: not worth it for a search of a few seconds); the bound
// then uses the groups built.
inline constexpr double group_build_share = 0.2;
inline std::shared_ptr<const heuristic::Pdb> pdb_table(const board::Board& board, const Options& options) {
    heuristic::BuildStop stop{options.limits.cancel};
    if (options.limits.time_limit_s > 0)
        stop.deadline = heuristic::BuildStop::Clock::now() +
                        std::chrono::duration_cast<heuristic::BuildStop::Clock::duration>(
                            std::chrono::duration<double>(options.limits.time_limit_s * group_build_share));
    // Optional: it takes what the memory budget leaves it; without it the
    // bound is the matching (heuristic::Heuristic reads an unavailable or
    // missing PDB so).
    try {
        auto pdb = std::make_shared<const heuristic::Pdb>(
            board, memory::table_bytes(heuristic::Pdb::default_memory_limit), options.pdb_group, stop, options.threads);
        if (pdb->why_unavailable() == "over the memory limit") memory::note_skipped("pattern database");
        return pdb;
    } catch (const std::bad_alloc&) {
        memory::note_skipped("pattern database");
        return nullptr;
    }
}

// A search of a level: those below, fess's (fess/fess.hpp); what a
// portfolio member runs (portfolio/portfolio.hpp).
using SearchFunction = SearchResult (*)(const board::Board&, const Options&);

// `options` with the tables it asks for and does not hold, built for
// `board` once and then read by every worker without locking: the pattern
// database of the PDB kinds and those of build_shared_tables(). Every
// search calls it before its workers start (a table already held is kept,
// so a caller that runs several searches on one level builds them once and
// passes them in). The perimeter is left to the search: it keys its states
// by the hashes of the board searched.
inline Options with_tables(const board::Board& board, const Options& options) {
    Options shared = options;
    if (uses_pdb(options.heuristic) && !options.pdb) shared.pdb = pdb_table(board, options);
    build_shared_tables(board, options, shared);
    return shared;
}

// Sequential A* over pushes: bucket open list ordered by f then lower h,
// exact closed table, dead squares, freeze and matching deadlocks pruned.
// Push-optimal when solved (the bound need only be admissible: a state
// reached again with a smaller g is reopened); `unsolvable` means proven.
// With options.order weighted or greedy it returns the first solution it
// finds instead (same pruning; `unsolvable` still means proven).
SearchResult astar(const board::Board& board, const Options& options);

// Reverse search with pulls from the solved configuration (every player
// area of it a start) to the initial one, in options.order, with its own
// bound (matching on pull distances to the initial box squares; the
// heuristic option is not used). The solution is returned as forward pushes
// from the initial state; push-optimal in Order::astar.
SearchResult reverse(const board::Board& board, const Options& options);

// Bidirectional search: the forward and the reverse search at once, meeting
// where a state is in both closed tables. Order::astar: push-optimal (ends
// when one side proves the best meeting minimal), the forward side HDA* with
// options.threads - 1 workers (at least one) and options.heuristic, the
// reverse side one thread; weighted, greedy: the first meeting, one thread
// per side whatever options.threads says.
SearchResult bidirectional(const board::Board& board, const Options& options);

// Hash-distributed parallel A* (Kishimoto, Fukunaga, Botea): options.threads
// workers, each owning the states whose Zobrist hash maps to it, with its own
// open list and closed table; children travel to their owners' inboxes in
// batches. Push-optimal when solved; with one worker it expands exactly what
// astar expands.
SearchResult hda(const board::Board& board, const Options& options);

// What one worker of a forward search holds beside the tables that
// Limits::memory_limit_bytes counts (arena, nodes, closed table, open list):
// the deadlock search's verdict cache and scratch, and about 1.5 MB of
// buffers, thread stack and allocator pages (measured by RSS at 16 workers).
// A caller that holds the whole process to a limit leaves this much per
// worker out of the search's own.
uint64_t worker_fixed_bytes(const Options& options);

}  // namespace hdasoko::search
