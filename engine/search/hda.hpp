// HDA*: hash-distributed parallel A* (Kishimoto, Fukunaga, Botea, "Scalable,
// parallel best-first search for optimal sequential planning", ICAPS 2009).
// Each worker owns the states whose Zobrist hash maps to it, keeps their
// nodes, arena, closed table and open list, and is the only thread that
// touches them while the search runs; children go to their owner's inbox in
// batches. A goal lowers the shared incumbent when its owner stores it; the
// search ends when no worker holds an open node with f below the incumbent
// and no state is in flight, which proves the incumbent optimal. The bound
// need only be admissible: an owner reopens a state reached again with a
// smaller g, closed or not, as A* does (the PDB bounds are not consistent).
//
// Closed table: one concurrent::ClosedTable with a shard per worker, written
// only by its owner, so inserts never contend and shards grow without
// stopping anyone. Nothing reads another worker's shard during the search,
// so old slot arrays are freed as shards grow, unless a Meet hook is active
// (search/view.hpp; the bidirectional search's forward side): then the hook
// sees every state stored or improved, and the other side reads the shards
// through view() while they grow.
//
// Threads: std::thread, one per worker for the whole search. Workers never
// block on each other and never hand work to a scheduler, so oneTBB's task
// arena would add nothing but a layer; arenas take their pages from mimalloc.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <memory>
#include <cassert>
#include <chrono>
#include <thread>

#include "concurrent/closed_table.hpp"
#include "concurrent/inbox.hpp"
#include "concurrent/termination.hpp"
#include "search/expander.hpp"
#include "search/node.hpp"
#include "search/open_list.hpp"
#include "search/search.hpp"
#include "search/view.hpp"
#include "state/arena.hpp"

namespace hdasoko::search {

namespace hda_detail {

using board::Cell;
using Clock = std::chrono::steady_clock;

constexpr uint32_t no_ref = no_parent;  // parents are global references here
constexpr uint64_t no_goal = ~uint64_t{0};
constexpr int batch_records = 128;
constexpr int limit_check_interval = 1024;
constexpr int flush_interval = 64;  // expansions between sends of partial batches
constexpr size_t initial_slots = 1 << 16;  // per worker

// A state in flight: the packed state, its hash, then two words of node data.
//   meta: parent ref (bits 0-31) | g (32-47) | h (48-63)
//   push: box cell (bits 0-15) | direction (16-23)
constexpr int extra_words = 3;

struct Worker {
    Worker(int id, const board::Board& board, const Options& options, int stride)
        : id(id), arena(stride), expander(board, options) {}

    const int id;
    state::Arena arena;
    Nodes nodes;
    OpenList open;
    Expander expander;
    SearchStats stats;
    WorkerStats share;
    std::vector<uint64_t> expanded_at_f;  // expansions per f, for counts below the last layer
    uint32_t max_f = 0;
    concurrent::BatchPool pool;
    concurrent::Inbox inbox;
    std::vector<concurrent::Batch*> out;  // batch being filled per destination
    bool active = true;
    Clock::time_point idle_since;
    std::atomic<uint64_t> bytes{0};  // published every so often for the memory limit
};

}  // namespace hda_detail

template <class Meet = NoMeet>
class Hda {
    using Cell = board::Cell;
    using Clock = hda_detail::Clock;
    using Worker = hda_detail::Worker;

public:
    Hda(const board::Board& board, const Options& options, Meet meet = {})
        : board_(board),
          options_(options),
          threads_(std::max(1, options.threads)),
          stride_(board.words() + 1),
          record_words_(stride_ + hda_detail::extra_words),
          worker_bits_(std::bit_width(static_cast<unsigned>(threads_ - 1))),
          index_mask_(worker_bits_ == 0 ? hda_detail::no_ref : (uint32_t{1} << (32 - worker_bits_)) - 1),
          table_(threads_, hda_detail::initial_slots,
                 Meet::active ? concurrent::ClosedTable::Growth::owner
                              : concurrent::ClosedTable::Growth::owner_reads_only),
          meet_(meet),
          termination_(threads_),
          start_(Clock::now()) {
        for (int i = 0; i < threads_; ++i) {
            workers_.push_back(std::make_unique<Worker>(i, board, options, stride_));
            workers_.back()->out.assign(threads_, nullptr);
        }
    }

    SearchResult run();

    SearchView view() const {
        SearchView v{&table_, {}, {}};
        for (const auto& w : workers_) {
            v.arenas.push_back(&w->arena);
            v.nodes.push_back(&w->nodes);
        }
        return v;
    }
    // The pushes from the initial state to the node at `place`, in order;
    // once the workers have stopped.
    std::vector<moves::Push> path_to(Place place) const {
        std::vector<moves::Push> path;
        for (uint32_t r = ref(place.shard, place.index);;) {
            const Node& n = workers_[ref_worker(r)]->nodes[ref_index(r)];
            if (n.parent == hda_detail::no_ref) break;
            path.push_back(moves::Push{n.box, n.dir});
            r = n.parent;
        }
        std::reverse(path.begin(), path.end());
        return path;
    }

private:
    int owner_of(uint64_t hash) const { return shard_of(hash, threads_); }
    uint32_t ref(int worker, uint32_t index) const {
        return worker_bits_ == 0 ? index : (static_cast<uint32_t>(worker) << (32 - worker_bits_)) | index;
    }
    int ref_worker(uint32_t r) const { return worker_bits_ == 0 ? 0 : static_cast<int>(r >> (32 - worker_bits_)); }
    uint32_t ref_index(uint32_t r) const { return r & index_mask_; }
    uint32_t incumbent() const {
        // Relaxed: a stale (higher) incumbent only prunes less.
        return bound_.load(std::memory_order_relaxed);
    }
    // Lowers the incumbent to `cost` (a goal generated with that g, or stored).
    void lower_incumbent(uint32_t cost) {
        uint32_t cur = bound_.load(std::memory_order_relaxed);
        while (cost < cur && !bound_.compare_exchange_weak(cur, cost, std::memory_order_relaxed)) {
        }
    }

    void work(Worker& me);
    void drain_inbox(Worker& me);
    void expand(Worker& me, uint32_t index);
    // Duplicate detection in the owner's shard; bound() gives the h of a new state.
    template <class Bound>
    void insert(Worker& me, const uint64_t* state, uint64_t hash, uint32_t parent, uint16_t g, Cell box,
                uint8_t dir, Bound&& bound);
    void send(Worker& me, int owner, const uint64_t* state, uint64_t hash, uint64_t meta, uint64_t push);
    void flush(Worker& me, int owner);
    void record_goal(uint32_t goal_ref, uint32_t g);
    void stop(Outcome why);
    bool check_limits(Worker& me);
    void go_idle(Worker& me);
    void wake(Worker& me);
    SearchResult finish();

    const board::Board& board_;
    const Options& options_;
    const int threads_, stride_, record_words_, worker_bits_;
    const uint32_t index_mask_;  // arena indices below it; the all-ones ref is no_ref
    std::vector<std::unique_ptr<Worker>> workers_;
    concurrent::ClosedTable table_;  // shard i: worker i's states, by arena index
    Meet meet_;

    // Shared by every worker. The often written counters sit on cache lines
    // of their own, away from the read-mostly incumbent and stop flag that
    // every child and every loop reads.
    alignas(64) std::atomic<uint64_t> best_{hda_detail::no_goal};  // (g << 32) | ref of the best goal stored
    // The incumbent: the cost of the best goal generated. A goal is counted
    // as soon as it is generated, before it reaches its owner; the in-flight
    // count keeps the search alive until it is stored, so at the end best_
    // holds a goal of exactly this cost.
    std::atomic<uint32_t> bound_{0xFFFFFFFF};
    std::atomic<int> stopped_{0};                      // 1 + Outcome when a limit stopped the search
    concurrent::Termination termination_;              // active workers + states in flight
    alignas(64) std::atomic<uint64_t> expanded_{0};    // for the node limit
    Clock::time_point start_;
};

// Termination (concurrent/termination.hpp): a worker is out of work when its
// open list holds nothing below the incumbent; it flushes its batches before
// it says so. The search ends when no state is anywhere but in an open list
// at f >= incumbent, which proves the incumbent optimal.
template <class Meet>
void Hda<Meet>::go_idle(Worker& me) {
    for (int w = 0; w < threads_; ++w) flush(me, w);
    if (!me.active) return;
    me.active = false;
    me.idle_since = Clock::now();
    termination_.deactivate();
}

template <class Meet>
void Hda<Meet>::wake(Worker& me) {
    if (me.active) return;
    me.active = true;
    termination_.activate();
    me.share.idle_s += std::chrono::duration<double>(Clock::now() - me.idle_since).count();
}

template <class Meet>
void Hda<Meet>::record_goal(uint32_t goal_ref, uint32_t g) {
    uint64_t mine = (static_cast<uint64_t>(g) << 32) | goal_ref;
    uint64_t cur = best_.load(std::memory_order_relaxed);
    // Relaxed CAS: the goal's node is read only after the threads are joined.
    while (mine < cur && !best_.compare_exchange_weak(cur, mine, std::memory_order_relaxed)) {
    }
    lower_incumbent(g);
}

template <class Meet>
void Hda<Meet>::stop(Outcome why) {
    int expected = 0;
    stopped_.compare_exchange_strong(expected, 1 + static_cast<int>(why), std::memory_order_relaxed);
}

template <class Meet>
template <class Bound>
void Hda<Meet>::insert(Worker& me, const uint64_t* state, uint64_t hash, uint32_t parent, uint16_t g, Cell box,
                 uint8_t dir, Bound&& bound) {
    if (me.arena.size() >= index_mask_) {
        stop(Outcome::memory_limit);  // this worker's references are exhausted
        return;
    }
    // The bound only for new states: duplicates keep the h they were stored
    // with. The node is in place before the table publishes its index; a
    // dead state is stored too, so that its duplicates cost nothing.
    uint32_t h = 0;
    const concurrent::ClosedTable::Found found = table_.insert(
        me.id, hash, [&](uint32_t index) { return state::equal(me.arena.at(index), state, stride_); },
        [&] {
            h = bound();
            me.nodes.push_back(h == heuristic::dead ? Node{parent, g, dead_h, box, dir, 1}
                                                    : Node{parent, g, static_cast<uint16_t>(h), box, dir, 0});
            return me.arena.add(state);
        });
    if (!found.inserted) {
        ++me.stats.duplicates;
        Node& old = me.nodes[found.ref];
        if (old.h == dead_h || g >= old.g) return;
        if (old.closed) ++me.stats.reopened;
        old.parent = parent;
        old.box = box;
        old.dir = dir;
        old.closed = 0;
        store_g(old, g);  // g alone may be read by another thread (view())
        h = old.h;
    } else if (h == heuristic::dead) {
        ++me.stats.pruned_matching;
        return;
    }
    if (h == 0) record_goal(ref(me.id, found.ref), g);
    if (g + h < incumbent()) me.open.push(g + h, h, found.ref);
    if constexpr (Meet::active) meet_.reached(state, hash, g, Place{me.id, found.ref});
}

template <class Meet>
void Hda<Meet>::send(Worker& me, int owner, const uint64_t* state, uint64_t hash, uint64_t meta, uint64_t push) {
    using hda_detail::batch_records;
    concurrent::Batch*& batch = me.out[owner];
    if (!batch) batch = me.pool.acquire(batch_records * record_words_);
    uint64_t* dst = batch->append(record_words_);
    std::copy(state, state + stride_, dst);
    dst[stride_] = hash;
    dst[stride_ + 1] = meta;
    dst[stride_ + 2] = push;
    ++me.share.sent;
    if (batch->size(record_words_) == batch_records) flush(me, owner);
}

template <class Meet>
void Hda<Meet>::flush(Worker& me, int owner) {
    concurrent::Batch*& batch = me.out[owner];
    if (!batch) return;
    // Count the records as in flight before they can be seen (and subtracted).
    termination_.sent(batch->size(record_words_));
    workers_[owner]->inbox.push(batch);
    batch = nullptr;
}

template <class Meet>
void Hda<Meet>::drain_inbox(Worker& me) {
    concurrent::Batch* batch = me.inbox.take_all();
    if (!batch) return;
    wake(me);
    int64_t drained = 0;
    while (batch) {
        concurrent::Batch* next = batch->next;
        const int n = batch->size(record_words_);
        for (int i = 0; i < n; ++i) {
            const uint64_t* r = batch->record(i, record_words_);
            uint64_t meta = r[stride_ + 1], push = r[stride_ + 2];
            insert(me, r, r[stride_], static_cast<uint32_t>(meta), static_cast<uint16_t>(meta >> 32),
                   static_cast<Cell>(push & 0xFFFF), static_cast<uint8_t>(push >> 16),
                   [meta] { return static_cast<uint32_t>(meta >> 48); });
        }
        me.share.received += n;
        drained += n;
        batch->owner->release(batch);  // back to the sender's pool
        batch = next;
    }
    termination_.received(drained);
}

template <class Meet>
void Hda<Meet>::expand(Worker& me, uint32_t index) {
    const Node parent = me.nodes[index];
    const uint16_t g = parent.g + 1;
    const uint32_t parent_ref = ref(me.id, index);
    me.expander.expand(me.arena.at(index), me.stats, [&](const uint64_t* child, uint64_t hash, const moves::Push& push) {
        const int owner = owner_of(hash);
        if (owner == me.id) {  // as A*: duplicates first, the bound only if new
            insert(me, child, hash, parent_ref, g, push.box, push.dir, [&] { return me.expander.bound(); });
            return;
        }
        // Another worker's state: scored here, where the incremental bound is cheap.
        const uint32_t h = me.expander.bound();
        if (h == heuristic::dead) {
            ++me.stats.pruned_matching;
            return;
        }
        if (g + h >= incumbent()) return;  // cannot improve on the incumbent
        if (h == 0) lower_incumbent(g);   // prune with it while it travels
        uint64_t meta = parent_ref | (uint64_t{g} << 32) | (uint64_t{h} << 48);
        send(me, owner, child, hash, meta, static_cast<uint16_t>(push.box) | (uint64_t{push.dir} << 16));
    });
}

template <class Meet>
bool Hda<Meet>::check_limits(Worker& me) {
    const Limits& limits = options_.limits;
    if (options_.shared_bound) lower_incumbent(options_.shared_bound->load(std::memory_order_relaxed));
    uint64_t bytes = me.arena.bytes() + me.nodes.bytes() + table_.bytes(me.id) + me.open.bytes();
    me.bytes.store(bytes, std::memory_order_relaxed);
    if (bytes > me.stats.memory_bytes) me.stats.memory_bytes = bytes;
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
    return false;
}

template <class Meet>
void Hda<Meet>::work(Worker& me) {
    const Limits& limits = options_.limits;
    uint32_t layer_f = 0;
    uint64_t since_flush = 0;
    while (stopped_.load(std::memory_order_relaxed) == 0) {
        if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) {
            stop(Outcome::interrupted);
            break;
        }
        // 1. duplicate detection for the states sent to this worker.
        drain_inbox(me);
        // 2. best node below the incumbent; none: idle, and maybe the end.
        if (me.open.empty() || me.open.min_f() >= incumbent()) {
            go_idle(me);
            if (termination_.done()) break;
            if (me.inbox.empty()) std::this_thread::yield();
            if (me.active == false && (limits.time_limit_s > 0 || options_.shared_bound) && check_limits(me)) break;
            continue;
        }
        wake(me);
        uint32_t f, h;
        uint32_t index = me.open.pop(f, h);
        Node& node = me.nodes[index];
        if (node.closed || node.g + node.h != f) continue;
        if (f >= me.expanded_at_f.size()) me.expanded_at_f.resize(f + 1, 0);
        ++me.expanded_at_f[f];
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
        // 3. limits: the node limit counts every worker's expansions.
        if (limits.node_limit &&
            expanded_.fetch_add(1, std::memory_order_relaxed) >= limits.node_limit) {
            stop(Outcome::node_limit);
            break;
        }
        if ((me.stats.expanded % hda_detail::limit_check_interval) == 0 && check_limits(me)) break;
        node.closed = 1;
        ++me.stats.expanded;
        // 4. expand; children go to their owners.
        expand(me, index);
        if (++since_flush == hda_detail::flush_interval) {
            since_flush = 0;
            for (int w = 0; w < threads_; ++w) flush(me, w);
        }
    }
    me.stats.stored = table_.size(me.id);
    check_limits(me);
    if (!me.active) me.share.idle_s += std::chrono::duration<double>(Clock::now() - me.idle_since).count();
}

template <class Meet>
SearchResult Hda<Meet>::run() {
    // The root goes to its owner before any thread starts.
    std::vector<uint64_t> root(stride_);
    uint32_t h = workers_[0]->expander.root(root.data());
    if (h == heuristic::dead) return finish();
    uint64_t hash = state::state_hash(board_, root.data());
    Worker& owner = *workers_[owner_of(hash)];
    insert(owner, root.data(), hash, hda_detail::no_ref, 0, board::no_cell, 0, [h] { return h; });
    for (auto& w : workers_) w->stats.initial_h = h;

    auto guarded = [this](Worker& w) {  // an allocation failure is a memory limit, not a crash
        try {
            work(w);
        } catch (const std::bad_alloc&) {
            stop(Outcome::memory_limit);
        }
    };
    std::vector<std::thread> threads;
    for (int i = 1; i < threads_; ++i) threads.emplace_back([this, i, &guarded] { guarded(*workers_[i]); });
    guarded(*workers_[0]);
    for (auto& t : threads) t.join();
    return finish();
}

template <class Meet>
SearchResult Hda<Meet>::finish() {
    SearchResult result;
    SearchStats& total = result.stats;
    const uint64_t best = best_.load(std::memory_order_relaxed);
    const int stopped = stopped_.load(std::memory_order_relaxed);
    if (stopped) result.outcome = static_cast<Outcome>(stopped - 1);
    else if (best != hda_detail::no_goal && (best >> 32) == bound_.load(std::memory_order_relaxed)) result.outcome = Outcome::solved;
    else result.outcome = bound_.load(std::memory_order_relaxed) == 0xFFFFFFFF ? Outcome::unsolvable : Outcome::bound_proven;
    if (result.outcome == Outcome::solved) {
        const uint32_t r = static_cast<uint32_t>(best);
        result.pushes = path_to(Place{ref_worker(r), ref_index(r)});
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
    // bound_proven: the proven optimum, as the sequential search reports it.
    total.last_f = result.outcome == Outcome::bound_proven ? bound_.load(std::memory_order_relaxed) : last_f;
    total.seconds = std::chrono::duration<double>(Clock::now() - start_).count();
    return result;
}

}  // namespace hdasoko::search
