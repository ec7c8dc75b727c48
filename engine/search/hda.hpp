// The search kernel: hash-distributed best-first search (HDA*: Kishimoto,
// Fukunaga & Botea, "Scalable, parallel best-first search for optimal
// sequential planning", ICAPS 2009; "Evaluation of a simple, scalable,
// parallel best-first search strategy", AIJ 2013), which with one worker is
// the sequential search. Every search of engine/search runs on it: A* and
// its any-solution orders (forward pushes, search/expander.hpp), the
// reverse search (pulls, search/reverse_expander.hpp), both sides of the
// bidirectional search. The order and the move kind (an Expander) are
// template parameters:
//   roots(scratch, add)    fills scratch with each start state, add(h) each;
//   expand(state, stats, emit) and bound() as search/expander.hpp;
//   is_goal(state)         for a state whose bound is 0.
//
// Each worker owns the states that map to it (search/hda/ownership.hpp),
// keeps their nodes, arena, closed-table shard and open list, and is the
// only thread that writes them while the search runs; children go to their
// owner's inbox in batches (search/message.hpp). A goal lowers the shared
// incumbent when it is generated; in A* order the search ends when no worker
// holds an open node with f below the incumbent and no state is in flight,
// which proves the incumbent optimal; the other orders end at the first
// goal stored. The bound need only be admissible: an owner reopens a state
// reached again with a smaller g, closed or not. The proof still holds then:
// an optimal path always keeps a node open with f at most its cost (its
// first node not closed at its optimal g).
//
// In the last f layer, with several workers in A* order, the behaviours of
// search/hda/ (the layer gate, local dives, hand-over, lookahead, the second
// line, ownership, the rescoring) are policies chosen once from the Options
// (search/hda/last_layer.hpp); docs/hda-kernel.md says what each does and
// why. None of them changes what the proof above needs: every node below the
// incumbent's f is stored somewhere and expanded.
//
// This file: the kernel's state and the storing of states (insert, batches).
// search/hda/loop.hpp: a worker's loop and its steps, the expansion, the
// lookahead's expansion; search/hda/run.hpp: the start, the end, limits.
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
#include "concurrent/termination.hpp"
#include "concurrent/thread_group.hpp"
#include "concurrent/turns.hpp"
#include "search/hda/common.hpp"
#include "search/limit_check.hpp"
#include "search/hda/compute_ahead.hpp"
#include "search/hda/keys.hpp"
#include "search/hda/last_layer.hpp"
#include "search/hda/layer_gate.hpp"
#include "search/hda/local_dive.hpp"
#include "search/hda/ownership.hpp"
#include "search/hda/rescore.hpp"
#include "search/hda/worker.hpp"
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
          layer_(kernel::LastLayer::of(options, order == Order::astar, threads_, Meet::active, Net::distributed)),
          keys_(static_cast<uint32_t>(std::max(1, options.weight)),
                order == Order::astar ? Exp::tie_ranks(board, options) : 1, kernel::SecondLine(layer_.second_line)),
          gate_(layer_, keys_.tie_scale(), threads_, options.hda_parallel_below, keys_.line()),
          dive_(layer_, keys_.line()),
          ahead_(layer_, stride_, static_cast<int>(board.boxes())),
          owners_(board, layer_, options.zone_cells, first_, total_),
          rescoring_(options.fives_after),
          node_limit_(options.limits.node_limit == 0 || total_ == threads_
                          ? options.limits.node_limit
                          : std::max<uint64_t>(1, options.limits.node_limit * threads_ / total_)),
          refs_(total_),
          table_(threads_, kernel::initial_slots,
                 Meet::active || dive_.on() ? concurrent::ClosedTable::Growth::owner
                                            : concurrent::ClosedTable::Growth::owner_reads_only),
          meet_(meet),
          net_(net),
          termination_(threads_),
          limits_(options.limits) {
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
    // The node being expanded, as its children need it (expand()).
    struct Parent {
        Node node;
        Ref ref;
        Key key;       // its open-list key
        bool second;   // on the second line (its children too)
        bool urgent;   // a child continuing the best line was sent: flush at once
    };
    // What a worker does next with its best open node (next_step()).
    enum class Step { expand, second, wait };

    // Moves (tunnel macros among them) as single pushes, in the same order.
    std::vector<moves::Push> unrolled(const std::vector<moves::Push>& moves) const {
        std::vector<moves::Push> pushes;
        for (const moves::Push& m : moves) moves::unroll(board_, m, pushes);
        return pushes;
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
    bool stopped() const { return stopped_.load(std::memory_order_relaxed) != 0; }
    NetPort port();
    // The tie rank of `state` (Keys::tie()): 0 when the tie has no rank.
    uint32_t rank(Worker& me, const uint64_t* state) const {
        return keys_.tie_scale() == 1 ? 0 : me.expander.tie_rank(state);
    }
    // ... of the child the expander is emitting (`child`), from its parent's where the expander can.
    uint32_t child_rank(Worker& me, const uint64_t* child) const {
        if constexpr (requires { me.expander.child_rank(); })
            return keys_.tie_scale() == 1 ? 0 : me.expander.child_rank();
        else return rank(me, child);
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
        return order != Order::astar || keys_.f_of(me.open.min_f()) < incumbent();
    }

    // A worker's loop (search/hda/loop.hpp) and its steps.
    void work(Worker& me);
    bool idle(Worker& me);
    Step next_step(Worker& me);
    bool wait(Worker& me);
    bool computed_ahead(Worker& me, bool& stop);
    bool pop(Worker& me, uint32_t& index, uint32_t& major, uint32_t& t);
    // The layer gate's question (search/hda/layer_gate.hpp); the automatic
    // lag's answer that the search has grown moves the owners.
    bool behind(Worker& me, bool refresh) {
        return gate_.behind(me, workers_, refresh, [this] { owners_.grow(); });
    }
    void count_expansion(Worker& me, uint32_t f, uint32_t& layer_f);
    bool over_limit(Worker& me, uint32_t f);
    // Expands the node at `index`, popped with open-list key (major, t),
    // its state in me.unpacked; second: a speculative expansion, its
    // children on the second line; helped: another worker computes ahead
    // for this one, so its children may be in the lookahead's table.
    void expand(Worker& me, uint32_t index, uint32_t major, uint32_t t, bool second, bool helped);
    template <class Bound, class RankOf>
    void child(Worker& me, Parent& p, const uint64_t* state, uint64_t hash, const moves::Push& push, int owner,
               Bound&& bound, RankOf&& rank_of);
    void emit_children(Worker& me, const uint64_t* state, uint32_t zones, SearchStats& counts);
    bool look_ahead(Worker& me);
    bool compute_children(Worker& me, const uint64_t* state, uint32_t g, uint32_t h, Lookahead::Writing& slot);

    // Storing states and the batches between workers (below).
    void drain_inbox(Worker& me);
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
    void record_goal(Ref goal, uint32_t g);
    void stop(Outcome why);
    void wake_all() {
        for (auto& w : workers_) w->parker.unpark();
    }
    void go_idle(Worker& me);
    void wake(Worker& me);

    // The start, the end and the limits (search/hda/run.hpp).
    bool check_limits(Worker& me);
    SearchResult finish();
    uint32_t least_open_f();

    const board::Board& board_;
    const Options& options_;
    const int threads_, first_, total_, stride_, record_words_;  // stride_: a working state's words
    const state::Packing packing_;                                 // how the arenas hold states
    const kernel::LastLayer layer_;  // the last-layer behaviours this search uses, for the policies below
    const kernel::Keys<order> keys_;
    const kernel::LayerGate gate_;
    const kernel::LocalDive dive_;
    const kernel::ComputeAhead ahead_;
    kernel::Owners owners_;
    const kernel::Rescoring rescoring_;
    // This process's share of the node limit: all of it in one process; over
    // MPI each rank stops at its share of the workers' part, so that the
    // ranks together stay within the limit between two termination waves
    // (the waves add every rank's expansions too).
    const uint64_t node_limit_;
    const RefCodec refs_;
    std::vector<std::unique_ptr<Worker>> workers_;
    concurrent::ClosedTable table_;  // shard i: worker i's states, by arena index
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
    const LimitCheck limits_;  // the clock, cancel flag, turns and memory; the node limit is node_limit_
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
    if (g + h < incumbent()) me.open.push(keys_.major(g, h, second), keys_.tie(g, h, rank()), found.ref);
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
        me.out_key[owner] = std::min(
            me.out_key[owner], kernel::make_key(keys_.major(m.g, m.h, (m.dir & second_bit) != 0), keys_.tie(m.g, m.h, 0)));
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
    gate_.sent(to, me.out_key[owner]);
    me.out_key[owner] = kernel::no_key;
    to.parker.unpark();
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::drain_inbox(Worker& me) {
    gate_.draining(me);  // on every call, before the batches are taken
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
            insert(me, r, m.hash, m.parent, m.g, moves::Push{m.box, static_cast<uint8_t>(m.dir & dir_bits), m.run},
                   [&m] { return uint32_t{m.h}; }, [&m] { return uint32_t{m.rank}; },
                   static_cast<uint8_t>(m.dir & ~dir_bits));
        }
        me.share.received += n;
        drained += n;
        batch->owner->release(batch);  // back to the sender's pool
        batch = next;
    }
    termination_.received(drained);
}

}  // namespace hdasoko::search

// The rest of the kernel's definitions.
#include "search/hda/loop.hpp"
#include "search/hda/run.hpp"
