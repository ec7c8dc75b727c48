// The search kernel (search/hda.hpp), continued: the start (every start
// state stored, the threads), the limits, and the end (the result, the
// bound on the optimum left open). Included at the end of search/hda.hpp.
#pragma once

#include "search/hda.hpp"

namespace hdasoko::search {

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
    if (order == Order::astar && options_.shared_bound)  // another search's solution prunes too
        lower_incumbent(options_.shared_bound->load(std::memory_order_relaxed));
    uint64_t bytes = me.arena.bytes() + me.nodes.bytes() + table_.bytes(me.id) + me.open.bytes() +
                     me.ahead.stack.capacity() * sizeof(uint64_t) + ahead_.bytes(me.id);
    if (bytes > me.stats.memory_bytes) me.stats.memory_bytes = bytes;
    me.bytes.store(bytes + table_.growth_bytes(me.id), std::memory_order_relaxed);  // the limit sees a doubling coming
    // The memory limit holds for every worker's tables together.
    uint64_t total = 0;
    if (limits_.limits().memory_limit_bytes)
        for (const auto& w : workers_) total += w->bytes.load(std::memory_order_relaxed);
    Outcome why;
    if (!limits_.look({total, 0}, why)) return false;
    stop(why);
    return true;
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
        const int owner_id = owners_.owner_for(scratch.data(), hash);
        if (!is_local(owner_id)) return;  // another rank stores it
        auto store = [&](Worker& to, uint8_t flags) {
            insert(to, scratch.data(), hash, no_ref, 0, moves::Push{board::no_cell, 0}, [h] { return h; },
                   [&] { return rank(to, scratch.data()); }, flags);
        };
        Worker& owner = *workers_[owner_id - first_];
        if (dive_.on() && owner.id != 0) {
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
    total.seconds = limits_.seconds();
    if constexpr (Net::distributed) net_.gather(result);
    return result;
}

// After the workers stop: the least f of every node that is open, popped and
// not expanded, or in a batch not yet stored (inboxes and batches not yet
// sent), and of the incumbent. Some such node lies on an optimal path with
// its optimal g (see the top of search/hda.hpp), so this is a lower bound on the
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
        if (!w->open.empty()) least = std::min(least, keys_.f_of(w->open.min_f()));
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
