// Goal-room patterns; see goal_patterns.hpp. A relaxed state is the set of
// the group's goals holding a box (a mask over its goals) and the player's
// area with only those boxes on the board, named by its smallest square:
// key = mask << 16 | that square.
#include "deadlock/goal_patterns.hpp"

#include <algorithm>
#include <cassert>

#include "board/splitmix64.hpp"
#include "state/state.hpp"

namespace hdasoko::deadlock {

using board::Cell;
using board::no_cell;

namespace {


uint64_t key_of(uint64_t mask, Cell area) { return mask << 16 | static_cast<uint16_t>(area); }

size_t slot_of(uint64_t key, size_t slots) {
    uint64_t s = key;
    return static_cast<size_t>(board::splitmix64(s)) & (slots - 1);
}

}  // namespace

GoalPatterns::GoalPatterns(const board::Board& board, size_t max_states, const std::atomic<bool>* cancel)
    : board_(board),
      group_of_(board.cells(), -1),
      bit_of_(board.cells(), -1),
      area_(board),
      child_area_(board),
      boxes_(board.words()),
      child_(board.words()) {
    // Pieces of 4-adjacent goal squares, at most `limit` goals each, grown
    // breadth-first from their smallest square; -1 marks the goals taken.
    std::vector<int> piece_of(board.cells(), -1);
    auto pieces = [&](const std::vector<Cell>& goals, size_t limit) {
        std::vector<std::vector<Cell>> out;
        for (Cell g : goals) piece_of[g] = -2;  // free to take
        for (Cell g : goals) {
            if (piece_of[g] != -2) continue;
            std::vector<Cell> piece{g};
            piece_of[g] = static_cast<int>(out.size());
            for (size_t head = 0; head < piece.size() && piece.size() < limit; ++head)
                for (int d = 0; d < 4 && piece.size() < limit; ++d) {
                    const Cell n = board.neighbor(piece[head], d);
                    if (n == no_cell || piece_of[n] != -2) continue;
                    piece_of[n] = static_cast<int>(out.size());
                    piece.push_back(n);
                }
            out.push_back(std::move(piece));
        }
        return out;
    };
    auto add = [&](const std::vector<Cell>& goals) {
        const int index = static_cast<int>(groups_.size());
        groups_.emplace_back().goals = goals;
        for (size_t i = 0; i < goals.size(); ++i) {
            group_of_[goals[i]] = index;
            bit_of_[goals[i]] = static_cast<int>(i);
        }
        search(groups_.back(), max_states, cancel);
        return groups_.back().tested;
    };
    for (const std::vector<Cell>& room : pieces(board.goals(), board.goals().size())) {
        if (room.size() < 2) continue;  // a lone goal is no room
        // A room too large to search whole is tested in pieces: each is a
        // relaxation of its own (the room's other goals are squares a box
        // may come from), weaker but sound.
        if (room.size() <= max_whole_goals && add(room)) continue;
        if (!groups_.empty() && groups_.back().goals == room) groups_.pop_back();
        for (Cell g : room) group_of_[g] = bit_of_[g] = -1;
        for (const std::vector<Cell>& piece : pieces(room, max_piece_goals))
            if (piece.size() >= 2) add(piece);
    }
}

int GoalPatterns::tested_groups() const {
    return static_cast<int>(std::count_if(groups_.begin(), groups_.end(), [](const Group& g) { return g.tested; }));
}

size_t GoalPatterns::states() const {
    size_t n = 0;
    for (const Group& g : groups_) n += g.tested ? g.size : 0;
    return n;
}

bool GoalPatterns::insert(Group& group, uint64_t key) {
    if ((group.size + 1) * 2 > group.table.size()) {
        std::vector<uint64_t> old(std::max<size_t>(group.table.size() * 2, 1024), 0);
        old.swap(group.table);
        for (uint64_t k : old)
            if (k) {
                size_t s = slot_of(k - 1, group.table.size());
                while (group.table[s]) s = (s + 1) & (group.table.size() - 1);
                group.table[s] = k;
            }
    }
    size_t s = slot_of(key, group.table.size());
    while (group.table[s]) {
        if (group.table[s] == key + 1) return false;
        s = (s + 1) & (group.table.size() - 1);
    }
    group.table[s] = key + 1;
    ++group.size;
    return true;
}

bool GoalPatterns::contains(const Group& group, uint64_t key) {
    if (group.table.empty()) return false;
    size_t s = slot_of(key, group.table.size());
    while (group.table[s]) {
        if (group.table[s] == key + 1) return true;
        s = (s + 1) & (group.table.size() - 1);
    }
    return false;
}

void GoalPatterns::fill(const Group& group, uint64_t mask, std::vector<uint64_t>& boxes) const {
    std::fill(boxes.begin(), boxes.end(), 0);
    for (size_t i = 0; i < group.goals.size(); ++i)
        if ((mask >> i) & 1) state::set_box(boxes.data(), group.goals[i]);
}

void GoalPatterns::search(Group& group, size_t max_states, const std::atomic<bool>* cancel) {
    const int n = static_cast<int>(group.goals.size());
    const uint64_t full = (uint64_t{1} << n) - 1;  // n <= max_whole_goals
    std::vector<uint64_t> queue;
    // The full group, the player in each area of the free squares.
    fill(group, full, boxes_);
    std::vector<uint8_t> seen(board_.cells(), 0);
    for (Cell c = 0; c < board_.cells(); ++c) {
        if (seen[c] || state::has_box(boxes_.data(), c)) continue;
        const Cell smallest = area_.compute(boxes_.data(), c);
        for (Cell a = 0; a < board_.cells(); ++a)
            if (area_.reached(a)) seen[a] = 1;
        if (insert(group, key_of(full, smallest))) queue.push_back(key_of(full, smallest));
    }
    const int me = group_of_[group.goals[0]];
    auto on_group = [&](Cell c) { return c != no_cell && group_of_[c] == me; };
    for (size_t head = 0; head < queue.size(); ++head) {
        const bool cancelled = head % 1024 == 0 && cancel && cancel->load(std::memory_order_relaxed);
        if (group.size > max_states || cancelled) {  // too many to keep (or no time): the group is not tested
            group.table = {};
            group.size = 0;
            return;
        }
        const uint64_t mask = queue[head] >> 16;
        const Cell start = static_cast<Cell>(static_cast<uint16_t>(queue[head]));
        fill(group, mask, boxes_);
        area_.compute(boxes_.data(), start);
        for (Cell s = 0; s < board_.cells(); ++s) {
            if (!area_.reached(s)) continue;
            for (int d = 0; d < 4; ++d) {
                // The player on s steps to x, pulling what is on b onto s.
                const Cell x = board_.neighbor(s, d);
                const Cell b = board_.neighbor(s, board::opposite(d));
                if (x == no_cell || b == no_cell || state::has_box(boxes_.data(), x)) continue;
                uint64_t child_mask;
                Cell smallest;
                std::copy(boxes_.begin(), boxes_.end(), child_.begin());
                if (state::has_box(boxes_.data(), b)) {
                    child_mask = mask & ~(uint64_t{1} << bit_of_[b]);
                    state::clear_box(child_.data(), b);
                    if (on_group(s)) {
                        // Between goals of the group.
                        child_mask |= uint64_t{1} << bit_of_[s];
                        state::set_box(child_.data(), s);
                        smallest = child_area_.after_move(area_, child_.data(), b, s, x);
                    } else {
                        // Off the group: the box leaves. The area gains b,
                        // and whatever b joins it to.
                        bool joined_only_area = true;
                        for (int e = 0; e < 4; ++e) {
                            const Cell m = board_.neighbor(b, e);
                            if (m != no_cell && !state::has_box(child_.data(), m) && !area_.reached(m))
                                joined_only_area = false;
                        }
                        smallest = joined_only_area ? std::min(start, b) : child_area_.compute(child_.data(), x);
                    }
                } else if (on_group(s) && !on_group(b) && !board_.is_dead(b)) {
                    // A box from outside, pulled onto the empty goal s: the
                    // reverse of pushing it off the group.
                    child_mask = mask | uint64_t{1} << bit_of_[s];
                    state::set_box(child_.data(), s);
                    smallest = child_area_.after_move(area_, child_.data(), b, s, x);
                } else {
                    continue;
                }
                const uint64_t key = key_of(child_mask, smallest);
                if (insert(group, key)) queue.push_back(key);
            }
        }
    }
    group.tested = true;
}

bool GoalPatterns::group_dead(const Group& group, const uint64_t* boxes, Cell player, Scratch& scratch) const {
    uint64_t mask = 0;
    for (size_t i = 0; i < group.goals.size(); ++i)
        if (state::has_box(boxes, group.goals[i])) mask |= uint64_t{1} << i;
    const int cells = board_.cells();
    if (scratch.keys.empty()) {
        scratch.keys.assign(Scratch::slots, 0);
        scratch.labels.assign(Scratch::slots * static_cast<size_t>(cells), no_cell);
    }
    const uint64_t key = (static_cast<uint64_t>(&group - groups_.data()) << 32 | mask) + 1;  // mask < 2^17
    const size_t slot = slot_of(key, Scratch::slots);
    Cell* label = &scratch.labels[slot * static_cast<size_t>(cells)];
    if (scratch.keys[slot] != key) {
        // Label every free square of the relaxed board with its area's
        // smallest square, one fill per area.
        fill(group, mask, scratch.boxes);
        std::fill(label, label + cells, no_cell);
        for (Cell c = 0; c < cells; ++c) {
            if (label[c] != no_cell || state::has_box(scratch.boxes.data(), c)) continue;
            const Cell smallest = scratch.area.compute(scratch.boxes.data(), c);
            for (Cell a = c; a < cells; ++a)
                if (scratch.area.reached(a)) label[a] = smallest;
        }
        scratch.keys[slot] = key;
    }
    assert(label[player] != no_cell);
    return !contains(group, key_of(mask, label[player]));
}

bool GoalPatterns::is_dead(const uint64_t* boxes, Cell player, Cell from, Cell to, Scratch& scratch) const {
    const int a = from == no_cell ? -1 : group_of_[from];
    const int b = to == no_cell ? -1 : group_of_[to];
    if (a >= 0 && groups_[a].tested && group_dead(groups_[a], boxes, player, scratch)) return true;
    return b >= 0 && b != a && groups_[b].tested && group_dead(groups_[b], boxes, player, scratch);
}

}  // namespace hdasoko::deadlock
