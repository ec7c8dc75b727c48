// The search kernel: hash-distributed best-first search (HDA*: Kishimoto,
// Fukunaga, Botea, "Scalable, parallel best-first search for optimal
// sequential planning", ICAPS 2009), which with one worker is the sequential
// search. Every search of engine/search runs on it: A* and its any-solution
// orders (forward pushes, search/expander.hpp), the reverse search (pulls,
// search/reverse_expander.hpp), both sides of the bidirectional search. The
// order (A*, weighted, greedy) and the move kind (an Expander) are template
// parameters:
//   roots(scratch, add)    fills scratch with each start state, add(h) each;
//   expand(state, stats, emit) and bound() as search/expander.hpp;
//   is_goal(state)         for a state whose bound is 0.
//
// Each worker owns the states whose Zobrist hash maps to it, keeps their
// nodes, arena, closed-table shard and open list, and is the only thread that
// writes them while the search runs; children go to their owner's inbox in
// batches (search/message.hpp). A goal lowers the shared incumbent when it is
// generated; in A* order the search ends when no worker holds an open node
// with f below the incumbent and no state is in flight, which proves the
// incumbent optimal; the other orders end at the first goal stored. The bound
// need only be admissible: an owner reopens a state reached again with a
// smaller g, closed or not (the PDB bounds are not consistent). The proof
// still holds then: an optimal path always keeps a node open with f at most
// its cost (its first node not closed at its optimal g).
//
// The last f layer. With a tight bound the whole search may lie in one f
// layer, and which of its nodes get expanded depends on the order: A* dives
// along the lowest h. Workers that each dive their own part of the layer
// expand far more than one worker does whenever the worker holding the best
// node is slow (descheduled, or behind on its inbox). So in A* order every
// worker publishes the best (f, h) of its open list and of what was sent to
// it, and a worker whose own best is more than `lag` behind the best of all
// (a larger f, or the same f and h more than lag larger; Options::hda_lag,
// -1 never) waits instead of
// expanding; children that continue the best line (key no worse than their
// parent's) are sent at once rather than with the next batch. Waiting never
// drops a node, so the proof above is untouched; the worker holding the
// best key never waits, so the search always progresses. By default
// (Options::hda_lag_layer) a worker waits only for a lower f layer, and
// the best line's children go at once (or stay, local dives below): free
// workers without either expanded up to 730 times one worker's nodes
// (XSokoban 9, PDB), while a wait inside the layer (lag 0) serialized the
// workers, each hand-over of the best key waiting for the scheduler to run
// the other worker (perf/results/last-layer-gate-s17.md).
//
// Which of the two (Options::hda_lag_auto, the default): with local dives
// and lookahead (below) lag 0 no longer waits on the scheduler at each
// step, and it keeps one worker's order, which in the optimum's layer is
// what keeps the cost at one worker's: workers diving their own parts
// expanded up to twice its nodes (XSokoban 49, PDB), and any parallel start
// of the layer could lead the dive elsewhere (XSokoban 54: 15 times). But
// a layer below the optimum's is exhausted in any order, and there lag 0
// gives up the workers' parallel expansion. The optimum's layer is not
// known until it ends, so the search decides by its past: while the layers
// below the best f took fewer than Options::hda_parallel_below expansions
// (a tight bound: the search may be one layer) the workers wait at lag 0;
// after that (work that grows layer by layer, as with the matching bound:
// the search has grown) only across layers. With a lag inside the layer a
// worker also sends each child at once: a child held back in a batch is
// missed as a duplicate or its better key unseen, and the order is no
// longer one worker's (XSokoban 56, PDB, 2 workers at lag 0: 333,863
// expansions against over 7 M in 60 s with batches sent every 64
// expansions).
//
// Once grown, two more things (Microban 93, matching, 2 workers, 3
// alternated rounds: 1.85x one worker's speed with both, 1.41x without;
// perf/results/last-layer-s48.md):
// - Ownership (Options::Distribution::automatic, the default) moves from
//   the states' hashes to their zones (board/abstract_zobrist.cpp), so
//   that most children stay on their parent's worker. The bound goes on
//   incrementally from a worker's last parent (heuristic.hpp: set_parent),
//   and under hashed ownership a worker's consecutive parents are less
//   often parent and child: each expansion cost 28 % more CPU than one
//   worker's. Before that the search is young and zones would starve the
//   lookahead below (its helper's expansions taken: 17 % against 95 %,
//   Microban 93 and 153). A state stored before the move is found again
//   only at its old owner's shard, so reached again it may be stored and
//   expanded twice: each copy is a node with its own g and parent, as for
//   local dives below, so the proof holds; the cost is bounded by the
//   young search (about hda_parallel_below expansions). Not with a meeting
//   (the bidirectional search looks states up by their hashes' owners).
// - A worker one layer behind the best f expands its own best node early
//   (early()) rather than wait at the layer's gate: zones split each layer
//   unevenly, and the worker that finishes its part first would wait. Such
//   a node is needed anyway unless the best f's layer holds the optimum,
//   and each layer allows a bounded number.
//
// Local dives (Options::hda_local_dive, with the lag): on a shared machine
// each hop of the best line to another worker waits for the scheduler to
// run that worker, so the gated dive crawls. With local dives a child that
// continues the best line is stored and expanded by its parent's worker,
// whoever owns its hash, and a shadow (Message dir | shadow_bit) tells the
// owner, which stores it closed with that g (or closes its own worse copy),
// so that it is expanded there again only if reached with a smaller g. The
// state may then live in two shards; each copy is a node with its own g
// and parent, so the proof above holds (every child is stored somewhere and
// expanded while its f is below the incumbent); the price is the duplicates
// the owner had before the shadow arrived, fewer because the diver first
// looks the child up in the owner's shard (which then keeps its old arrays
// when it grows, as for a meeting) and drops it if held there at g or less.
// Not with a meeting (the
// bidirectional search looks states up in their owner's shard) nor across
// processes.
//
// Hand-over (Options::hda_handover, with local dives): with a tight bound
// every child in the layer continues the best line (h falls by one per
// push), so local dives keep a whole layer on the worker that began it and
// the others wait at the layer's gate (XSokoban 5, PDB: 11.4 M expansions on
// one of 2 workers, load balance 2.000). So a continuing child goes to its
// owner after all when the owner holds nothing in that layer (idle_in_layer:
// its published open and inbox keys); the owner then dives there too. Only
// which worker expands a node changes, so the proof above holds.
//
// Lookahead (Options::hda_lookahead, with local dives): a worker that
// waits at a layer's gate, or has nothing at all, computes ahead for the
// worker holding the best key the expansions that worker will need when
// its line ends (look_ahead(), search/lookahead.hpp). That worker publishes
// its next open node but one (its candidate: near where it goes back to,
// publish_candidate()); the helper expands the newest candidate and then
// the line below it in the diver's own order, and leaves the children
// with their bounds in a shared table. A worker that pops a state finds its children there
// and stores them instead of expanding it; otherwise it expands it itself.
// It waits for a helper only while one is writing that very state, and then
// at most kernel::ahead_patience: XSokoban 5, PDB, 2 workers, 82,000 pops
// had found their state half computed and expanded it again. A helper
// whose expansion the worker waited for leaves that line (the children it
// would dive into next): the worker has caught up with it, and the two
// would go on down the same line in lockstep, the worker waiting for each
// state; the helper goes back to the worker's candidates instead (3
// alternated rounds, 2 workers against one: XSokoban 5 1.43x against
// 1.35x, 49 1.25x against 1.21x; perf/results/last-layer-s49.md). Nothing is
// stored or closed by the helper, so the search is the same search (the
// same order, the same proof); a helper that is slow or descheduled holds
// the diver up by ahead_patience at most, though on a shared machine it
// takes its share of the cores (at most one helper per worker:
// helpers_per_worker). XSokoban 5, PDB, 2
// workers: the diver took 230,000 of its 595,386 expansions from the
// 325,000 computed ahead, 3.0 s against 4.1 s without (one worker 4.05 s).
// A child the helper finds stored at its g or less already is a duplicate
// for the diver too (stored states stay, their g only falls; a slot is
// taken only at the g it was computed for): the helper does not score it
// and the diver counts it without a lookup (53 % of the children on
// XSokoban 5; the helper's expansion had cost 1.4 times the diver's).
//
// One owner while young (concentrated_: lookahead with Options::hda_lag_auto,
// without hand-over): until the search has grown, worker 0 owns every state
// (owner_for()). At lag 0 only the holder of the best key expands anyway,
// so the others lose nothing, and the diver stores every child where it
// runs: no shadows, no probes of another core's shard, no inbox for the
// helper to drain. The helper's lookups of its children then all read worker
// 0's shard: it collects an expansion's children first, prefetching their
// table slots and then the states those point to, and scores them after
// (Expander::reselect()), so that the misses overlap. Once grown, states
// go by hash (or zones); one stored while young is found again only in
// worker 0's shard, so reached again it may be stored twice, the same
// bounded cost as the move to zones above. 3 alternated rounds, 2 workers
// against one, PDB: XSokoban 5 1.48x against 1.42x, 49 1.37x against 1.27x,
// 51 1.27x against 1.20x (perf/results/last-layer-s50.md).
//
// Speculation (Options::hda_speculate, with the lag): gating and local dives
// keep the expansions near one worker's, but they also keep the other
// workers waiting whenever one holds the best key, which in a layer the
// search must exhaust anyway (every f below the optimum) made two workers
// no faster than one (XSokoban 5, PDB: 12.8 M expansions, 67 of them on the
// second worker). So a worker behind the best key in the same f expands its
// own best node instead of waiting, and the children of that expansion go
// on the second line: the open-list key is (f, line, h) (major()), so within
// their f they rank after every node of the first line and never take the
// lead from the best line, which goes on as if alone. A second-line node
// becomes first-line work only by being the best of all: its children, then
// expanded by a worker that is not behind, are first-line. Across f a
// worker still waits (nodes above the best f may never be needed). The
// order within an f layer changes nothing in the proof above. Off by
// default: in the optimum's own layer the second line closes states the
// best line would have gone through, and the best line then exhausts the
// rest of its layer first (XSokoban 9, PDB, 2 workers: 137,630 to over 21 M
// expansions against one worker's 36,219); below it both workers are busy
// (XSokoban 5: proven in 90 s with 12.9 M expansions split evenly, against
// 155 s without it). Taking a second-line state back to the first line when
// the best line reaches it was tried: the two lines then hand states back
// and forth (XSokoban 55: up to 5.4 M expansions against 317,678).
//
// Threads: std::thread, one per worker for the whole search. Workers never
// hand work to a scheduler, so oneTBB's task arena would add nothing but a
// layer; a worker with nothing to do sleeps (concurrent/parker.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>

#include "concurrent/closed_table.hpp"
#include "concurrent/inbox.hpp"
#include "concurrent/parker.hpp"
#include "concurrent/turns.hpp"
#include "concurrent/termination.hpp"
#include "concurrent/thread_group.hpp"
#include "search/lookahead.hpp"
#include "search/message.hpp"
#include "search/node.hpp"
#include "search/open_list.hpp"
#include "search/search.hpp"
#include "search/transport.hpp"
#include "search/view.hpp"
#include "state/arena.hpp"
#include "state/packing.hpp"

namespace hdasoko::search {

namespace kernel {

using Clock = std::chrono::steady_clock;

constexpr int limit_check_interval = 16;   // expansions between looks at the clock and the memory:
                                           // under 100 ms even at 0.1 ms per expansion on a shared core
constexpr int batch_records = 128;
constexpr int flush_interval = 64;         // expansions between sends of partial batches
constexpr int gate_refresh_interval = 8;   // expansions between reads of the other workers' keys
constexpr size_t initial_slots = 1 << 16;  // closed-table slots per worker at the start
constexpr long idle_park_ns = 1'000'000;   // an idle worker looks at the clock and limits this often
constexpr long gated_park_ns = 200'000;    // a waiting worker looks at the others' keys this often
constexpr int gated_spins = 64;            // yields before a waiting worker sleeps
constexpr int lookahead_slot_bits = 10;    // expansions computed ahead held at once: 2^10
constexpr size_t lookahead_stack = 4096;   // states a helper keeps to compute ahead, at most
constexpr int helpers_per_worker = 1;      // workers computing ahead for one worker, at most
constexpr uint32_t candidate_span = 64;    // publish_candidate(): h values searched for the node after next
constexpr uint32_t target_rescan = 32;     // look_ahead() calls between looks for the worker to help
// A worker that pops a state a helper is computing ahead waits for it this
// long at most, then expands it itself (a few expansions' time).
constexpr std::chrono::nanoseconds ahead_patience{25'000};
constexpr uint64_t early_share = 4;  // early(): per best f, at most 1/early_share of the expansions below it

// An open-list key (f, h) as one number: lower is better.
using Key = uint64_t;
constexpr Key no_key = ~Key{0};
inline Key make_key(uint32_t f, uint32_t h) { return (Key{f} << 32) | h; }

constexpr uint64_t no_goal = ~uint64_t{0};

inline void lower_to(std::atomic<uint64_t>& a, uint64_t v) {
    uint64_t cur = a.load(std::memory_order_relaxed);
    while (v < cur && !a.compare_exchange_weak(cur, v, std::memory_order_release, std::memory_order_relaxed)) {
    }
}

template <class Exp>
struct Worker {
    Worker(int id, const board::Board& board, const Options& options, const state::Packing& packing, int workers)
        : id(id), arena(packing.stride()), expander(board, options), out(workers, nullptr), out_key(workers, no_key),
          urgent(workers, 0), packed(packing.stride()), unpacked(packing.words() + 1),
          candidate_words(packing.words() + 1), strengthened(options.fives_after == 0), candidate(packing.words() + 1) {}

    const int id;
    state::Arena arena;  // states as state::Packing stores them
    Nodes nodes;
    OpenList open;
    Exp expander;
    SearchStats stats;
    WorkerStats share;
    std::vector<uint64_t> expanded_at_f;  // expansions per f, for counts below the last layer
    uint32_t max_f = 0;
    concurrent::BatchPool pool;
    std::vector<concurrent::Batch*> out;  // batch being filled per destination
    std::vector<Key> out_key;             // the lowest key in it
    std::vector<uint8_t> urgent;          // it holds a child that continues the best line
    std::vector<uint64_t> packed;         // the state being inserted, packed
    std::vector<uint64_t> unpacked;       // the state popped (to be expanded), unpacked once
    std::vector<uint64_t> candidate_words;  // the candidate being published, unpacked (lookahead)
    bool active = true;
    Clock::time_point idle_since;
    uint32_t held_f = no_cost;  // f of a node popped and not expanded when a limit stopped the search
    bool strengthened = false;   // the bound switched (Options::fives_after)
    uint32_t rescore_below = 0;  // nodes stored before, scored again when popped
    Key published = no_key;  // last value stored in open_key
    Key best_seen = 0;       // the best key of all workers when last read
    bool in_layer = false;   // Options::hda_lag_auto: the search is young, lag 0 (below() under hda_parallel_below)
    uint64_t below = 0;      // Options::hda_lag_auto: expansions below the best f when last read (below())
    uint32_t early_f = 0;    // early(): the best f its count is for
    uint64_t early_in_f = 0; // early(): expansions above early_f
    uint32_t candidate_index = ~uint32_t{0};  // the node last published as candidate (lookahead)
    // Lookahead as a helper: the states still to compute ahead for another
    // worker, a stack of entries (state, then g << 32 | h), the next on top.
    std::vector<uint64_t> ahead_stack;
    uint64_t ahead_seq = 0;  // the helped worker's candidate last read
    int ahead_target = -1;   // the worker helped
    struct AheadNext {
        uint32_t tie;
        uint32_t at;  // the child's entry in ahead_stack
    };
    std::vector<AheadNext> ahead_order;     // children that go on in the helped worker's f
    std::vector<uint64_t> ahead_children;  // scratch: the entry expanded, then the children's entries
    // Scratch: the children of an expansion, collected before they are
    // stored or scored (emit_children()).
    struct Emitted {
        uint64_t hash;
        moves::Push push;
        int owner;
    };
    std::vector<uint64_t> emitted_words;  // their states, stride words each
    std::vector<Emitted> emitted;

    // Read and written by other workers.
    concurrent::Inbox inbox;
    alignas(64) std::atomic<Key> inbox_key{no_key};  // lowest key sent here and not yet drained
    alignas(64) std::atomic<Key> open_key{no_key};   // lowest key of the open list below the incumbent
    std::atomic<uint64_t> bytes{0};                  // published every so often for the memory limit
    alignas(64) std::atomic<uint64_t> at_f{0};       // f << 40 | expansions at f, of the last expansion
    std::atomic<uint64_t> expansions{0};             // Options::hda_lag_auto reads both
    concurrent::Parker parker;
    Candidate candidate;  // where helpers start (lookahead)
    alignas(64) std::atomic<int> helpers{0};  // workers computing ahead for this one (lookahead)
    std::atomic<int> helper{-1};              // the one that began last, woken for a new candidate
    int helping = -1;                         // the worker this one computes ahead for, or -1
    uint32_t ahead_calls = 0;                 // look_ahead() calls, for what it does only every so many
};

}  // namespace kernel

// Net: where batches for workers of other processes go (search/transport.hpp).
template <Order order, class Exp, class Meet = NoMeet, class Net = LocalNet>
class Hda {
    using Cell = board::Cell;
    using Clock = kernel::Clock;
    using Key = kernel::Key;
    using Worker = kernel::Worker<Exp>;

public:
    Hda(const board::Board& board, const Options& options, Meet meet = {}, Net net = {})
        : board_(board),
          options_(options),
          threads_(std::max(1, options.threads)),
          first_(net.first_worker()),
          total_(net.workers(threads_)),
          stride_(board.words() + 1),
          record_words_(stride_ + message_words),
          packing_(board),
          weight_(static_cast<uint32_t>(std::max(1, options.weight))),
          // Speculation is defined by the wait within a layer: with the
          // layer-only default it waits as with lag 0 (as before the default changed).
          tie_scale_(order == Order::astar ? Exp::tie_ranks(board, options) : 1),
          auto_lag_(order == Order::astar && threads_ > 1 && options.hda_lag == Options::hda_lag_auto &&
                    !options.hda_speculate && !Net::distributed),
          lag_(options.hda_lag == Options::hda_lag_layer || options.hda_lag == Options::hda_lag_auto
                   ? (options.hda_speculate ? 0 : Options::hda_lag_layer)
                   : options.hda_lag * static_cast<int>(tie_scale_)),
          gated_(order == Order::astar && threads_ > 1 && (options.hda_lag >= 0 || options.hda_lag == Options::hda_lag_auto) &&
                 !Net::distributed),
          local_dive_(gated_ && options.hda_local_dive && !Meet::active),
          handover_(local_dive_ && options.hda_handover.value_or(false)),
          lookahead_(local_dive_ && options.hda_lookahead),
          speculate_(gated_ && options.hda_speculate),
          grows_abstract_(auto_lag_ && options.distribution == Options::Distribution::automatic && !Meet::active),
          concentrated_(auto_lag_ && lookahead_ && !handover_),
          zone_keys_(grows_abstract_ ? board.zone_owner_keys(options.zone_cells) : std::vector<uint32_t>{}),
          node_limit_(options.limits.node_limit == 0 || total_ == threads_
                          ? options.limits.node_limit
                          : std::max<uint64_t>(1, options.limits.node_limit * threads_ / total_)),
          refs_(total_),
          table_(threads_, kernel::initial_slots,
                 Meet::active || local_dive_ ? concurrent::ClosedTable::Growth::owner
                              : concurrent::ClosedTable::Growth::owner_reads_only),
          meet_(meet),
          net_(net),
          termination_(threads_),
          start_(Clock::now()) {
        if (lookahead_)
            ahead_ = std::make_unique<Lookahead>(stride_, 4 * static_cast<int>(board.boxes()), kernel::lookahead_slot_bits);
        for (int i = 0; i < threads_; ++i)
            workers_.push_back(std::make_unique<Worker>(i, board, options, packing_, total_));
    }

    SearchResult run();

    SearchView view() const {
        SearchView v{&table_, &packing_, {}, {}};
        for (const auto& w : workers_) {
            v.arenas.push_back(&w->arena);
            v.nodes.push_back(&w->nodes);
        }
        return v;
    }
    // The pushes from a start state to the node at `place`, in order (a
    // tunnel macro as its single pushes); once the workers have stopped.
    std::vector<moves::Push> path_to(Place place) const {
        std::vector<moves::Push> path;
        for (Ref r = refs_.make(place.shard, place.index);;) {
            const Node& n = workers_[refs_.worker(r)]->nodes[refs_.index(r)];
            if (n.parent == no_ref) break;
            path.push_back(moves::Push{n.box, n.dir, n.run});
            r = n.parent;
        }
        std::reverse(path.begin(), path.end());
        return unrolled(path);
    }

private:
    // Moves (tunnel macros among them) as single pushes, in the same order.
    std::vector<moves::Push> unrolled(const std::vector<moves::Push>& moves) const {
        std::vector<moves::Push> pushes;
        for (const moves::Push& m : moves) moves::unroll(board_, m, pushes);
        return pushes;
    }
    int owner_of(uint64_t hash) const { return shard_of(hash, total_); }
    // The owner of `state` (hash: its hash): worker 0 while the search is
    // young and concentrated_, else by its hash; once the search has grown
    // (Options::Distribution::automatic) by its zones.
    int owner_for(const uint64_t* state, uint64_t hash) const {
        return owner_by(hash, [&] { return zones_of(state); });
    }
    // ... of a child (its push from the parent): its zone key from the
    // parent's (zones_of(parent)), the pushed box's zone swapped.
    int child_owner(uint32_t parent_zones, uint64_t hash, const moves::Push& push) const {
        return owner_by(hash, [&] { return child_zones(parent_zones, push); });
    }
    // zones(): the state's zone key, asked for only once grown_ with abstract owners.
    template <class Zones>
    int owner_by(uint64_t hash, Zones&& zones) const {
        if (!grown_.load(std::memory_order_relaxed)) return concentrated_ ? first_ : owner_of(hash);
        if (!grows_abstract_) return owner_of(hash);
        return shard_of(zones(), total_);
    }
    uint32_t child_zones(uint32_t parent_zones, const moves::Push& push) const {
        return parent_zones ^ zone_keys_[push.box] ^ zone_keys_[moves::landing(board_, push)];
    }
    // The zone key of a state (abstract ownership): its boxes' keys, xored.
    uint32_t zones_of(const uint64_t* state) const {
        uint32_t zones = 0;
        if (grows_abstract_) state::for_each_box(state, board_.words(), [&](board::Cell c) { zones ^= zone_keys_[c]; });
        return zones;
    }
    // Worker numbers of the whole search (they differ from the local ones
    // only with a distributed Net), and the Ref of a node of `me`.
    int home(const Worker& me) const { return Net::distributed ? first_ + me.id : me.id; }
    bool is_local(int owner) const { return !Net::distributed || (owner >= first_ && owner < first_ + threads_); }
    Ref ref(const Worker& me, uint32_t index) const { return refs_.make(home(me), index); }
    // Every worker of the search is out of work (or it was stopped).
    bool all_done() const {
        if constexpr (Net::distributed) return net_.finished();
        else return termination_.done();
    }
    NetPort port();
    // Open-list keys: the order's f, and the tie-break within it.
    uint32_t key(uint32_t g, uint32_t h) const {
        if constexpr (order == Order::astar) return g + h;
        if constexpr (order == Order::weighted) return g + weight_ * h;
        return h;
    }
    // In A* order with a tie-break other than lifo (Options::tie_break) the
    // tie is h * tie_scale_ + the state's rank (< tie_scale_, the
    // expander's tie_rank()): lower h first, then the lower rank. The order
    // inside an f layer is free (the proof above only asks that every node
    // below the incumbent's f be expanded), so this keeps optimality.
    // The rank is scored only where it decides: when the state is stored
    // in an open list, and for a child sent away, when it ties its parent's
    // h (does it continue the best line?). A batch's key takes rank 0, which
    // can only make its f layer look busier to the others (a gate).
    uint32_t tie(uint32_t g, uint32_t h, uint32_t rank) const {
        if constexpr (order == Order::greedy) return g;
        return h * tie_scale_ + rank;
    }
    uint32_t rank(Worker& me, const uint64_t* state) const {
        return tie_scale_ == 1 ? 0 : me.expander.tie_rank(state);
    }
    // ... of the child the expander is emitting (`child`), from its parent's where the expander can.
    uint32_t child_rank(Worker& me, const uint64_t* child) const {
        if constexpr (requires { me.expander.child_rank(); }) return tie_scale_ == 1 ? 0 : me.expander.child_rank();
        else return rank(me, child);
    }
    // The open list's first key: f, or with speculation (f, line), the second
    // line after the first within each f; f_of() takes the f back.
    uint32_t major(uint32_t g, uint32_t h, bool second) const {
        return speculate_ ? 2 * key(g, h) + second : key(g, h);
    }
    uint32_t f_of(uint32_t major) const { return speculate_ ? major >> 1 : major; }
    // The g of an entry with key (f, tie): a node whose g differs was
    // reached again with a smaller g after the entry was made (stale).
    uint32_t g_of(uint32_t f, uint32_t t) const {
        if constexpr (order == Order::astar) return f - t / tie_scale_;
        if constexpr (order == Order::weighted) return f - weight_ * t;
        return t;
    }
    uint32_t incumbent() const {
        // Relaxed: a stale (higher) incumbent only prunes less.
        return incumbent_.load(std::memory_order_relaxed);
    }
    void lower_incumbent(uint32_t cost) {
        uint32_t cur = incumbent_.load(std::memory_order_relaxed);
        while (cost < cur && !incumbent_.compare_exchange_weak(cur, cost, std::memory_order_relaxed)) {
        }
    }
    // Work below the incumbent (A*), or any open node (the other orders).
    bool has_work(Worker& me) {
        if (me.open.empty()) return false;
        return order != Order::astar || f_of(me.open.min_f()) < incumbent();
    }

    void work(Worker& me);
    void drain_inbox(Worker& me);
    // Expands the node at `index`, popped with open-list key (major, t),
    // its state in me.unpacked; second: a speculative expansion, its
    // children on the second line;
    // helped: another worker computes ahead for this one (lookahead), so its
    // children may be in ahead_.
    void expand(Worker& me, uint32_t index, uint32_t major, uint32_t t, bool second, bool helped);
    // Stores a state in the owner's shard, or reopens it with a smaller g;
    // records goals; bound() gives the h of a new state. A shadow (a state
    // another worker stored and expands itself, a local dive) is stored
    // closed, or closes a copy with a larger g: this owner expands it again
    // only when it is reached with a smaller g. flags: Message's shadow_bit,
    // second_bit and counted_bit. True when the state was stored already.
    template <class Bound, class Rank>
    bool insert(Worker& me, const uint64_t* state, uint64_t hash, Ref parent, uint16_t g, moves::Push move,
                Bound&& bound, Rank&& rank, uint8_t flags = 0);
    void send(Worker& me, int owner, const uint64_t* state, const Message& m);
    void flush(Worker& me, int owner);
    void flush_all(Worker& me) {
        for (int w = 0; w < total_; ++w) flush(me, w);
    }
    bool behind(Worker& me, bool refresh);
    uint64_t below(uint32_t f) const;
    bool early(Worker& me);
    // The lag in force for `me` (Options::hda_lag_auto: 0 while the search is young).
    int lag(const Worker& me) const { return auto_lag_ && me.in_layer ? 0 : lag_; }
    void publish_candidate(Worker& me);
    // Lookahead: `me` now computes ahead for worker `target` (-1: for none),
    // which publishes its candidates and looks for its children in ahead_
    // only while some worker does (the look costs a cache miss an expansion).
    void help(Worker& me, int target) {
        if (me.helping == target) return;
        if (me.helping >= 0) {
            Worker& was = *workers_[me.helping];
            was.helpers.fetch_sub(1, std::memory_order_relaxed);
            int self = me.id;
            was.helper.compare_exchange_strong(self, -1, std::memory_order_relaxed);
        }
        if (target >= 0) {
            workers_[target]->helpers.fetch_add(1, std::memory_order_relaxed);
            workers_[target]->helper.store(me.id, std::memory_order_relaxed);
        }
        me.helping = target;
    }
    bool look_ahead(Worker& me);
    void emit_children(Worker& me, const uint64_t* state, uint32_t zones, SearchStats& counts);
    // Worker `owner` holds nothing at f or below, open or in flight to it
    // (as it last published). Read for every continuing child: reading it
    // every gate_refresh_interval expansions instead, and handing over one
    // child per read, gave the idle worker too little (XSokoban 51, PDB, 2
    // workers on a quiet machine: 1.31x one worker's speed against 1.62x).
    bool idle_in_layer(int owner, uint32_t f) const {
        const Key k = least_key(*workers_[owner]);
        return k == kernel::no_key || f_of(static_cast<uint32_t>(k >> 32)) > f;
    }
    // Worker `owner` (of this process, its shard readable: local dives)
    // stores `state` with g at most `g`; me.packed is used to compare.
    bool held(Worker& me, int owner, const uint64_t* state, uint64_t hash, uint32_t g) const {
        const uint32_t there = find_in(me, owner, state, hash);
        return there != concurrent::ClosedTable::none && load_g(workers_[owner]->nodes[there]) <= g;
    }
    // ... and has expanded it (or knows it dead) at g or less.
    bool expanded_by(Worker& me, int owner, const uint64_t* state, uint64_t hash, uint32_t g) const {
        const uint32_t there = find_in(me, owner, state, hash);
        if (there == concurrent::ClosedTable::none) return false;
        const Node& node = workers_[owner]->nodes[there];
        return is_closed(node) && load_g(node) <= g;
    }
    // Where worker `owner`'s shard holds `state` (ClosedTable::none: nowhere).
    // Packed only when a stored state's tag matches (most new states meet none).
    uint32_t find_in(Worker& me, int owner, const uint64_t* state, uint64_t hash) const {
        const Worker& to = *workers_[owner];
        const size_t packed_bytes = sizeof(uint64_t) * packing_.stride();
        bool packed = false;
        return table_.find(owner, hash, [&](uint32_t i) {
            if (!packed) {
                packing_.pack(state, me.packed.data());
                packed = true;
            }
            return std::memcmp(to.arena.at(i), me.packed.data(), packed_bytes) == 0;
        });
    }
    // The lowest key a worker published: its open list's and what was sent to it.
    // The inbox's first: drain_inbox() moves its key to the open list's
    // before clearing it.
    static Key least_key(const Worker& w) {
        const Key sent = w.inbox_key.load(std::memory_order_acquire);
        return std::min(sent, w.open_key.load(std::memory_order_acquire));
    }
    void record_goal(Ref goal, uint32_t g);
    void stop(Outcome why);
    void wake_all() {
        for (auto& w : workers_) w->parker.unpark();
    }
    bool check_limits(Worker& me);
    bool rescore(Worker& me, uint32_t index, uint32_t major_key, uint32_t t);  // its state in me.unpacked
    // Switches `me` to the stronger bound (Options::fives_after) once; the
    // states it stored before are scored again when they come up (rescore()).
    void strengthen(Worker& me) {
        if constexpr (requires { me.expander.strengthen(); }) {
            if (me.strengthened) return;
            me.strengthened = true;
            if (me.expander.strengthen()) me.rescore_below = me.arena.size();
        }
    }
    void go_idle(Worker& me);
    void wake(Worker& me);
    SearchResult finish();
    uint32_t least_open_f();

    const board::Board& board_;
    const Options& options_;
    const int threads_, first_, total_, stride_, record_words_;  // stride_: a working state's words
    const state::Packing packing_;                                 // how the arenas hold states
    const uint32_t weight_;
    const uint32_t tie_scale_;  // A* with a tie rank: the expander's tie_ranks() (the tie's h unit), else 1
    const bool auto_lag_;       // Options::hda_lag_auto: 0 while the search is young (Worker::in_layer), then lag_
    const int lag_;             // in units of the tie (h * tie_scale_)
    const bool gated_;
    const bool local_dive_;
    const bool handover_;
    const bool lookahead_;
    const bool speculate_;
    // Options::Distribution::automatic: the zone keys of abstract ownership
    // (board/abstract_zobrist.cpp), which owner_for() takes once grown_.
    const bool grows_abstract_;
    const bool concentrated_;  // worker 0 owns every state until grown_ (one owner while young, above)
    const std::vector<uint32_t> zone_keys_;
    std::atomic<bool> grown_{false};
    // This process's share of the node limit: all of it in one process; over
    // MPI each rank stops at its share of the workers' part, so that the
    // ranks together stay within the limit between two termination waves
    // (the waves add every rank's expansions too).
    const uint64_t node_limit_;
    const RefCodec refs_;
    std::vector<std::unique_ptr<Worker>> workers_;
    concurrent::ClosedTable table_;  // shard i: worker i's states, by arena index
    std::unique_ptr<Lookahead> ahead_;  // expansions computed ahead (lookahead_)
    Meet meet_;
    Net net_;

    // Shared by every worker. The often written counters sit on cache lines
    // of their own, away from the read-mostly incumbent and stop flag that
    // every child and every loop reads.
    alignas(64) std::atomic<uint64_t> best_{kernel::no_goal};  // (g << 32) | Ref of the best goal stored
    // The incumbent: the cost of the best goal generated. A goal is counted
    // as soon as it is generated, before it reaches its owner; the in-flight
    // count keeps the search alive until it is stored, so at the end best_
    // holds a goal of exactly this cost.
    std::atomic<uint32_t> incumbent_{no_cost};
    std::atomic<int> stopped_{0};          // 1 + Outcome when the search was stopped
    std::atomic<bool> lost_{false};        // a state was dropped: no open-f bound at the end
    concurrent::Termination termination_;  // active workers + states in flight
    alignas(64) std::atomic<uint64_t> expanded_{0};  // for the node limit
    Clock::time_point start_;
};

// Termination (concurrent/termination.hpp): a worker is out of work when its
// open list holds nothing below the incumbent; it flushes its batches before
// it says so. The search ends when no state is anywhere but in an open list
// at f >= incumbent, which proves the incumbent optimal.
template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::go_idle(Worker& me) {
    flush_all(me);
    if (!me.active) return;
    me.active = false;
    me.idle_since = Clock::now();
    termination_.deactivate();
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::wake(Worker& me) {
    if (me.active) return;
    me.active = true;
    termination_.activate();
    me.share.idle_s += std::chrono::duration<double>(Clock::now() - me.idle_since).count();
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::record_goal(Ref goal, uint32_t g) {
    uint64_t mine = (static_cast<uint64_t>(g) << 32) | goal;
    // Relaxed: the goal's node is read only after the threads are joined.
    kernel::lower_to(best_, mine);
    lower_incumbent(g);
    if constexpr (order != Order::astar) stop(Outcome::solved);  // the first solution will do
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::stop(Outcome why) {
    int expected = 0;
    if (stopped_.compare_exchange_strong(expected, 1 + static_cast<int>(why), std::memory_order_relaxed))
        wake_all();
}

template <Order order, class Exp, class Meet, class Net>
template <class Bound, class Rank>
bool Hda<order, Exp, Meet, Net>::insert(Worker& me, const uint64_t* state, uint64_t hash, Ref parent, uint16_t g,
                                   moves::Push move, Bound&& bound, Rank&& rank, uint8_t flags) {
    const bool shadow = (flags & shadow_bit) != 0, second = (flags & second_bit) != 0;
    if (me.arena.size() >= refs_.max_index()) {
        stop(Outcome::memory_limit);  // this worker's references are exhausted
        lost_.store(true, std::memory_order_relaxed);
        return false;
    }
    // The bound only for new states: duplicates keep the h they were stored
    // with. The node is in place before the table publishes its index; a
    // dead state is stored too, so that its duplicates cost nothing.
    uint32_t h = 0;
    packing_.pack(state, me.packed.data());
    const size_t packed_bytes = sizeof(uint64_t) * packing_.stride();
    const concurrent::ClosedTable::Found found = table_.insert(
        me.id, hash, [&](uint32_t index) { return std::memcmp(me.arena.at(index), me.packed.data(), packed_bytes) == 0; },
        [&] {
            h = bound();
            const bool dead = h == heuristic::dead;
            me.nodes.push_back(Node{parent, g, move.box, move.dir, move.run,
                                    static_cast<uint8_t>(dead ? closed_flag | dead_flag : shadow ? closed_flag : 0)});
            return me.arena.add(me.packed.data());
        });
    if (!found.inserted) {
        // A shadow's state is counted once: here unless the diver found it
        // stored already in its own shard (a state may be stored in two).
        if (!(flags & counted_bit)) ++me.stats.duplicates;
        Node& old = me.nodes[found.ref];
        if (is_dead(old) || g >= old.g) return true;
        // Scored again (nodes keep no h): the same bound, the state being the same.
        h = bound();
        if (h == heuristic::dead) return true;
        if (is_closed(old) && !shadow) ++me.stats.reopened;
        old.parent = parent;
        old.box = move.box;
        old.dir = move.dir;
        old.run = move.run;
        // A shadow: the diver expands it at this g; an open entry here is stale now.
        store_flags(old, shadow ? closed_flag : 0);
        store_g(old, g);  // g and flags may be read by another thread (view())
    } else if (h == heuristic::dead) {
        ++me.stats.pruned_matching;
        return false;
    }
    if (shadow) return !found.inserted;  // the diver records a goal and expands it
    if (h == 0 && me.expander.is_goal(state)) record_goal(ref(me, found.ref), g);
    if (g + h < incumbent()) me.open.push(major(g, h, second), tie(g, h, rank()), found.ref);
    if constexpr (Meet::active) meet_.reached(state, hash, g, Place{me.id, found.ref});
    return !found.inserted;
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::send(Worker& me, int owner, const uint64_t* state, const Message& m) {
    concurrent::Batch*& batch = me.out[owner];
    if (!batch) batch = me.pool.acquire(kernel::batch_records * record_words_);
    pack(batch->append(record_words_), state, stride_, m);
    // A shadow is stored closed there (the sender expands it): no work for the owner.
    if (!(m.dir & shadow_bit))
        me.out_key[owner] = std::min(me.out_key[owner], kernel::make_key(major(m.g, m.h, (m.dir & second_bit) != 0), tie(m.g, m.h, 0)));
    ++me.share.sent;
    if (batch->size(record_words_) == kernel::batch_records) flush(me, owner);
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::flush(Worker& me, int owner) {
    concurrent::Batch*& batch = me.out[owner];
    me.urgent[owner] = 0;
    if (!batch) return;
    // Count the records as in flight before they can be seen (and subtracted).
    termination_.sent(batch->size(record_words_));
    if constexpr (Net::distributed) {
        if (!is_local(owner)) {  // a worker of another process
            net_.send(owner, batch);
            batch = nullptr;
            me.out_key[owner] = kernel::no_key;
            return;
        }
    }
    Worker& to = *workers_[owner - first_];
    to.inbox.push(batch);
    batch = nullptr;
    // After the push: a stale low key (the batch already drained) only makes
    // others wait until the owner's next drain clears it.
    if (gated_) kernel::lower_to(to.inbox_key, me.out_key[owner]);
    me.out_key[owner] = kernel::no_key;
    to.parker.unpark();
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::drain_inbox(Worker& me) {
    // Cleared before taking, and on every call: a key whose batch was taken
    // before the key arrived (see flush()) lives until the next call. It
    // goes to the open list's key first, which behind() corrects after the
    // batch is stored: a worker reading both keys never finds neither, even
    // if this one is descheduled while it stores the batch. Cleared first,
    // the best key of all could vanish for a time slice while the others
    // went on expanding worse nodes (XSokoban 54, PDB, 4 workers beside two
    // CPU-bound loops on 2 cores: 2.8 M expansions against 180,213 in 2 runs
    // of 72; perf/results/last-layer-s43.md).
    if (gated_) {
        const Key sent = me.inbox_key.load(std::memory_order_acquire);
        if (sent != kernel::no_key) {
            if (sent < me.published) {
                me.published = sent;
                me.open_key.store(sent, std::memory_order_release);
            }
            me.inbox_key.store(kernel::no_key, std::memory_order_seq_cst);
        }
    }
    if (me.inbox.empty()) return;
    concurrent::Batch* batch = me.inbox.take_all();
    if (!batch) return;
    wake(me);
    int64_t drained = 0;
    while (batch) {
        concurrent::Batch* next = batch->next;
        const int n = batch->size(record_words_);
        for (int i = 0; i < n; ++i) {
            const uint64_t* r = batch->record(i, record_words_);
            const Message m = unpack(r, stride_);
            insert(me, r, m.hash, m.parent, m.g,
                   moves::Push{m.box, static_cast<uint8_t>(m.dir & dir_bits), m.run},
                   [&m] { return uint32_t{m.h}; }, [&m] { return uint32_t{m.rank}; }, static_cast<uint8_t>(m.dir & ~dir_bits));
        }
        me.share.received += n;
        drained += n;
        batch->owner->release(batch);  // back to the sender's pool
        batch = next;
    }
    termination_.received(drained);
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::expand(Worker& me, uint32_t index, uint32_t major_key, uint32_t t, bool second,
                                        bool helped) {
    const Node parent = me.nodes[index];
    const Ref parent_ref = ref(me, index);
    const Key parent_key = kernel::make_key(major_key, t);
    const uint8_t line = second ? second_bit : 0;
    bool urgent = false;
    // me.unpacked holds the state, unpacked when it was popped (work()).
    // Each child, from the expander or computed ahead, with its owner
    // (child_owner()): bound() its h, rank_of() its tie rank.
    const uint32_t parent_zones = zones_of(me.unpacked.data());
    auto each_child = [&](const uint64_t* child, uint64_t hash, const moves::Push& push, int owner, auto&& bound,
                          auto&& rank_of) {
        const uint16_t g = static_cast<uint16_t>(parent.g + push.run);
        if (owner == home(me)) {  // duplicates first, the bound only if new
            insert(me, child, hash, parent_ref, g, push, bound, rank_of, line);
            return;
        }
        // Another worker's state. Where its shard may be read (local dives),
        // a copy its owner holds at g or less already is a duplicate, as it
        // would be there: dropped before it is scored and sent.
        if (local_dive_ && held(me, owner, child, hash, g)) {
            ++me.stats.duplicates;
            return;
        }
        // Scored here, where the incremental bound is cheap.
        const uint32_t h = bound();
        if (h == heuristic::dead) {
            ++me.stats.pruned_matching;
            return;
        }
        if (g + h >= incumbent()) return;  // cannot improve on the incumbent
        // Its rank travels with it: scored here from its parent's
        // (Expander::child_rank()), not again at the owner.
        const uint32_t rank = rank_of();
        // It continues the best line when its key is no worse than its parent's.
        const Key lowest = kernel::make_key(major(g, h, second), tie(g, h, rank));
        const bool continues = gated_ && lowest <= parent_key;
        Message m{hash, parent_ref, g, static_cast<uint16_t>(h), push.box, static_cast<uint8_t>(push.dir | line),
                  push.run, static_cast<uint16_t>(rank)};
        if (continues && local_dive_ && !(handover_ && idle_in_layer(owner, g + h))) {
            // The dive stays here: no hop, no wait; its owner remembers it.
            const bool counted =
                insert(me, child, hash, parent_ref, g, push, [h] { return h; }, [rank] { return rank; }, line);
            m.dir |= shadow_bit | (counted ? counted_bit : 0);
            send(me, owner, child, m);
            return;
        }
        if (h == 0 && me.expander.is_goal(child)) lower_incumbent(g);  // prune with it while it travels
        send(me, owner, child, m);
        if (continues) {
            me.urgent[owner] = 1;
            urgent = true;
        }
    };
    bool computed_ahead = false;
    if (helped) {
        // The children the helper counted as duplicates are not looked up
        // again: each was stored at its g or less where each_child() would
        // look (its owner's shard) when the helper computed it, and stored
        // states stay, their g only falls (the slot is for this parent's g).
        computed_ahead = ahead_->take(
            state::state_hash(board_, me.unpacked.data()), me.unpacked.data(), parent.g, me.strengthened,
            kernel::ahead_patience, me.stats, [&](const uint64_t* child, const AheadChild& c) {
                const moves::Push push{c.box, c.dir, c.run};
                each_child(child, c.hash, push, child_owner(parent_zones, c.hash, push), [&c] { return c.h; },
                           [&c] { return uint32_t{c.rank}; });
            });
        if (computed_ahead) ++me.share.ahead_taken;
    }
    if (!computed_ahead) {
        emit_children(me, me.unpacked.data(), parent_zones, me.stats);
        for (size_t i = 0; i < me.emitted.size(); ++i) {
            const uint64_t* child = me.emitted_words.data() + i * stride_;
            const auto& [hash, push, owner] = me.emitted[i];
            me.expander.reselect(child, push, hash);
            each_child(child, hash, push, owner, [&] { return me.expander.bound(); },
                       [&] { return child_rank(me, child); });
        }
    }
    if (urgent)  // the best line goes on at its owner now, not with the next batch
        for (int w = 0; w < total_; ++w)
            if (me.urgent[w]) flush(me, w);
}

// True when this worker's best open key is more than lag behind the best
// key of all workers (their open lists and what is in flight to them).
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::behind(Worker& me, bool refresh) {
    uint32_t f, h;
    me.open.peek(f, h);
    const Key mine = kernel::make_key(f, h);
    if (mine != me.published) {
        me.published = mine;
        me.open_key.store(mine, std::memory_order_release);
    }
    if (!refresh && mine <= me.best_seen + lag(me)) return false;
    Key best = mine;
    for (const auto& w : workers_) best = std::min(best, least_key(*w));
    me.best_seen = best;
    if (auto_lag_) {
        me.below = below(f_of(static_cast<uint32_t>(best >> 32)));
        me.in_layer = me.below < options_.hda_parallel_below;
        if (!me.in_layer && (grows_abstract_ || concentrated_) && !grown_.load(std::memory_order_relaxed))
            grown_.store(true, std::memory_order_relaxed);
    }
    return mine > best + lag(me);
}

// Options::hda_lag_auto: the expansions in the layers below f (as the
// workers last published).
template <Order order, class Exp, class Meet, class Net>
uint64_t Hda<order, Exp, Meet, Net>::below(uint32_t f) const {
    uint64_t in_f = 0, all = 0;
    for (const auto& w : workers_) {
        const uint64_t at = w->at_f.load(std::memory_order_relaxed);
        if ((at >> 40) == f) in_f += at & ((uint64_t{1} << 40) - 1);
        all += w->expansions.load(std::memory_order_relaxed);
    }
    return all - std::min(all, in_f);
}

// Options::hda_lag_auto, grown (past hda_parallel_below), a worker behind
// the best f by one layer: whether it expands its own best node now rather
// than wait at the layer's gate. Once the best f's layer ends that node is
// needed anyway (every node below the optimum is expanded); it is wasted
// only if that layer holds the optimum, so each worker does at most
// below / (early_share * workers) such expansions per best f: all of them
// together waste at most 1/early_share of the expansions below the
// optimum's layer, whatever the scheduling.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::early(Worker& me) {
    if (!auto_lag_ || me.in_layer) return false;
    const uint32_t mine = f_of(static_cast<uint32_t>(me.published >> 32)),
                   best = f_of(static_cast<uint32_t>(me.best_seen >> 32));
    if (mine > best + 2) return false;  // the next layer (two pushes up, in parity), no further
    if (best != me.early_f) {
        me.early_f = best;
        me.early_in_f = 0;
    }
    if (me.early_in_f >= me.below / (kernel::early_share * static_cast<uint64_t>(threads_))) return false;
    ++me.early_in_f;
    ++me.share.early;
    return true;
}

// Lookahead, the worker expanding: where helpers start to compute ahead.
// Not the node it will pop after this one (where it goes when its best
// line ends) but the one after that, in the same f: the worker reaches the
// next one soon after a short line, and then waited for the helper that
// had just begun it (Microban 93, matching, 2 workers: 411,602 of 707,555
// takes waited). 3 alternated rounds, 2 workers against one: Microban 93
// 1.82x against 1.73x; PDB: XSokoban 49 1.42x against 1.34x, 5 1.51x
// against 1.46x, 51 1.34x against 1.28x (perf/results/last-layer-s50.md).
// Only the first, when no other lies within kernel::candidate_span of h.
template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::publish_candidate(Worker& me) {
    if (me.open.empty()) return;
    uint32_t m, t, index;
    if (!me.open.second(m, t, index, kernel::candidate_span * tie_scale_)) index = me.open.top(m, t);
    const Node& node = me.nodes[index];
    if (index == me.candidate_index || is_closed(node) || node.g != g_of(f_of(m), t)) return;
    me.candidate_index = index;
    packing_.unpack(me.arena.at(index), me.candidate_words.data());
    me.candidate.publish(me.candidate_words.data(), node.g, t / tie_scale_, me.strengthened);
    // A helper that computed all it had sleeps until a new candidate (idle
    // in work()): woken now, not when its sleep times out (XSokoban 9, PDB,
    // 2 workers: 0.15 s of a 0.36 s search asleep, a millisecond at a time).
    if (const int h = me.helper.load(std::memory_order_relaxed); h >= 0) workers_[h]->parker.unpark_sleeper();
}

// Expands `state` (zones: zones_of(state)) into me.emitted and
// me.emitted_words (its children, in the expander's order, each with its
// hash, push and owner), the table slot
// each one's lookup or insert will read prefetched as it comes: for writing
// where this worker stores it, for reading in another worker's shard that it
// reads (local dives). The stores and lookups that follow then miss the
// cache together, not one after the other (Microban 93, matching, one
// worker: the insert's load of the slot was 76 % of the child callback's
// samples and 7 % of the search's; 3 alternated rounds, twice: 1.04x and
// 1.03x one worker's speed). Inside the caller's loop,
// Expander::reselect() makes a child the one bound() speaks of.
template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::emit_children(Worker& me, const uint64_t* state, uint32_t zones,
                                               SearchStats& counts) {
    me.emitted_words.clear();
    me.emitted.clear();
    me.expander.expand(state, counts, [&](const uint64_t* child, uint64_t hash, const moves::Push& push) {
        const int owner = child_owner(zones, hash, push);
        assert(!grows_abstract_ || zones_of(child) == child_zones(zones, push));
        if (owner == home(me)) table_.prefetch(me.id, hash, true);
        else if (local_dive_) table_.prefetch(owner, hash);
        me.emitted_words.insert(me.emitted_words.end(), child, child + stride_);
        me.emitted.push_back({hash, push, owner});
    });
}

// Lookahead, a worker with nothing to expand: one expansion computed ahead
// for the worker holding the best key, into ahead_; false when there is none
// to compute. The helper searches below that worker's candidates in the
// order that worker will: the newest candidate first (the deepest place the
// worker will come back to), then depth first below it, the children of the
// same f by the lowest tie, the last of equals first (its open list is last
// in first out). States computed already, or expanded by the worker, are
// skipped; nothing is stored or closed, so the search's order is the
// helped worker's own.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::look_ahead(Worker& me) {
    const size_t entry = static_cast<size_t>(stride_) + 2;  // the state, (g, h), its hash
    // The worker holding the best key, looked for every kernel::target_rescan
    // calls: its key changes at nearly every expansion, and each look takes
    // the line from it.
    int target = me.ahead_target;
    if (++me.ahead_calls % kernel::target_rescan == 0 || target < 0) {
        target = -1;
        Key best = kernel::no_key;
        for (const auto& w : workers_) {
            const Key k = w->open_key.load(std::memory_order_relaxed);
            if (w->id != me.id && k < best) {
                best = k;
                target = w->id;
            }
        }
    }
    if (target < 0) return false;
    // One helper per worker: a diver uses little more, and on a shared
    // machine more helpers take the cores from it (XSokoban 5, PDB, 8
    // workers beside a CPU-bound process per core: 0.50x one worker's speed
    // with every waiting worker computing ahead, at one worker's nodes).
    if (me.helping != target && workers_[target]->helpers.load(std::memory_order_relaxed) >= kernel::helpers_per_worker)
        return false;
    if (target != me.ahead_target) {
        me.ahead_target = target;
        me.ahead_seq = 0;
        me.ahead_stack.clear();
    }
    help(me, target);
    uint64_t seq = me.ahead_seq;
    uint32_t g = 0, h = 0;
    bool strong = false;
    const size_t top = me.ahead_stack.size();
    if (top + entry > kernel::lookahead_stack * entry)  // the oldest half goes
        me.ahead_stack.erase(me.ahead_stack.begin(), me.ahead_stack.begin() + (top / entry / 2) * entry);
    me.ahead_stack.resize(me.ahead_stack.size() + entry);
    uint64_t* fresh = me.ahead_stack.data() + me.ahead_stack.size() - entry;
    if (workers_[target]->candidate.read(seq, fresh, g, h, strong)) {
        me.ahead_seq = seq;
        fresh[stride_] = (uint64_t{g} << 32) | h;
        fresh[stride_ + 1] = state::state_hash(board_, fresh);
        if (strong) strengthen(me);  // the bound the helped worker uses, as it would switch itself
    } else {
        me.ahead_stack.resize(me.ahead_stack.size() - entry);
    }
    if (me.ahead_stack.empty()) return false;
    // The entry on top, copied out: the children go where it was.
    std::vector<uint64_t>& state = me.ahead_children;
    state.assign(me.ahead_stack.end() - entry, me.ahead_stack.end());
    me.ahead_stack.resize(me.ahead_stack.size() - entry);
    g = static_cast<uint32_t>(state[stride_] >> 32);
    h = static_cast<uint32_t>(state[stride_]);
    const uint64_t hash = state[stride_ + 1];
    if (ahead_->holds(hash) || expanded_by(me, target, state.data(), hash, g)) return true;
    Lookahead::Writing slot = ahead_->claim(hash, state.data());
    if (!slot) return true;
    bool full = false;
    me.ahead_order.clear();
    const size_t base = me.ahead_stack.size();
    // Counted in the slot, the worker's once taken: the search's counts are
    // one worker's, whatever was computed ahead and never taken.
    // The children first, then the states their table slots point to: the
    // lookups below read the shard the worker writes, and their cache
    // misses overlap.
    emit_children(me, state.data(), zones_of(state.data()), slot.counts);
    for (const auto& e : me.emitted) {
        const uint32_t there = table_.peek(e.owner, e.hash);
        if (there != concurrent::ClosedTable::none) {
            const Worker& to = *workers_[e.owner];
            __builtin_prefetch(to.arena.at(there));
            __builtin_prefetch(&to.nodes[there]);
        }
    }
    for (size_t i = 0; i < me.emitted.size(); ++i) {
        const uint64_t* child = me.emitted_words.data() + i * stride_;
        const auto& [child_hash, push, owner] = me.emitted[i];
        // A duplicate where it is stored needs no bound (the worker scores
        // only new states), nor is it expanded below this state.
        if (held(me, owner, child, child_hash, g + push.run)) {
            ++slot.counts.duplicates;
            continue;
        }
        me.expander.reselect(child, push, child_hash);
        const uint32_t ch = me.expander.bound();
        const uint32_t r = child_rank(me, child);
        if (!ahead_->add(slot, child, AheadChild{child_hash, ch, static_cast<uint16_t>(r), push.box, push.dir, push.run}))
            full = true;
        if (ch == heuristic::dead || ch + push.run != h) continue;  // not in the helped worker's f
        if constexpr (requires { me.expander.child_dead(); })
            if (me.expander.deadlock_search_on_pop() && me.expander.child_dead())
                continue;  // dropped when popped: not worth diving
        const size_t top = me.ahead_stack.size();
        me.ahead_stack.insert(me.ahead_stack.end(), child, child + stride_);
        me.ahead_stack.push_back((uint64_t{g + push.run} << 32) | ch);
        me.ahead_stack.push_back(child_hash);
        me.ahead_order.push_back({tie(0, ch, r), static_cast<uint32_t>(top)});
    }
    if (full) {
        ahead_->abandon(slot);
        return true;
    }
    const bool caught_up = ahead_->publish(slot, g, me.strengthened);
    ++me.share.lookahead;
    if (caught_up) {  // the worker goes on below this state itself: not computed ahead
        me.ahead_stack.resize(base);
        return true;
    }
    // The children on the stack as the worker will take them: the lowest tie
    // on top, and of equal ties the last emitted.
    if (me.ahead_order.size() < 2) return true;
    const size_t first = me.ahead_order.front().at;
    std::stable_sort(me.ahead_order.begin(), me.ahead_order.end(),
                     [](const auto& a, const auto& b) { return a.tie > b.tie; });
    state.assign(me.ahead_stack.begin() + first, me.ahead_stack.end());
    for (size_t i = 0; i < me.ahead_order.size(); ++i)
        std::copy(state.begin() + (me.ahead_order[i].at - first), state.begin() + (me.ahead_order[i].at - first) + entry,
                  me.ahead_stack.begin() + first + i * entry);
    return true;
}

template <Order order, class Exp, class Meet, class Net>
NetPort Hda<order, Exp, Meet, Net>::port() {
    NetPort p;
    p.record_words = record_words_;
    p.batch_words = kernel::batch_records * record_words_;
    p.node_limit = options_.limits.node_limit;
    p.deliver = [this](int local, concurrent::Batch* batch) {
        termination_.sent(batch->size(record_words_));  // in flight here before it can be seen
        Worker& to = *workers_[local];
        to.inbox.push(batch);
        to.parker.unpark();
    };
    p.sent_out = [this](int64_t records) { termination_.received(records); };
    p.passive = [this] { return termination_.done(); };
    p.incumbent = [this] { return incumbent(); };
    p.lower_incumbent = [this](uint32_t cost) { lower_incumbent(cost); };
    p.stopped = [this] { return stopped_.load(std::memory_order_relaxed); };
    p.stop = [this](int why) { stop(static_cast<Outcome>(why - 1)); };
    p.expanded = [this] { return expanded_.load(std::memory_order_relaxed); };
    p.wake_all = [this] { wake_all(); };
    return p;
}

template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::check_limits(Worker& me) {
    const Limits& limits = options_.limits;
    if (limits.turns) limits.turns->take(limits.turn, limits.cancel);
    if (order == Order::astar && options_.shared_bound)  // another search's solution prunes too
        lower_incumbent(options_.shared_bound->load(std::memory_order_relaxed));
    uint64_t bytes = me.arena.bytes() + me.nodes.bytes() + table_.bytes(me.id) + me.open.bytes() +
                     me.ahead_stack.capacity() * sizeof(uint64_t) + (me.id == 0 && ahead_ ? ahead_->bytes() : 0);
    if (bytes > me.stats.memory_bytes) me.stats.memory_bytes = bytes;
    me.bytes.store(bytes + table_.growth_bytes(me.id), std::memory_order_relaxed);  // the limit sees a doubling coming
    if (limits.memory_limit_bytes) {
        uint64_t total = 0;
        for (const auto& w : workers_) total += w->bytes.load(std::memory_order_relaxed);
        if (total > limits.memory_limit_bytes) {
            stop(Outcome::memory_limit);
            return true;
        }
    }
    if (limits.time_limit_s > 0 &&
        std::chrono::duration<double>(Clock::now() - start_).count() > limits.time_limit_s) {
        stop(Outcome::time_limit);
        return true;
    }
    if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) {
        stop(Outcome::interrupted);
        return true;
    }
    return false;
}

// After the switch to the stronger bound (Options::fives_after) a node
// stored before it is scored again when it comes up: when its bound rose it
// goes back to the open list at its new f (or is dropped, dead) instead of
// being expanded, and true is returned. Any admissible bound keeps the
// proof above, so mixing the two does too.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::rescore(Worker& me, uint32_t index, uint32_t major_key, uint32_t t) {
    Node& node = me.nodes[index];
    const uint32_t h = me.expander.score(me.unpacked.data());  // unpacked when popped
    if (h != heuristic::dead && h <= t / tie_scale_) return false;
    ++me.stats.raised;
    if (h == heuristic::dead) {
        store_flags(node, closed_flag | dead_flag);
        return true;
    }
    const bool second = speculate_ && (major_key & 1);
    if (node.g + h < incumbent())
        me.open.push(major(node.g, h, second), tie(node.g, h, rank(me, me.unpacked.data())), index);
    return true;
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::work(Worker& me) {
    const Limits& limits = options_.limits;
    uint32_t layer_f = me.stats.initial_h;  // layers above the start are reported
    int since_flush = 0;
    while (stopped_.load(std::memory_order_relaxed) == 0) {
        if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) {
            stop(Outcome::interrupted);
            break;
        }
        // 1. duplicate detection for the states sent to this worker.
        drain_inbox(me);
        // 2. the best node below the incumbent; none: idle, and maybe the end.
        if (!has_work(me)) {
            if (gated_ && me.published != kernel::no_key) {
                me.published = kernel::no_key;
                me.open_key.store(kernel::no_key, std::memory_order_relaxed);
            }
            go_idle(me);
            if (all_done()) {
                wake_all();  // the others see it at once
                break;
            }
            if (lookahead_ && look_ahead(me)) {
                if (me.ahead_calls % kernel::limit_check_interval == 0 && check_limits(me)) break;
                continue;
            }
            if (check_limits(me)) break;
            me.parker.park(kernel::idle_park_ns, [&] {
                return !me.inbox.empty() || all_done() || stopped_.load(std::memory_order_relaxed) ||
                       (me.helping >= 0 && workers_[me.helping]->candidate.changed(me.ahead_seq));
            });
            continue;
        }
        wake(me);
        // 3. in the last layer: wait rather than expand far behind the best
        // node; or, in the best node's f, expand on the second line.
        bool second = false;
        if (gated_ && behind(me, me.stats.expanded % kernel::gate_refresh_interval == 0) &&
            !(second = speculate_ && f_of(static_cast<uint32_t>(me.published >> 32)) ==
                                         f_of(static_cast<uint32_t>(me.best_seen >> 32))) &&
            !early(me)) {
            flush_all(me);
            if (lookahead_ && look_ahead(me)) {  // time that would be spent waiting
                if (me.ahead_calls % kernel::limit_check_interval == 0 && check_limits(me)) break;
                continue;
            }
            ++me.share.waits;
            for (int spin = 0; spin < kernel::gated_spins && me.inbox.empty(); ++spin) {
                std::this_thread::yield();  // may give the core away for a whole time slice
                if (!behind(me, true) || check_limits(me)) break;
            }
            if (me.inbox.empty() && behind(me, true))
                me.parker.park(kernel::gated_park_ns, [&] {
                    return !me.inbox.empty() || stopped_.load(std::memory_order_relaxed) || !behind(me, true);
                });
            if (check_limits(me)) break;  // a wait costs more than the look at the clock
            continue;
        }
        uint32_t m, t;
        const uint32_t index = me.open.pop(m, t);
        const uint32_t f = f_of(m);
        Node& node = me.nodes[index];
        if (is_closed(node) || node.g != g_of(f, t)) continue;  // stale entry
        packing_.unpack(me.arena.at(index), me.unpacked.data());  // once, for all that follows
        if constexpr (requires { me.expander.dead_on_pop(nullptr, node.box, 0, 0); }) {
            if (me.expander.deadlock_search_on_pop() &&
                me.expander.dead_on_pop(me.unpacked.data(), node.box, node.dir, node.run)) {
                ++me.stats.pruned_subset;
                store_flags(node, closed_flag | dead_flag);  // its duplicates are dropped
                continue;
            }
        }
        if constexpr (order == Order::astar && requires { me.expander.strengthen(); }) {
            if (me.stats.expanded >= options_.fives_after) strengthen(me);
            if (index < me.rescore_below && rescore(me, index, m, t)) continue;
        }
        if constexpr (order == Order::astar) {
            if (f >= me.expanded_at_f.size()) me.expanded_at_f.resize(f + 1, 0);
            ++me.expanded_at_f[f];
            if (auto_lag_) {  // stores to a cache line of its own, which the others read every few expansions
                me.at_f.store((uint64_t{f} << 40) | me.expanded_at_f[f], std::memory_order_relaxed);
                me.expansions.store(me.stats.expanded + 1, std::memory_order_relaxed);
            }
            me.max_f = std::max(me.max_f, f);
            if (me.id == 0 && f > layer_f) {
                layer_f = f;
                if (options_.on_layer) {
                    SearchStats progress = me.stats;
                    progress.last_f = f;
                    progress.stored = table_.size(me.id);
                    progress.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
                    options_.on_layer(progress);
                }
            }
        }
        // 4. limits: the node limit counts every worker's expansions.
        if (node_limit_ && expanded_.fetch_add(1, std::memory_order_relaxed) >= node_limit_) {
            stop(Outcome::node_limit);
            me.held_f = f;
            break;
        }
        if ((me.stats.expanded % kernel::limit_check_interval) == 0 && check_limits(me)) {
            me.held_f = f;
            break;
        }
        store_flags(node, closed_flag);
        ++me.stats.expanded;
        if (me.helping >= 0) help(me, -1);
        // 5. expand; children go to their owners.
        if (second) ++me.share.speculative;
        const bool helped = lookahead_ && me.helpers.load(std::memory_order_relaxed) > 0;
        if (helped) publish_candidate(me);
        expand(me, index, m, t, second, helped);
        // Waiting within the layer: every child at its owner before the
        // next pop, so that the order is one worker's (a child held back in
        // a batch is missed as a duplicate, or its better key not seen:
        // XSokoban 56, PDB, lag 0, 2 workers: over 7 M expansions in 60 s
        // against one worker's 333,861).
        if (++since_flush == kernel::flush_interval || (gated_ && lag(me) < Options::hda_lag_layer)) {
            since_flush = 0;
            flush_all(me);
        }
    }
    me.stats.stored = table_.size(me.id);
    if (lookahead_) help(me, -1);
    check_limits(me);
    if (!me.active) me.share.idle_s += std::chrono::duration<double>(Clock::now() - me.idle_since).count();
}

template <Order order, class Exp, class Meet, class Net>
SearchResult Hda<order, Exp, Meet, Net>::run() {
    // Every start state goes to its owner before any thread starts.
    std::vector<uint64_t> scratch(stride_);
    uint32_t best_h = heuristic::dead;
    workers_[0]->expander.roots(scratch.data(), [&](uint32_t h) {
        if (h == heuristic::dead) return;
        const uint64_t hash = state::state_hash(board_, scratch.data());
        best_h = std::min(best_h, h);
        const int owner_id = owner_for(scratch.data(), hash);
        if (!is_local(owner_id)) return;  // another rank stores it
        auto store = [&](Worker& to, uint8_t flags) {
            insert(to, scratch.data(), hash, no_ref, 0, moves::Push{board::no_cell, 0}, [h] { return h; },
                   [&] { return rank(to, scratch.data()); }, flags);
        };
        Worker& owner = *workers_[owner_id - first_];
        if (local_dive_ && owner.id != 0) {
            // The dive starts at once on this thread, not when the owner's
            // thread first runs (on a busy machine, a time slice later):
            // worker 0 stores the start as a local dive stores a child it
            // continues, and the owner stores it closed, as a shadow.
            store(owner, shadow_bit);
            store(*workers_[0], 0);
        } else {
            store(owner, 0);
        }
    });
    if (best_h == heuristic::dead) return finish();  // on every rank alike
    for (auto& w : workers_) w->stats.initial_h = best_h;

    auto guarded = [this](Worker& w) {  // an allocation failure is a memory limit, not a crash
        try {
            work(w);
        } catch (const std::bad_alloc&) {
            stop(Outcome::memory_limit);
            lost_.store(true, std::memory_order_relaxed);  // children of the node being expanded may be lost
        }
    };
    if constexpr (Net::distributed) net_.start(port());  // every rank, even with nothing to search
    if (stopped_.load(std::memory_order_relaxed) == 0) {  // a start state may be a goal (other orders)
        concurrent::ThreadGroup threads;
        for (int i = 1; i < threads_; ++i)
            if (!threads.start([this, i, &guarded] { guarded(*workers_[i]); })) {
                stop(Outcome::memory_limit);  // no stack for another worker: the ones started end at once
                lost_.store(true, std::memory_order_relaxed);
                break;
            }
        guarded(*workers_[0]);
        threads.join();
    }
    if constexpr (Net::distributed) net_.wait();
    return finish();
}

template <Order order, class Exp, class Meet, class Net>
SearchResult Hda<order, Exp, Meet, Net>::finish() {
    SearchResult result;
    SearchStats& total = result.stats;
    uint64_t best = best_.load(std::memory_order_relaxed);
    uint32_t incumbent = incumbent_.load(std::memory_order_relaxed);
    int stopped = stopped_.load(std::memory_order_relaxed);
    if constexpr (Net::distributed) net_.agree(best, incumbent, stopped);
    if (order != Order::astar && best != kernel::no_goal) result.outcome = Outcome::solved;
    else if (stopped) result.outcome = static_cast<Outcome>(stopped - 1);
    else if (best != kernel::no_goal && (best >> 32) == incumbent) result.outcome = Outcome::solved;
    else result.outcome = incumbent == no_cost ? Outcome::unsolvable : Outcome::bound_proven;
    if (result.outcome == Outcome::solved) {
        const Ref r = static_cast<Ref>(best);
        if constexpr (Net::distributed)
            result.pushes = unrolled(net_.path(r, refs_, [this](Ref at, Node& node) {
                node = workers_[refs_.worker(at) - first_]->nodes[refs_.index(at)];
            }));
        else
            result.pushes = path_to(Place{refs_.worker(r), refs_.index(r)});
    }
    uint32_t last_f = result.outcome == Outcome::solved ? static_cast<uint32_t>(best >> 32) : 0;
    for (const auto& w : workers_) last_f = result.outcome == Outcome::solved ? last_f : std::max(last_f, w->max_f);
    for (const auto& w : workers_) {
        const SearchStats& s = w->stats;
        add_counts(total, s);
        total.messages_sent += w->share.sent;  // counted in the worker's share
        total.initial_h = s.initial_h;
        for (uint32_t f = 0; f < std::min<size_t>(last_f, w->expanded_at_f.size()); ++f)
            total.expanded_before_last_f += w->expanded_at_f[f];
        WorkerStats share = w->share;
        share.expanded = s.expanded;
        share.generated = s.generated;
        share.duplicates = s.duplicates;
        share.stored = s.stored;
        result.workers.push_back(share);
    }
    if constexpr (order == Order::astar) total.open_min_f = least_open_f();
    // bound_proven: the proven optimum, as the sequential search reports it.
    total.last_f = result.outcome == Outcome::bound_proven ? incumbent : last_f;
    total.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    if constexpr (Net::distributed) net_.gather(result);
    return result;
}

// After the workers stop: the least f of every node that is open, popped and
// not expanded, or in a batch not yet stored (inboxes and batches not yet
// sent), and of the incumbent. Some such node lies on an optimal path with
// its optimal g (see the top of this file), so this is a lower bound on the
// optimum, whatever the workers were doing when they stopped; stale open
// entries only lower it. 0 when a state was dropped (memory).
template <Order order, class Exp, class Meet, class Net>
uint32_t Hda<order, Exp, Meet, Net>::least_open_f() {
    // Across ranks, batches in flight between processes are not seen here.
    if (Net::distributed || lost_.load(std::memory_order_relaxed)) return 0;
    uint32_t least = incumbent_.load(std::memory_order_relaxed);
    auto batch_f = [&](const concurrent::Batch* b) {
        for (; b; b = b->next)
            for (int i = 0; i < b->size(record_words_); ++i) {
                const Message m = unpack(b->record(i, record_words_), stride_);
                least = std::min<uint32_t>(least, m.g + m.h);
            }
    };
    for (auto& w : workers_) {
        if (!w->open.empty()) least = std::min(least, f_of(w->open.min_f()));
        least = std::min(least, w->held_f);
        for (const concurrent::Batch* b : w->out) batch_f(b);
        concurrent::Batch* in = w->inbox.take_all();
        batch_f(in);
        while (in) {
            concurrent::Batch* next = in->next;
            in->owner->release(in);
            in = next;
        }
    }
    return least == no_cost ? 0 : least;
}

}  // namespace hdasoko::search
