// The search kernel (search/hda.hpp), continued: a worker's loop, in named
// steps, the expansion of a node and where its children go, and the
// lookahead helper's expansion. Included at the end of search/hda.hpp.
#pragma once

#include "search/hda.hpp"

namespace hdasoko::search {

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::work(Worker& me) {
    const Limits& limits = options_.limits;
    uint32_t layer_f = me.stats.initial_h;  // layers above the start are reported
    int since_flush = 0;
    while (!stopped()) {
        if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) {
            stop(Outcome::interrupted);
            break;
        }
        // 1. duplicate detection for the states sent to this worker.
        drain_inbox(me);
        // 2. the best node below the incumbent; none: idle, and maybe the end.
        if (!has_work(me)) {
            if (idle(me)) break;
            continue;
        }
        wake(me);
        // 3. in the last layer: expand, expand on the second line, or wait.
        const Step step = next_step(me);
        if (step == Step::wait) {
            if (wait(me)) break;
            continue;
        }
        uint32_t index, m, t;
        if (!pop(me, index, m, t)) continue;
        const uint32_t f = keys_.f_of(m);
        if constexpr (order == Order::astar) count_expansion(me, f, layer_f);
        // 4. limits: the node limit counts every worker's expansions.
        if (over_limit(me, f)) break;
        store_flags(me.nodes[index], closed_flag);
        ++me.stats.expanded;
        // 5. expand; children go to their owners.
        if (step == Step::second) ++me.share.speculative;
        const bool helped = ahead_.expanding(me, workers_, keys_, packing_);
        expand(me, index, m, t, step == Step::second, helped);
        if (++since_flush == kernel::flush_interval || gate_.flushes_each(me.gate)) {
            since_flush = 0;
            flush_all(me);
        }
    }
    me.stats.stored = table_.size(me.id);
    ahead_.help(me, workers_, -1);
    check_limits(me);
    if (!me.active) me.share.idle_s += std::chrono::duration<double>(Clock::now() - me.idle_since).count();
}

// Step 2, nothing below the incumbent: idle (batches flushed, counted out of
// the search), and the end when every worker is; else compute ahead for
// another worker, or sleep. True: the loop ends.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::idle(Worker& me) {
    gate_.idle(me);
    go_idle(me);
    if (all_done()) {
        wake_all();  // the others see it at once
        return true;
    }
    bool stop = false;
    if (computed_ahead(me, stop)) return stop;
    if (check_limits(me)) return true;
    me.parker.park(kernel::idle_park_ns, [&] {
        return !me.inbox.empty() || all_done() || stopped() || kernel::ComputeAhead::new_candidate(me, workers_);
    });
    return false;
}

// Step 3, the layer gate: expand the best node; expand it on the second line
// (speculation, behind the best key in its f); or wait (behind by more than
// the lag, and no early expansion).
template <Order order, class Exp, class Meet, class Net>
auto Hda<order, Exp, Meet, Net>::next_step(Worker& me) -> Step {
    if (!gate_.on() || !behind(me, me.stats.expanded % kernel::gate_refresh_interval == 0)) return Step::expand;
    if (keys_.line().takes(me.gate.published, me.gate.best_seen)) return Step::second;
    return gate_.early(me) ? Step::expand : Step::wait;
}

// Step 3, behind: the batches out, then compute ahead for the worker holding
// the best key, or wait (yield, then sleep) until this one is no longer
// behind or states arrive. True: the loop ends.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::wait(Worker& me) {
    flush_all(me);
    bool stop = false;
    if (computed_ahead(me, stop)) return stop;  // time that would be spent waiting
    ++me.share.waits;
    for (int spin = 0; spin < kernel::gated_spins && me.inbox.empty(); ++spin) {
        std::this_thread::yield();  // may give the core away for a whole time slice
        if (!behind(me, true) || check_limits(me)) break;
    }
    if (me.inbox.empty() && behind(me, true))
        me.parker.park(kernel::gated_park_ns,
                       [&] { return !me.inbox.empty() || stopped() || !behind(me, true); });
    return check_limits(me);  // a wait costs more than the look at the clock
}

// Lookahead in time that would be spent idle or waiting: false when there is
// nothing to compute; stop: a limit was reached (looked at every
// LimitCheck::default_interval computations).
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::computed_ahead(Worker& me, bool& stop) {
    if (!ahead_.on() || !look_ahead(me)) return false;
    stop = me.ahead.calls % LimitCheck::default_interval == 0 && check_limits(me);
    return true;
}

// Pops the best node: its index, key (major, t), its state into me.unpacked.
// False when it is not to be expanded: a stale entry, dead when popped (the
// deadlock search), or gone back to the open list with a risen bound.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::pop(Worker& me, uint32_t& index, uint32_t& m, uint32_t& t) {
    index = me.open.pop(m, t);
    Node& node = me.nodes[index];
    if (is_closed(node) || node.g != keys_.g_of(keys_.f_of(m), t)) return false;  // stale entry
    packing_.unpack(me.arena.at(index), me.unpacked.data());  // once, for all that follows
    if constexpr (requires { me.expander.dead_on_pop(nullptr, node.box, 0, 0); }) {
        if (me.expander.deadlock_search_on_pop() &&
            me.expander.dead_on_pop(me.unpacked.data(), node.box, node.dir, node.run)) {
            ++me.stats.pruned_subset;
            store_flags(node, closed_flag | dead_flag);  // its duplicates are dropped
            return false;
        }
    }
    if constexpr (order == Order::astar) {
        const bool rescored = rescoring_.rescored(me, index, t, keys_.tie_scale(), [&](const Node& n, uint32_t h) {
            if (n.g + h < incumbent())
                me.open.push(keys_.major(n.g, h, keys_.line().second(m)),
                             keys_.tie(n.g, h, rank(me, me.unpacked.data())), index);
        });
        if (rescored) return false;
    }
    return true;
}

// A* order, a node at f about to be expanded: the expansions per f (the
// counts below the last layer, the automatic lag's), and each new layer
// reported (Options::on_layer, by worker 0).
template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::count_expansion(Worker& me, uint32_t f, uint32_t& layer_f) {
    if (f >= me.expanded_at_f.size()) me.expanded_at_f.resize(f + 1, 0);
    ++me.expanded_at_f[f];
    gate_.expanding(me, f, me.expanded_at_f[f]);
    me.max_f = std::max(me.max_f, f);
    if (me.id != 0 || f <= layer_f) return;
    layer_f = f;
    if (options_.on_layer) {
        SearchStats progress = me.stats;
        progress.last_f = f;
        progress.stored = table_.size(me.id);
        progress.seconds = limits_.seconds();
        options_.on_layer(progress);
    }
}

// A limit reached before expanding a node at f, which is then held (its f
// bounds the optimum: least_open_f()). The node limit counts every worker's
// expansions.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::over_limit(Worker& me, uint32_t f) {
    if (node_limit_ && expanded_.fetch_add(1, std::memory_order_relaxed) >= node_limit_) {
        stop(Outcome::node_limit);
        me.held_f = f;
        return true;
    }
    if ((me.stats.expanded % LimitCheck::default_interval) == 0 && check_limits(me)) {
        me.held_f = f;
        return true;
    }
    return false;
}

template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::expand(Worker& me, uint32_t index, uint32_t major_key, uint32_t t, bool second,
                                        bool helped) {
    Parent p{me.nodes[index], ref(me, index), kernel::make_key(major_key, t), second, false};
    // me.unpacked holds the state, unpacked when it was popped (pop()).
    const uint32_t zones = owners_.zones_of(me.unpacked.data());
    bool taken = false;
    if (helped) {
        // The children the helper counted as duplicates are not looked up
        // again: each was stored at its g or less where child() would look
        // (its owner's shard) when the helper computed it, and stored states
        // stay, their g only falls (the slot is for this parent's g).
        taken = ahead_.table().take(
            state::state_hash(board_, me.unpacked.data()), me.unpacked.data(), p.node.g, me.strengthened,
            kernel::ahead_patience, me.stats, [&](const uint64_t* c, const AheadChild& a) {
                const moves::Push push{a.box, a.dir, a.run};
                child(me, p, c, a.hash, push, owners_.child_owner(zones, a.hash, push), [&a] { return a.h; },
                      [&a] { return uint32_t{a.rank}; });
            });
        if (taken) ++me.share.ahead_taken;
    }
    if (!taken) {
        emit_children(me, me.unpacked.data(), zones, me.stats);
        for (size_t i = 0; i < me.emitted.size(); ++i) {
            const uint64_t* c = me.emitted_words.data() + i * stride_;
            const auto& [hash, push, owner] = me.emitted[i];
            me.expander.reselect(c, push, hash);
            child(me, p, c, hash, push, owner, [&] { return me.expander.bound(); }, [&] { return child_rank(me, c); });
        }
    }
    if (p.urgent)  // the best line goes on at its owner now, not with the next batch
        for (int w = 0; w < total_; ++w)
            if (me.urgent[w]) flush(me, w);
}

// A child of p (from the expander or computed ahead) and its owner: bound()
// gives its h, rank_of() its tie rank, each asked for only where needed.
// Stored here when this worker owns it, or when it continues the best line
// and the dive stays here (a shadow then tells its owner); else sent to its
// owner, at once when it continues the best line.
template <Order order, class Exp, class Meet, class Net>
template <class Bound, class RankOf>
void Hda<order, Exp, Meet, Net>::child(Worker& me, Parent& p, const uint64_t* state, uint64_t hash,
                                       const moves::Push& push, int owner, Bound&& bound, RankOf&& rank_of) {
    const uint8_t line = p.second ? second_bit : 0;
    const uint16_t g = static_cast<uint16_t>(p.node.g + push.run);
    if (owner == home(me)) {  // duplicates first, the bound only if new
        insert(me, state, hash, p.ref, g, push, bound, rank_of, line);
        return;
    }
    // Another worker's state. Where its shard may be read (local dives), a
    // copy its owner holds at g or less already is a duplicate, as it would
    // be there: dropped before it is scored and sent.
    if (dive_.on() && held(me, owner, state, hash, g)) {
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
    const bool continues =
        gate_.continues(kernel::make_key(keys_.major(g, h, p.second), keys_.tie(g, h, rank)), p.key);
    Message m{hash, p.ref, g, static_cast<uint16_t>(h), push.box, static_cast<uint8_t>(push.dir | line), push.run,
              static_cast<uint16_t>(rank)};
    if (continues && dive_.keeps(workers_, owner, g + h)) {
        // The dive stays here: no hop, no wait; its owner remembers it.
        const bool counted =
            insert(me, state, hash, p.ref, g, push, [h] { return h; }, [rank] { return rank; }, line);
        m.dir |= shadow_bit | (counted ? counted_bit : 0);
        send(me, owner, state, m);
        return;
    }
    if (h == 0 && me.expander.is_goal(state)) lower_incumbent(g);  // prune with it while it travels
    send(me, owner, state, m);
    if (continues) {
        me.urgent[owner] = 1;
        p.urgent = true;
    }
}

// Expands `state` (zones: its zone key, Owners::zones_of()) into me.emitted
// and me.emitted_words (its children, in the expander's order, each with its
// hash, push and owner), the table slot each one's lookup or insert will
// read prefetched as it comes: for writing where this worker stores it, for
// reading in another worker's shard that it reads (local dives). The stores
// and lookups that follow then miss the cache together, not one after the
// other. Inside the caller's loop, Expander::reselect() makes a child the
// one bound() speaks of.
template <Order order, class Exp, class Meet, class Net>
void Hda<order, Exp, Meet, Net>::emit_children(Worker& me, const uint64_t* state, uint32_t zones,
                                               SearchStats& counts) {
    me.emitted_words.clear();
    me.emitted.clear();
    me.expander.expand(state, counts, [&](const uint64_t* c, uint64_t hash, const moves::Push& push) {
        const int owner = owners_.child_owner(zones, hash, push);
        assert(!owners_.by_zones() || owners_.zones_of(c) == owners_.child_zones(zones, push));
        if (owner == home(me)) table_.prefetch(me.id, hash, true);
        else if (dive_.on()) table_.prefetch(owner, hash);
        me.emitted_words.insert(me.emitted_words.end(), c, c + stride_);
        me.emitted.push_back({hash, push, owner});
    });
}

// Lookahead, a worker with nothing to expand: one expansion computed ahead
// for the worker holding the best key, into the lookahead's table; false
// when there is none to compute. The helper searches below that worker's
// candidates in the order that worker will: the newest candidate first (the
// deepest place the worker will come back to), then depth first below it
// (search/hda/compute_ahead.hpp). States computed already, or expanded by
// the worker, are skipped; nothing is stored or closed.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::look_ahead(Worker& me) {
    const int target = ahead_.target(me, workers_);
    if (target < 0) return false;
    bool strong = false;
    if (!ahead_.next(me, *workers_[target], board_, strong)) return false;
    if (strong) kernel::Rescoring::strengthen(me);  // the bound the helped worker uses, as it would switch itself
    const uint64_t* state = me.ahead.entry.data();
    const uint32_t g = kernel::ComputeAhead::g_of(me.ahead, stride_), h = kernel::ComputeAhead::h_of(me.ahead, stride_);
    const uint64_t hash = kernel::ComputeAhead::hash_of(me.ahead, stride_);
    Lookahead& table = ahead_.table();
    if (table.holds(hash) || expanded_by(me, target, state, hash, g)) return true;
    Lookahead::Writing slot = table.claim(hash, state);
    if (!slot) return true;
    me.ahead.order.clear();
    const size_t base = me.ahead.stack.size();
    if (!compute_children(me, state, g, h, slot)) {
        table.abandon(slot);
        return true;
    }
    const bool caught_up = table.publish(slot, g, me.strengthened);
    ++me.share.lookahead;
    // Caught up: the worker goes on below this state itself, so its line
    // is not computed ahead (the two would go down it in lockstep).
    if (caught_up) me.ahead.stack.resize(base);
    else ahead_.order_line(me.ahead);
    return true;
}

// The helper's expansion of `state` (at g, bound h) into `slot`: each child
// with its bound and rank, but a child held at its g or less where it is
// stored only counted (the worker scores only new states, and it is not
// expanded below this state). The children in the helped worker's f go on
// the helper's stack. Counted in the slot, the worker's once taken: the
// search's counts are one worker's, whatever was computed ahead and never
// taken. False when the slot is full.
template <Order order, class Exp, class Meet, class Net>
bool Hda<order, Exp, Meet, Net>::compute_children(Worker& me, const uint64_t* state, uint32_t g, uint32_t h,
                                                  Lookahead::Writing& slot) {
    // The children first, then the states their table slots point to: the
    // lookups below read the shard the worker writes, and their cache misses
    // overlap.
    emit_children(me, state, owners_.zones_of(state), slot.counts);
    for (const auto& e : me.emitted) {
        const uint32_t there = table_.peek(e.owner, e.hash);
        if (there != concurrent::ClosedTable::none) {
            const Worker& to = *workers_[e.owner];
            __builtin_prefetch(to.arena.at(there));
            __builtin_prefetch(&to.nodes[there]);
        }
    }
    bool full = false;
    for (size_t i = 0; i < me.emitted.size(); ++i) {
        const uint64_t* c = me.emitted_words.data() + i * stride_;
        const auto& [hash, push, owner] = me.emitted[i];
        if (held(me, owner, c, hash, g + push.run)) {
            ++slot.counts.duplicates;
            continue;
        }
        me.expander.reselect(c, push, hash);
        const uint32_t ch = me.expander.bound();
        const uint32_t r = child_rank(me, c);
        if (!ahead_.table().add(slot, c, AheadChild{hash, ch, static_cast<uint16_t>(r), push.box, push.dir, push.run}))
            full = true;
        if (ch == heuristic::dead || ch + push.run != h) continue;  // not in the helped worker's f
        if constexpr (requires { me.expander.child_dead(); })
            if (me.expander.deadlock_search_on_pop() && me.expander.child_dead())
                continue;  // dropped when popped: not worth diving
        ahead_.push_child(me.ahead, c, g + push.run, ch, hash, keys_.tie(0, ch, r));
    }
    return !full;
}

}  // namespace hdasoko::search
