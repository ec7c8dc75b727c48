// Lookahead (search/hda/compute_ahead.hpp): expansions computed ahead of
// time by a worker with nothing of its own to expand, for the worker that
// will expand them.
// A worker that pops a state finds its children here, keyed by the state's
// hash and checked against the whole state, and stores them as if its own
// expander had just produced them; it expands the state itself when they
// are not here (a state being written it waits for, up to a patience the
// caller gives). So the order of the search is that of the worker alone,
// and a helper that is slow or descheduled costs the worker that patience
// at most.
//
// A fixed table of slots, one place per hash (a newer expansion replaces an
// older one never taken); each slot is written by one helper and read by one
// taker at a time, handed between them by its status. Candidate: the state
// a worker will expand soon after its best line ends
// (search/hda/compute_ahead.hpp: publish_candidate()), published under a
// sequence lock for the helpers to start from.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <memory>

#include "board/board.hpp"
#include "concurrent/spin.hpp"
#include "search/search.hpp"

namespace hdasoko::search {

// One child of an expansion computed ahead; the child's state (stride words)
// precedes it in the slot. A child the helper found stored already at its g
// or less is a duplicate for the taker too (stored states stay, their g only
// falls): it is only counted (Writing::counts.duplicates), not scored nor kept.
struct AheadChild {
    uint64_t hash;
    uint32_t h;     // its bound as the expander gave it (heuristic::dead included)
    uint16_t rank;  // its tie rank (Expander::tie_rank())
    board::Cell box;
    uint8_t dir;
    uint8_t run;
};
static_assert(sizeof(AheadChild) == 24 && sizeof(AheadChild) % sizeof(uint64_t) == 0);

class Lookahead {
public:
    // stride: a state's words; max_children: the most children of one expansion.
    Lookahead(int stride, int max_children, int slot_bits)
        : stride_(stride),
          max_children_(max_children),
          record_words_(stride + static_cast<int>(sizeof(AheadChild) / sizeof(uint64_t))),
          slot_words_(stride + max_children * record_words_),
          mask_((size_t{1} << slot_bits) - 1),
          slots_(std::make_unique<Slot[]>(mask_ + 1)),
          data_words_((mask_ + 1) * static_cast<size_t>(slot_words_)),
          // Not zeroed: a slot's words are read only once written, and its
          // pages are touched only when used (a short search uses few).
          data_(std::make_unique_for_overwrite<uint64_t[]>(data_words_)) {}

    // A slot being written: add() each child, then publish() or abandon().
    struct Writing {
        size_t slot = none;
        int count = 0;
        // The expansion's counts (generated, pruned, ...; duplicates: the
        // children stored already at their g or less), the taker's once taken.
        SearchStats counts;
        explicit operator bool() const { return slot != none; }
    };

    // Claims the slot of `state` for writing; empty when another thread holds it.
    Writing claim(uint64_t hash, const uint64_t* state) {
        const size_t s = hash & mask_;
        uint32_t status = slots_[s].status.load(std::memory_order_relaxed);
        if ((status != empty && status != ready) ||
            !slots_[s].status.compare_exchange_strong(status, writing, std::memory_order_acquire))
            return Writing{};
        std::memcpy(words(s), state, sizeof(uint64_t) * stride_);
        slots_[s].waited.store(false, std::memory_order_relaxed);
        slots_[s].hash.store(hash, std::memory_order_relaxed);
        return Writing{s, 0, {}};
    }
    // False when the expansion has more children than a slot holds.
    bool add(Writing& w, const uint64_t* child, const AheadChild& c) {
        if (w.count == max_children_) return false;
        uint64_t* r = words(w.slot) + stride_ + static_cast<size_t>(w.count) * record_words_;
        std::memcpy(r, child, sizeof(uint64_t) * stride_);
        std::memcpy(r + stride_, &c, sizeof c);
        ++w.count;
        return true;
    }
    // g: the state's g the children were scored for (the duplicates are
    // duplicates only at that g); strong: the bound in force
    // (search::Options::fives_after). A state with no children (a PI-corral
    // deadlock) is published with none. True when a taker came for it while
    // it was written (take()): the taker has caught up with the writer.
    bool publish(Writing& w, uint32_t g, bool strong) {
        Slot& slot = slots_[w.slot];
        const bool waited = slot.waited.load(std::memory_order_relaxed);
        slot.count = w.count;
        slot.counts = w.counts;
        slot.g = g;
        slot.strong = strong;
        slot.status.store(ready, std::memory_order_release);
        w.slot = none;
        return waited;
    }
    void abandon(Writing& w) {
        slots_[w.slot].status.store(empty, std::memory_order_release);
        w.slot = none;
    }

    // True when the expansion of `state` at g with the bound `strong` is
    // here: each(child, AheadChild) for each child kept, the expansion's
    // counts (Writing::counts) added to `stats`, and the slot is emptied.
    // While a helper is writing this state's slot, waits for it up to
    // `patience` (then the caller expands the state itself), and tells its
    // writer (publish()).
    template <class Each>
    bool take(uint64_t hash, const uint64_t* state, uint32_t g, bool strong, std::chrono::nanoseconds patience,
              SearchStats& stats, Each&& each) {
        const size_t s = hash & mask_;
        Slot& slot = slots_[s];
        if (slot.status.load(std::memory_order_relaxed) == writing &&
            slot.hash.load(std::memory_order_relaxed) == hash) {
            slot.waited.store(true, std::memory_order_relaxed);
            const auto until = std::chrono::steady_clock::now() + patience;
            while (slot.status.load(std::memory_order_relaxed) == writing &&
                   std::chrono::steady_clock::now() < until)
                HDASOKO_SPIN_PAUSE();
        }
        uint32_t status = ready;
        if (slot.status.load(std::memory_order_relaxed) != ready ||
            !slot.status.compare_exchange_strong(status, reading, std::memory_order_acquire))
            return false;
        if (slot.hash.load(std::memory_order_relaxed) != hash || slot.g != g || slot.strong != strong ||
            std::memcmp(words(s), state, sizeof(uint64_t) * stride_) != 0) {
            slot.status.store(ready, std::memory_order_release);  // another state's: left for it
            return false;
        }
        const uint64_t* r = words(s) + stride_;
        for (int i = 0; i < slot.count; ++i, r += record_words_) {
            AheadChild c;
            std::memcpy(&c, r + stride_, sizeof c);
            each(r, c);
        }
        add_counts(stats, slot.counts);
        slot.status.store(empty, std::memory_order_release);
        return true;
    }
    // The expansion of `state` is here or being written (a helper need not redo it).
    bool holds(uint64_t hash) const {
        const Slot& slot = slots_[hash & mask_];
        const uint32_t status = slot.status.load(std::memory_order_acquire);
        return status == writing || (status == ready && slot.hash.load(std::memory_order_relaxed) == hash);
    }

    size_t bytes() const { return data_words_ * sizeof(uint64_t) + (mask_ + 1) * sizeof(Slot); }

private:
    static constexpr size_t none = ~size_t{0};
    enum : uint32_t { empty, writing, ready, reading };
    struct Slot {
        std::atomic<uint32_t> status{empty};
        int count = 0;
        SearchStats counts;
        uint32_t g = 0;
        bool strong = false;
        std::atomic<uint64_t> hash{0};
        std::atomic<bool> waited{false};
    };
    uint64_t* words(size_t slot) { return data_.get() + slot * static_cast<size_t>(slot_words_); }

    const int stride_, max_children_, record_words_, slot_words_;
    const size_t mask_;
    std::unique_ptr<Slot[]> slots_;
    const size_t data_words_;
    std::unique_ptr<uint64_t[]> data_;
};

// The state a worker publishes for helpers to start from (near the open
// node it will expand next), with its g and h, under a sequence lock.
class Candidate {
public:
    explicit Candidate(int stride) : words_(std::make_unique<std::atomic<uint64_t>[]>(stride)), stride_(stride) {}

    void publish(const uint64_t* state, uint32_t g, uint32_t h, bool strong) {
        const uint64_t s = seq_.load(std::memory_order_relaxed);
        seq_.store(s + 1, std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_release);
        for (int i = 0; i < stride_; ++i) words_[i].store(state[i], std::memory_order_relaxed);
        cost_.store((uint64_t{g} << 33) | (uint64_t{h} << 1) | uint64_t{strong}, std::memory_order_relaxed);
        seq_.store(s + 2, std::memory_order_release);
    }
    // Copies the last published state into `state` when it is not the one
    // read before (seq) and no write overlapped the copy.
    bool read(uint64_t& seq, uint64_t* state, uint32_t& g, uint32_t& h, bool& strong) const {
        const uint64_t s = seq_.load(std::memory_order_acquire);
        if (s == seq || (s & 1) || s == 0) return false;
        for (int i = 0; i < stride_; ++i) state[i] = words_[i].load(std::memory_order_relaxed);
        const uint64_t cost = cost_.load(std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_acquire);
        if (seq_.load(std::memory_order_relaxed) != s) return false;
        seq = s;
        g = static_cast<uint32_t>(cost >> 33);
        h = static_cast<uint32_t>(cost >> 1) & 0xFFFFFFFFu;
        strong = cost & 1;
        return true;
    }

    // A state was published since `seq` was read (or one is being written).
    bool changed(uint64_t seq) const { return seq_.load(std::memory_order_acquire) != seq; }

private:
    std::unique_ptr<std::atomic<uint64_t>[]> words_;
    alignas(64) std::atomic<uint64_t> seq_{0};
    std::atomic<uint64_t> cost_{0};
    const int stride_;
};

}  // namespace hdasoko::search
