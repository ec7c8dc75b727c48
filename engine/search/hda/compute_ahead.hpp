// Lookahead (Options::hda_lookahead, with local dives; docs/hda-kernel.md):
// a worker that waits at a layer's gate, or has nothing at all, computes
// ahead for the worker holding the best key the expansions that worker
// will need when its line ends, and leaves the children with their bounds
// in a shared table (search/lookahead.hpp). The helped worker publishes its
// candidate, its open node after next (near where it goes back to); the
// helper expands the newest candidate and then the line below it in the
// helped worker's own order. Nothing is stored or closed by the helper, so
// the search is the same search (the same order, the same proof).
//
// This is the policy's bookkeeping: whom to help, the helper's stack of
// states to compute, the candidates. The kernel's look_ahead() does the
// expansion itself (search/hda/loop.hpp).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "board/board.hpp"
#include "search/hda/common.hpp"
#include "search/hda/last_layer.hpp"
#include "search/lookahead.hpp"
#include "search/node.hpp"
#include "state/packing.hpp"
#include "state/state.hpp"

namespace hdasoko::search::kernel {

// A worker's part of the lookahead.
struct AheadState {
    explicit AheadState(int words) : candidate_words(words) {}

    std::vector<uint64_t> candidate_words;  // the candidate being published, unpacked
    uint32_t candidate_index = ~uint32_t{0};  // the node last published as candidate
    // As a helper: the states still to compute ahead for another worker, a
    // stack of entries (state, then g << 32 | h, then its hash), the next on top.
    std::vector<uint64_t> stack;
    uint64_t seq = 0;  // the helped worker's candidate last read
    int target = -1;   // the worker helped
    struct Next {
        uint32_t tie;
        uint32_t at;  // the child's entry in the stack
    };
    std::vector<Next> order;     // children that go on in the helped worker's f
    std::vector<uint64_t> entry;  // the entry being expanded; scratch for order_line()
    int helping = -1;             // the worker this one computes ahead for, or -1
    uint32_t calls = 0;           // look_ahead() calls, for what it does only every so many
};

class ComputeAhead {
public:
    // stride: a working state's words; boxes: the level's (an expansion has at most 4 per box).
    ComputeAhead(const LastLayer& l, int stride, int boxes)
        : on_(l.lookahead),
          stride_(stride),
          table_(on_ ? std::make_unique<Lookahead>(stride, 4 * boxes, lookahead_slot_bits) : nullptr) {}

    bool on() const { return on_; }
    Lookahead& table() const { return *table_; }
    // The table's bytes, counted with worker 0's.
    uint64_t bytes(int worker) const { return worker == 0 && table_ ? table_->bytes() : 0; }

    // `me` now computes ahead for worker `target` (-1: for none), which
    // publishes its candidates and looks for its children in the table only
    // while some worker does (the look costs a cache miss an expansion).
    template <class W, class Workers>
    void help(W& me, const Workers& all, int target) const {
        AheadState& a = me.ahead;
        if (a.helping == target) return;
        if (a.helping >= 0) {
            W& was = *all[a.helping];
            was.helpers.fetch_sub(1, std::memory_order_relaxed);
            int self = me.id;
            was.helper.compare_exchange_strong(self, -1, std::memory_order_relaxed);
        }
        if (target >= 0) {
            all[target]->helpers.fetch_add(1, std::memory_order_relaxed);
            all[target]->helper.store(me.id, std::memory_order_relaxed);
        }
        a.helping = target;
    }

    // `me` expands a node of its own: it helps no one now. True when another
    // worker computes ahead for it (its candidate then published): its
    // children may be in the table.
    template <class W, class Workers, class Keys>
    bool expanding(W& me, const Workers& all, const Keys& keys, const state::Packing& packing) const {
        help(me, all, -1);
        if (!on_ || me.helpers.load(std::memory_order_relaxed) == 0) return false;
        publish_candidate(me, all, keys, packing);
        return true;
    }

    // The worker to help, for a worker with nothing to expand: the one
    // holding the best key, looked for every target_rescan calls (its key
    // changes at nearly every expansion, and each look takes the line from
    // it); -1 for none. One helper per worker: a diver uses little more,
    // and on a shared machine more helpers take the cores from it.
    template <class W, class Workers>
    int target(W& me, const Workers& all) const {
        AheadState& a = me.ahead;
        int target = a.target;
        if (++a.calls % target_rescan == 0 || target < 0) {
            target = -1;
            Key best = no_key;
            for (const auto& w : all) {
                const Key k = w->open_key.load(std::memory_order_relaxed);
                if (w->id != me.id && k < best) {
                    best = k;
                    target = w->id;
                }
            }
        }
        if (target < 0) return -1;
        if (a.helping != target && all[target]->helpers.load(std::memory_order_relaxed) >= helpers_per_worker)
            return -1;
        if (target != a.target) {
            a.target = target;
            a.seq = 0;
            a.stack.clear();
        }
        help(me, all, target);
        return target;
    }

    // The next state to compute ahead for `target` into me.ahead.entry
    // (state, g << 32 | h, hash): its newest candidate when there is one
    // (strong: computed with the stronger bound), else the top of the
    // stack. False when there is none.
    template <class W>
    bool next(W& me, const W& target, const board::Board& board, bool& strong) const {
        AheadState& a = me.ahead;
        const size_t entry = entry_words();
        uint64_t seq = a.seq;
        uint32_t g = 0, h = 0;
        const size_t top = a.stack.size();
        if (top + entry > lookahead_stack * entry)  // the oldest half goes
            a.stack.erase(a.stack.begin(), a.stack.begin() + (top / entry / 2) * entry);
        a.stack.resize(a.stack.size() + entry);
        uint64_t* fresh = a.stack.data() + a.stack.size() - entry;
        if (target.candidate.read(seq, fresh, g, h, strong)) {
            a.seq = seq;
            fresh[stride_] = (uint64_t{g} << 32) | h;
            fresh[stride_ + 1] = state::state_hash(board, fresh);
        } else {
            a.stack.resize(a.stack.size() - entry);
        }
        if (a.stack.empty()) return false;
        a.entry.assign(a.stack.end() - entry, a.stack.end());
        a.stack.resize(a.stack.size() - entry);
        return true;
    }
    static uint32_t g_of(const AheadState& a, int stride) { return static_cast<uint32_t>(a.entry[stride] >> 32); }
    static uint32_t h_of(const AheadState& a, int stride) { return static_cast<uint32_t>(a.entry[stride]); }
    static uint64_t hash_of(const AheadState& a, int stride) { return a.entry[stride + 1]; }

    // A child computed ahead in the helped worker's f, to be computed in
    // turn: on the stack, in the order order_line() gives it.
    void push_child(AheadState& a, const uint64_t* child, uint32_t g, uint32_t h, uint64_t hash, uint32_t tie) const {
        const size_t top = a.stack.size();
        a.stack.insert(a.stack.end(), child, child + stride_);
        a.stack.push_back((uint64_t{g} << 32) | h);
        a.stack.push_back(hash);
        a.order.push_back({tie, static_cast<uint32_t>(top)});
    }
    // The children pushed since a.order was cleared, on the stack as the
    // helped worker will take them: the lowest tie on top, and of equal ties
    // the last emitted (its open list is last in, first out).
    void order_line(AheadState& a) const {
        if (a.order.size() < 2) return;
        const size_t entry = entry_words();
        const size_t first = a.order.front().at;
        std::stable_sort(a.order.begin(), a.order.end(), [](const auto& x, const auto& y) { return x.tie > y.tie; });
        a.entry.assign(a.stack.begin() + first, a.stack.end());
        for (size_t i = 0; i < a.order.size(); ++i)
            std::copy(a.entry.begin() + (a.order[i].at - first), a.entry.begin() + (a.order[i].at - first) + entry,
                      a.stack.begin() + first + i * entry);
    }

    // A new candidate of the worker `me` helps (it sleeps until one).
    template <class W, class Workers>
    static bool new_candidate(const W& me, const Workers& all) {
        return me.ahead.helping >= 0 && all[me.ahead.helping]->candidate.changed(me.ahead.seq);
    }

private:
    // Where helpers start: not the node the worker pops after this one (where
    // it goes when its best line ends) but the one after that, in the same
    // f: the worker reaches the next one soon after a short line, and then
    // waited for the helper that had just begun it
    // (perf/results/last-layer-s50.md). Only the first, when no other lies
    // within candidate_span of h.
    template <class W, class Workers, class Keys>
    void publish_candidate(W& me, const Workers& all, const Keys& keys, const state::Packing& packing) const {
        if (me.open.empty()) return;
        AheadState& a = me.ahead;
        uint32_t m, t, index;
        if (!me.open.second(m, t, index, candidate_span * keys.tie_scale())) index = me.open.top(m, t);
        const Node& node = me.nodes[index];
        if (index == a.candidate_index || is_closed(node) || node.g != keys.g_of(keys.f_of(m), t)) return;
        a.candidate_index = index;
        packing.unpack(me.arena.at(index), a.candidate_words.data());
        me.candidate.publish(a.candidate_words.data(), node.g, t / keys.tie_scale(), me.strengthened);
        // A helper that computed all it had sleeps until a new candidate:
        // woken now, not when its sleep times out.
        if (const int h = me.helper.load(std::memory_order_relaxed); h >= 0) all[h]->parker.unpark_sleeper();
    }
    size_t entry_words() const { return static_cast<size_t>(stride_) + 2; }

    const bool on_;
    const int stride_;
    const std::unique_ptr<Lookahead> table_;
};

}  // namespace hdasoko::search::kernel
