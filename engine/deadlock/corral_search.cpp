// Corral deadlock search; see corral_search.hpp. Breadth-first over the kept
// boxes' pushes; states are box bitsets plus the normalized player, held in
// one vector and found again through a small open-addressing table sized
// for the node limit (cleared per search: no allocation after the first).
#include "deadlock/corral_search.hpp"

#include <algorithm>

#include "deadlock/deadlock.hpp"
#include "state/state.hpp"

namespace hdasoko::deadlock {

using board::Cell;
using board::no_cell;

CorralSearch::CorralSearch(const board::Board& board, int node_limit)
    : board_(board),
      node_limit_(node_limit),
      words_(board.words()),
      stride_(board.words() + 1),
      area_(board),
      label_(board.cells(), -1),
      kept_(board.words()),
      child_(board.words() + 1),
      parent_(board.words() + 1) {
    size_t slots = 16;
    while (slots < static_cast<size_t>(node_limit) * 4) slots *= 2;
    slots_.assign(slots, 0);
    states_.reserve(static_cast<size_t>(node_limit + 1) * stride_);
}

bool CorralSearch::is_dead(const uint64_t* boxes, Cell player, const moves::Reachability& area) {
    std::fill(label_.begin(), label_.end(), -1);
    int corrals = 0;
    for (Cell s = 0; s < board_.cells(); ++s) {
        if (label_[s] >= 0 || state::has_box(boxes, s) || area.reached(s)) continue;
        label_[s] = static_cast<int16_t>(corrals);
        stack_.assign(1, s);
        while (!stack_.empty()) {
            const Cell c = stack_.back();
            stack_.pop_back();
            for (int d = 0; d < 4; ++d) {
                const Cell n = board_.neighbor(c, d);
                if (n == no_cell || label_[n] >= 0 || state::has_box(boxes, n)) continue;
                label_[n] = static_cast<int16_t>(corrals);
                stack_.push_back(n);
            }
        }
        ++corrals;
    }
    for (int k = 0; k < corrals; ++k) {
        // The corral's boxes; a corral with every box on a goal and no empty
        // goal inside needs nothing.
        std::fill(kept_.begin(), kept_.end(), 0);
        bool unsolved = false;
        for (Cell c = 0; c < board_.cells(); ++c) {
            if (label_[c] != k) continue;
            unsolved |= board_.is_goal(c);
            for (int d = 0; d < 4; ++d) {
                const Cell n = board_.neighbor(c, d);
                if (n != no_cell && state::has_box(boxes, n)) state::set_box(kept_.data(), n);
            }
        }
        state::for_each_box(kept_.data(), words_, [&](Cell b) { unsolved |= !board_.is_goal(b); });
        if (unsolved && corral_dead(player, k)) return true;
    }
    return false;
}

bool CorralSearch::remember(const uint64_t* state) {
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < stride_; ++i) h = (h ^ state[i]) * 0xBF58476D1CE4E5B9ull;
    const size_t mask = slots_.size() - 1;
    for (size_t i = (h >> 17) & mask;; i = (i + 1) & mask) {
        if (slots_[i] == 0) {
            states_.insert(states_.end(), state, state + stride_);
            slots_[i] = static_cast<uint32_t>(states_.size() / stride_);
            return true;
        }
        if (state::equal(&states_[(slots_[i] - 1) * static_cast<size_t>(stride_)], state, stride_)) return false;
    }
}

bool CorralSearch::corral_dead(Cell player, int corral) {
    ++searches_;
    std::fill(slots_.begin(), slots_.end(), 0);
    states_.clear();
    std::copy(kept_.begin(), kept_.end(), child_.begin());
    child_[words_] = static_cast<uint64_t>(area_.compute(child_.data(), player));
    remember(child_.data());
    for (size_t head = 0; head * stride_ < states_.size(); ++head) {
        if (static_cast<int>(head) >= node_limit_) return false;  // not proven
        ++nodes_;
        // A copy: remember() may move states_.
        std::copy(states_.begin() + head * stride_, states_.begin() + (head + 1) * stride_, parent_.begin());
        const std::vector<uint64_t>& parent = parent_;
        area_.compute(parent.data(), state::player_of(parent.data(), words_));
        // Opened: the player reaches into the corral, or every kept box is on a goal.
        bool open = true;
        state::for_each_box(parent.data(), words_, [&](Cell b) { open &= board_.is_goal(b); });
        for (Cell c = 0; c < board_.cells() && !open; ++c) open = label_[c] == corral && area_.reached(c);
        if (open) return false;
        pushes_.clear();
        moves::for_each_push(board_, parent.data(), area_, [&](const moves::Push& p) { pushes_.push_back(p); });
        for (const moves::Push& p : pushes_) {
            const Cell to = board_.neighbor(p.box, p.dir);
            if (board_.is_dead(to)) continue;
            std::copy(parent.begin(), parent.end(), child_.begin());
            state::clear_box(child_.data(), p.box);
            state::set_box(child_.data(), to);
            if (is_freeze_deadlock(board_, child_.data(), to, p.box)) continue;
            child_[words_] = static_cast<uint64_t>(area_.compute(child_.data(), p.box));
            remember(child_.data());
        }
    }
    return true;  // every relaxed sequence fails: dead
}

}  // namespace hdasoko::deadlock
