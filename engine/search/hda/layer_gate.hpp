// The layer gate (Options::hda_lag), with the automatic lag and early
// expansions (docs/hda-kernel.md: the last f layer). In A* order every
// worker publishes the best key of its open list (open_key) and of what
// was sent to it (inbox_key); a worker whose own best is more than the lag
// behind the best of all waits instead of expanding. Waiting never drops a
// node and the holder of the best key never waits, so the search stays
// optimal and always progresses. By default a worker waits only for a
// lower f layer; the automatic lag (Options::Lag::Mode::automatic) waits within the
// layer (lag 0: one worker's order) while the search is young, the layers
// below the best f under Options::hda_parallel_below expansions, and once
// it has grown only across layers, where early() lets a worker one layer
// behind expand its own best node rather than wait.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>

#include "search/hda/common.hpp"
#include "search/hda/last_layer.hpp"
#include "search/hda/second_line.hpp"

namespace hdasoko::search::kernel {

// A worker's part of the gate.
struct GateState {
    Key published = no_key;  // last value stored in the worker's open_key
    Key best_seen = 0;       // the best key of all workers when last read
    bool in_layer = false;   // automatic lag: the search is young, lag 0
    uint64_t below = 0;      // automatic lag: expansions below the best f when last read
    uint32_t early_f = 0;    // early(): the best f its count is for
    uint64_t early_in_f = 0; // early(): expansions above early_f
};

class LayerGate {
public:
    // tie_scale: the tie's unit of h (Keys); threads: this process's workers.
    LayerGate(const LastLayer& l, uint32_t tie_scale, int threads, uint64_t parallel_below, SecondLine line)
        : on_(l.gated),
          automatic_(l.automatic),
          lag_(l.lag == lag_layer ? l.lag : l.lag * static_cast<int>(tie_scale)),
          threads_(threads),
          parallel_below_(parallel_below),
          line_(line) {}

    bool on() const { return on_; }
    // The lag in force for a worker: 0 while the search is young (automatic), else the lag.
    int lag(const GateState& s) const { return automatic_ && s.in_layer ? 0 : lag_; }

    // The worker's best open key is more than the lag behind the best key of
    // all workers (their open lists and what is in flight to them); the
    // others' keys are read again only when refresh or when its own key
    // fell behind the best one seen. Publishes its own key first. grown():
    // called when the automatic lag finds the search grown.
    template <class W, class Workers, class Grown>
    bool behind(W& me, const Workers& all, bool refresh, Grown&& grown) const {
        GateState& s = me.gate;
        uint32_t f, h;
        me.open.peek(f, h);
        const Key mine = make_key(f, h);
        if (mine != s.published) {
            s.published = mine;
            me.open_key.store(mine, std::memory_order_release);
        }
        if (!refresh && mine <= s.best_seen + lag(s)) return false;
        Key best = mine;
        for (const auto& w : all) best = std::min(best, least_key(*w));
        s.best_seen = best;
        if (automatic_) {
            s.below = below(all, line_.f_of(major_of(best)));
            s.in_layer = s.below < parallel_below_;
            if (!s.in_layer) grown();
        }
        return mine > best + lag(s);
    }

    // A worker behind the best f by one layer, the search grown: whether it
    // expands its own best node now rather than wait at the layer's gate.
    // Once the best f's layer ends that node is needed anyway (every node
    // below the optimum is expanded); it is wasted only if that layer holds
    // the optimum, so each worker does at most below / (early_share *
    // workers) such expansions per best f: all of them together waste at
    // most 1/early_share of the expansions below the optimum's layer,
    // whatever the scheduling.
    template <class W>
    bool early(W& me) const {
        GateState& s = me.gate;
        if (!automatic_ || s.in_layer) return false;
        const uint32_t mine = line_.f_of(major_of(s.published)), best = line_.f_of(major_of(s.best_seen));
        if (mine > best + 2) return false;  // the next layer (two pushes up, in parity), no further
        if (best != s.early_f) {
            s.early_f = best;
            s.early_in_f = 0;
        }
        if (s.early_in_f >= s.below / (early_share * static_cast<uint64_t>(threads_))) return false;
        ++s.early_in_f;
        ++me.share.early;
        return true;
    }

    // A worker about to drain its inbox: the inbox's key goes to its open
    // list's key first, and is cleared before the batches are taken (a key
    // whose batch was taken before the key arrived lives until the next
    // call). behind() corrects the open key once the batch is stored: a
    // worker reading both keys never finds neither, even if this one is
    // descheduled while it stores the batch; cleared first, the best key of
    // all could vanish for a time slice while the others went on expanding
    // worse nodes (perf/results/last-layer-s43.md).
    template <class W>
    void draining(W& me) const {
        if (!on_) return;
        const Key sent = me.inbox_key.load(std::memory_order_acquire);
        if (sent == no_key) return;
        if (sent < me.gate.published) {
            me.gate.published = sent;
            me.open_key.store(sent, std::memory_order_release);
        }
        me.inbox_key.store(no_key, std::memory_order_seq_cst);
    }
    // A batch with best key k was pushed to worker `to`'s inbox. After the
    // push: a stale low key (the batch already drained) only makes others
    // wait until the owner's next drain clears it.
    template <class W>
    void sent(W& to, Key k) const {
        if (on_) lower_to(to.inbox_key, k);
    }
    // The worker has nothing below the incumbent.
    template <class W>
    void idle(W& me) const {
        if (!on_ || me.gate.published == no_key) return;
        me.gate.published = no_key;
        me.open_key.store(no_key, std::memory_order_relaxed);
    }
    // The worker expands at f, its expansions at f now at_f: published for
    // the automatic lag, on a cache line the others read every few expansions.
    template <class W>
    void expanding(W& me, uint32_t f, uint64_t at_f) const {
        if (!automatic_) return;
        me.at_f.store((uint64_t{f} << 40) | at_f, std::memory_order_relaxed);
        me.expansions.store(me.stats.expanded + 1, std::memory_order_relaxed);
    }
    // Waiting within the layer: every child at its owner before the next
    // pop, so that the order is one worker's (a child held back in a batch
    // is missed as a duplicate, or its better key not seen).
    bool flushes_each(const GateState& s) const { return on_ && lag(s) < lag_layer; }
    // A child with key `child` continues the best line of its parent's key.
    bool continues(Key child, Key parent) const { return on_ && child <= parent; }

private:
    // Automatic lag: the expansions in the layers below f, as the workers last published.
    template <class Workers>
    static uint64_t below(const Workers& all, uint32_t f) {
        uint64_t in_f = 0, total = 0;
        for (const auto& w : all) {
            const uint64_t at = w->at_f.load(std::memory_order_relaxed);
            if ((at >> 40) == f) in_f += at & ((uint64_t{1} << 40) - 1);
            total += w->expansions.load(std::memory_order_relaxed);
        }
        return total - std::min(total, in_f);
    }

    const bool on_, automatic_;
    const int lag_;
    const int threads_;
    const uint64_t parallel_below_;
    const SecondLine line_;
};

}  // namespace hdasoko::search::kernel
