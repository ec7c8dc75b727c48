// Frozen-goal deadlocks; see frozen_goals.hpp. Per frozen set, one pull
// search per empty goal over box squares (cells, not sides: the player is
// assumed to stand wherever a pull needs it, which only adds reach); then
// per state a bipartite matching (augmenting paths over 64-bit goal masks).
#include "deadlock/frozen_goals.hpp"

#include <algorithm>

#include "deadlock/deadlock.hpp"
#include "state/state.hpp"

namespace hdasoko::deadlock {

using board::Cell;
using board::no_cell;

namespace {
constexpr size_t slot_count = 2048;  // a power of two, 4x max_entries
}

FrozenGoals::FrozenGoals(const board::Board& board)
    : board_(board),
      words_(board.words()),
      goal_index_(board.cells(), -1),
      frozen_(board.words()),
      slots_(slot_count, -1),
      seen_(board.cells()) {
    for (size_t i = 0; i < board.goals().size(); ++i) goal_index_[board.goals()[i]] = static_cast<int>(i);
    queue_.reserve(board.cells());
}

bool FrozenGoals::is_dead(const uint64_t* boxes, Cell to, Cell player) {
    if (board_.goals().size() > 64 || !board_.is_goal(to) || !is_frozen(board_, boxes, to, player)) return false;
    std::fill(frozen_.begin(), frozen_.end(), 0);
    uint64_t key = 0;
    for (Cell g : board_.goals()) {
        if (!state::has_box(boxes, g) || !is_frozen(board_, boxes, g, player)) continue;
        state::set_box(frozen_.data(), g);
        key ^= board_.box_key(g);
    }
    ++checks_;
    return !matched(boxes, reach(key));
}

const uint64_t* FrozenGoals::reach(uint64_t key) {
    const int cells = board_.cells();
    size_t slot = key & (slot_count - 1);
    for (; slots_[slot] >= 0; slot = (slot + 1) & (slot_count - 1)) {
        const size_t e = static_cast<size_t>(slots_[slot]);
        if (entry_keys_[e] == key &&
            std::equal(frozen_.begin(), frozen_.end(), entry_sets_.begin() + e * words_))
            return entry_masks_.data() + e * cells;
    }
    if (entry_keys_.size() == max_entries) {  // full: start over
        entry_keys_.clear();
        entry_sets_.clear();
        entry_masks_.clear();
        std::fill(slots_.begin(), slots_.end(), -1);
        slot = key & (slot_count - 1);
    }
    const size_t e = entry_keys_.size();
    slots_[slot] = static_cast<int32_t>(e);
    entry_keys_.push_back(key);
    entry_sets_.insert(entry_sets_.end(), frozen_.begin(), frozen_.end());
    entry_masks_.resize((e + 1) * cells, 0);
    uint64_t* masks = entry_masks_.data() + e * cells;
    ++computed_;
    auto blocked = [&](Cell c) { return c == no_cell || state::has_box(frozen_.data(), c); };
    for (Cell g : board_.goals()) {
        if (state::has_box(frozen_.data(), g)) continue;
        const uint64_t bit = uint64_t{1} << goal_index_[g];
        std::fill(seen_.begin(), seen_.end(), 0);
        queue_.clear();
        queue_.push_back(g);
        seen_[g] = 1;
        for (size_t head = 0; head < queue_.size(); ++head) {
            const Cell y = queue_[head];
            masks[y] |= bit;
            for (int d = 0; d < 4; ++d) {
                // Pull from y towards d: the player steps from y+d to y+2d,
                // the box follows onto y+d.
                const Cell y1 = board_.neighbor(y, d);
                if (blocked(y1) || seen_[y1]) continue;
                if (blocked(board_.neighbor(y1, d))) continue;
                seen_[y1] = 1;
                queue_.push_back(y1);
            }
        }
    }
    return masks;
}

bool FrozenGoals::matched(const uint64_t* boxes, const uint64_t* masks) {
    box_masks_.clear();
    bool dead = false;
    state::for_each_box(boxes, words_, [&](Cell c) {
        if (state::has_box(frozen_.data(), c)) return;
        if (masks[c] == 0) dead = true;
        box_masks_.push_back(masks[c]);
    });
    if (dead) return false;
    std::fill(std::begin(goal_owner_), std::end(goal_owner_), -1);
    for (int b = 0; b < static_cast<int>(box_masks_.size()); ++b) {
        uint64_t visited = 0;
        if (!augment(b, visited)) return false;
    }
    return true;
}

// Kuhn's augmenting path from box b; visited: goals already on this path.
bool FrozenGoals::augment(int b, uint64_t& visited) {
    for (uint64_t m = box_masks_[b] & ~visited; m; m &= m - 1) {
        const int g = __builtin_ctzll(m);
        if (visited >> g & 1) continue;
        visited |= uint64_t{1} << g;
        if (goal_owner_[g] < 0 || augment(goal_owner_[g], visited)) {
            goal_owner_[g] = b;
            return true;
        }
    }
    return false;
}

}  // namespace hdasoko::deadlock
