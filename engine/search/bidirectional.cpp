// Bidirectional search: the forward search (pushes from the initial state,
// search/expander.hpp) and the reverse search (pulls from the solved states,
// search/reverse_expander.hpp) run at once, each on its own tables. In A*
// order the forward side is HDA* (search/hda.hpp) with threads - 1 workers,
// at least one; otherwise both sides are sequential best-first searches, one
// thread each. Both pack a state the same way (boxes, normalized player, same
// hash), so a state in both tables is a meeting: the forward path to it, then
// the reverse path read backwards, solves the level with g_f + g_r pushes.
// Each side (every forward worker) looks up every state it stores, or reaches
// again with a smaller g, in the other side's closed table while that side
// runs (the lock-free concurrent::ClosedTable, each shard written only by its
// owner, nodes and states in pages that never move, g read with relaxed
// atomics; search/view.hpp).
//
// Optimal (Order::astar): the best meeting cost mu is the upper bound both
// A* searches prune with (f >= mu), shared with the portfolio's bound. The
// search ends when either side's lowest open f reaches mu: that side's A*
// invariant (an optimal path keeps a node open with f at most its cost, see
// hda.hpp) proves that no solution is shorter. A missed meeting (both
// sides storing the same state at once and each looking before the other has
// published) costs time, never correctness: each side is a complete A* that
// also stops at its own goal.
// Any (weighted, greedy): the first meeting, or either side's own goal, ends it.
#include <chrono>
#include <mutex>
#include <thread>

#include "concurrent/thread_group.hpp"
#include "search/expander.hpp"
#include "search/hda.hpp"
#include "search/reverse_expander.hpp"

namespace hdasoko::search {

namespace {

constexpr uint32_t no_bound = 0xFFFFFFFF;

void lower(std::atomic<uint32_t>& bound, uint32_t cost) {
    uint32_t cur = bound.load(std::memory_order_relaxed);
    while (cost < cur && !bound.compare_exchange_weak(cur, cost, std::memory_order_relaxed)) {
    }
}

// The best meeting so far; side 0 is forward, side 1 reverse.
struct Meeting {
    std::atomic<uint32_t> bound{no_bound};  // mu, or a lower bound from outside
    std::atomic<bool> met{false};
    SearchView views[2];
    std::mutex mutex;
    uint32_t cost = no_bound;  // under mutex
    Place at[2];               // the meeting state's node on each side

    void offer(int side, Place mine, Place other, uint32_t c) {
        std::lock_guard<std::mutex> lock(mutex);
        if (c >= cost) return;
        cost = c;
        at[side] = mine;
        at[1 - side] = other;
        lower(bound, c);
        met.store(true, std::memory_order_relaxed);
    }
};

template <int side>
struct MeetSide {
    static constexpr bool active = true;
    Meeting* meeting;
    void reached(const uint64_t* state, uint64_t hash, uint32_t g, Place place) {
        Place other;
        uint32_t other_g;
        if (!meeting->views[1 - side].find(state, hash, other, other_g)) return;
        if (g + other_g < meeting->bound.load(std::memory_order_relaxed))
            meeting->offer(side, place, other, g + other_g);
    }
};

// An outcome that ends the whole search when one side reaches it.
bool decisive(Outcome o) { return o == Outcome::solved || o == Outcome::unsolvable || o == Outcome::bound_proven; }

// The forward side: HDA* in A* order, one worker otherwise.
template <Order order>
using Forward = Hda<order, Expander, MeetSide<0>>;

template <Order order>
SearchResult run_bidirectional(const board::Board& board, const Options& options) {
    const auto start = std::chrono::steady_clock::now();
    Meeting meeting;
    std::atomic<bool> stop{false};
    Options side = options;
    side.limits.cancel = &stop;
    side.limits.memory_limit_bytes = options.limits.memory_limit_bytes / 2;
    side.limits.node_limit = (options.limits.node_limit + 1) / 2;
    side.shared_bound = &meeting.bound;
    side.on_layer = nullptr;
    Options forward_side = side;
    // Tunnel macros skip states; the meeting test and the stopping rule
    // assume the forward side stores every state on its paths.
    forward_side.tunnels = false;
    forward_side.threads = order == Order::astar ? std::max(1, options.threads - 1) : 1;
    side.threads = 1;
    // The forward side's tables, built here where the caller's cancel stops
    // them (the sides see only `stop`, set by the referee below): a cancel
    // during the building ends the search before the sides start.
    build_shared_tables(board, options, forward_side);
    if (options.limits.cancel && options.limits.cancel->load(std::memory_order_relaxed)) {
        SearchResult out;
        out.outcome = Outcome::interrupted;
        out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return out;
    }
    Forward<order> forward(board, forward_side, MeetSide<0>{&meeting});
    Hda<order, ReverseExpander, MeetSide<1>> backward(board, side, MeetSide<1>{&meeting});
    meeting.views[0] = forward.view();
    meeting.views[1] = backward.view();

    SearchResult results[2];
    std::atomic<bool> done[2] = {false, false};
    concurrent::ThreadGroup threads;
    const bool started = threads.start([&] {
        results[0] = forward.run();
        done[0].store(true, std::memory_order_release);
    }) && threads.start([&] {
        results[1] = memory_guarded([&] { return backward.run(); });
        done[1].store(true, std::memory_order_release);
    });
    if (!started) {  // no stack for a side: end the other, then a memory limit
        stop.store(true, std::memory_order_relaxed);
        threads.join();
        throw std::bad_alloc();
    }
    // Referee: the caller's cancel and bound reach the sides, and the first
    // decisive end (or, in the any orders, the first meeting) stops both.
    int decider = -1, first_done = -1;
    bool interrupted = false;
    for (;;) {
        if (options.limits.cancel && options.limits.cancel->load(std::memory_order_relaxed)) {
            interrupted = true;
            break;
        }
        if (options.shared_bound) lower(meeting.bound, options.shared_bound->load(std::memory_order_relaxed));
        if (order != Order::astar && meeting.met.load(std::memory_order_relaxed)) break;
        for (int s = 0; s < 2 && first_done < 0; ++s)
            if (done[s].load(std::memory_order_acquire)) first_done = s;
        // A decisive end, or a limit (time, memory, nodes) on either side.
        if (first_done >= 0) {
            if (decisive(results[first_done].outcome)) decider = first_done;
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    stop.store(true, std::memory_order_relaxed);
    threads.join();

    SearchResult out;
    for (const SearchResult& r : results) add_counts(out.stats, r.stats);
    out.workers = results[0].workers;  // the forward HDA* workers
    out.stats.initial_h = results[0].stats.initial_h;
    out.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const bool met = meeting.met.load(std::memory_order_relaxed);
    bool from_meeting = false;
    if (decider >= 0) {
        const SearchResult& r = results[decider];
        out.outcome = r.outcome;  // unsolvable, or the caller's bound proven, unless:
        if (r.outcome == Outcome::solved) {
            out.pushes = decider == 0 ? r.pushes : pushes_of_pulls(board, r.pushes);
        } else if (r.outcome == Outcome::bound_proven && met && meeting.cost == r.stats.last_f) {
            out.outcome = Outcome::solved;  // the best meeting is proven optimal
            from_meeting = true;
        }
    } else if (interrupted) {
        out.outcome = Outcome::interrupted;
    } else if (order != Order::astar && met) {
        out.outcome = Outcome::solved;
        from_meeting = true;
    } else {
        out.outcome = results[first_done].outcome;  // the limit one side hit
    }
    if (from_meeting) {
        out.pushes = forward.path_to(meeting.at[0]);
        const std::vector<moves::Push> rest = pushes_of_pulls(board, backward.path_to(meeting.at[1]));
        out.pushes.insert(out.pushes.end(), rest.begin(), rest.end());
    }
    if (out.outcome == Outcome::solved) out.stats.last_f = static_cast<uint32_t>(out.pushes.size());
    if (out.outcome == Outcome::bound_proven) out.stats.last_f = results[decider].stats.last_f;
    return out;
}

}  // namespace

SearchResult bidirectional(const board::Board& board, const Options& options) {
    if (uses_pdb(options.heuristic) && !options.pdb) {
        Options with_pdb = options;
        with_pdb.pdb = pdb_table(board, options);
        return bidirectional(board, with_pdb);
    }
    switch (options.order) {
        case Order::weighted: return run_bidirectional<Order::weighted>(board, options);
        case Order::greedy: return run_bidirectional<Order::greedy>(board, options);
        case Order::astar: break;
    }
    return run_bidirectional<Order::astar>(board, options);
}

}  // namespace hdasoko::search
