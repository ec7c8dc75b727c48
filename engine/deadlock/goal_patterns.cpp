// Goal-room patterns; see goal_patterns.hpp. A relaxed state is the set of
// the group's goals holding a box (a mask over its goals) and the player's
// area with only those boxes on the board, named by its smallest square:
// key = mask << 16 | that square.
#include "deadlock/goal_patterns.hpp"

#include <algorithm>
#include <barrier>
#include <cassert>
#include <new>
#include <optional>

#include "concurrent/thread_group.hpp"

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

GoalPatterns::GoalPatterns(const board::Board& board, size_t max_states, const std::atomic<bool>* cancel,
                           int threads)
    : board_(board), group_of_(board.cells(), -1), bit_of_(board.cells(), -1), scratch_(board) {
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
        search(groups_.back(), max_states, cancel, threads);
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

// The relaxed states one move before `key` (the reverse moves), appended
// to `out`; duplicates are left to the caller.
void GoalPatterns::predecessors(const Group& group, uint64_t key, Expansion& x, std::vector<uint64_t>& out) const {
    const int me = group_of_[group.goals[0]];
    auto on_group = [&](Cell c) { return c != no_cell && group_of_[c] == me; };
    const uint64_t mask = key >> 16;
    const Cell start = static_cast<Cell>(static_cast<uint16_t>(key));
    fill(group, mask, x.boxes);
    x.area.compute(x.boxes.data(), start);
    for (Cell s = 0; s < board_.cells(); ++s) {
        if (!x.area.reached(s)) continue;
        for (int d = 0; d < 4; ++d) {
            // The player on s steps to x, pulling what is on b onto s.
            const Cell to = board_.neighbor(s, d);
            const Cell b = board_.neighbor(s, board::opposite(d));
            if (to == no_cell || b == no_cell || state::has_box(x.boxes.data(), to)) continue;
            uint64_t child_mask;
            Cell smallest;
            std::copy(x.boxes.begin(), x.boxes.end(), x.child.begin());
            if (state::has_box(x.boxes.data(), b)) {
                child_mask = mask & ~(uint64_t{1} << bit_of_[b]);
                state::clear_box(x.child.data(), b);
                if (on_group(s)) {
                    // Between goals of the group.
                    child_mask |= uint64_t{1} << bit_of_[s];
                    state::set_box(x.child.data(), s);
                    smallest = x.child_area.after_move(x.area, x.child.data(), b, s, to);
                } else {
                    // Off the group: the box leaves. The area gains b,
                    // and whatever b joins it to.
                    bool joined_only_area = true;
                    for (int e = 0; e < 4; ++e) {
                        const Cell m = board_.neighbor(b, e);
                        if (m != no_cell && !state::has_box(x.child.data(), m) && !x.area.reached(m))
                            joined_only_area = false;
                    }
                    smallest = joined_only_area ? std::min(start, b) : x.child_area.compute(x.child.data(), to);
                }
            } else if (on_group(s) && !on_group(b) && !board_.is_dead(b)) {
                // A box from outside, pulled onto the empty goal s: the
                // reverse of pushing it off the group.
                child_mask = mask | uint64_t{1} << bit_of_[s];
                state::set_box(x.child.data(), s);
                smallest = x.child_area.after_move(x.area, x.child.data(), b, s, to);
            } else {
                continue;
            }
            out.push_back(key_of(child_mask, smallest));
        }
    }
}

// Breadth-first. With more threads, once the group has parallel_states
// states, the queue is taken a block at a time (up to block_heads states
// per thread): each thread finds the predecessors of its part of the
// block, and they are stored in the order of their parents, so that the
// queue and the table are exactly what one thread makes.
void GoalPatterns::search(Group& group, size_t max_states, const std::atomic<bool>* cancel, int threads) {
    const int n = static_cast<int>(group.goals.size());
    const uint64_t full = (uint64_t{1} << n) - 1;  // n <= max_whole_goals
    std::vector<uint64_t> queue;
    Expansion& first = scratch_;
    // The full group, the player in each area of the free squares.
    fill(group, full, first.boxes);
    std::vector<uint8_t> seen(board_.cells(), 0);
    for (Cell c = 0; c < board_.cells(); ++c) {
        if (seen[c] || state::has_box(first.boxes.data(), c)) continue;
        const Cell smallest = first.area.compute(first.boxes.data(), c);
        for (Cell a = 0; a < board_.cells(); ++a)
            if (first.area.reached(a)) seen[a] = 1;
        if (insert(group, key_of(full, smallest))) queue.push_back(key_of(full, smallest));
    }

    // Helper t (1 .. helpers) waits at `sync` for a block (or quit), finds
    // its part's predecessors and waits again. Each thread makes its own
    // scratch: made on one thread, the small arrays the area fills write
    // shared cache lines (2 threads took as long each as one thread for all).
    const int wanted = std::max(0, threads - 1);
    int helpers = 0;  // started once the group has parallel_states states
    size_t begin = 0, end = 0;
    bool quit = false;
    std::atomic<bool> failed{false};
    std::vector<Expansion*> scratch(static_cast<size_t>(wanted) + 1, &first);
    std::optional<std::barrier<>> sync;
    auto part = [&](int t) {
        if (failed.load(std::memory_order_relaxed)) return;  // scratch[t] may be another's
        Expansion& x = *scratch[t];
        x.out.clear();
        const size_t size = end - begin, parts = static_cast<size_t>(helpers) + 1;
        try {
            for (size_t i = begin + size * t / parts; i < begin + size * (t + 1) / parts; ++i)
                predecessors(group, queue[i], x, x.out);
        } catch (const std::bad_alloc&) {
            failed.store(true, std::memory_order_relaxed);
        }
    };
    concurrent::ThreadGroup pool;
    // Every way out (a return, an exception) lets the helpers go first.
    struct Release {
        std::optional<std::barrier<>>& sync;
        bool& quit;
        concurrent::ThreadGroup& pool;
        int arrivals = -1;  // -1: no helpers; else the helpers never started
        void operator()() {
            if (arrivals < 0) return;
            quit = true;
            for (int i = 0; i < arrivals; ++i) sync->arrive_and_drop();
            sync->arrive_and_wait();
            pool.join();
            arrivals = -1;
        }
        ~Release() { (*this)(); }
    } release{sync, quit, pool};
    bool tried = false;
    auto start_helpers = [&] {
        tried = true;
        helpers = wanted;
        sync.emplace(wanted + 1);
        int started = 0;
        while (started < wanted && pool.start([&, t = started + 1] {
            std::optional<Expansion> mine;
            try {
                scratch[t] = &mine.emplace(board_);
            } catch (const std::bad_alloc&) {
                failed.store(true, std::memory_order_relaxed);  // scratch[t] stays the first's, unused
            }
            for (;;) {
                sync->arrive_and_wait();  // a block is set, or quit
                if (quit) return;
                part(t);
                sync->arrive_and_wait();  // the part is done
            }
        }))
            ++started;
        release.arrivals = wanted - started;
        if (started < wanted) {  // no thread for the others: one thread searches
            release();
            helpers = 0;
        }
    };

    std::vector<uint64_t> out;
    bool tested = true;
    for (begin = 0; begin < queue.size(); begin = end) {
        if (group.size > max_states || (cancel && cancel->load(std::memory_order_relaxed))) {
            tested = false;  // too many to keep (or no time): the group is not tested
            break;
        }
        if (!tried && wanted > 0 && group.size >= parallel_states) start_helpers();
        const size_t ready = queue.size() - begin;
        if (helpers == 0 || ready < parallel_heads) {
            end = begin + 1;
            out.clear();
            predecessors(group, queue[begin], first, out);
            for (uint64_t key : out)
                if (insert(group, key)) queue.push_back(key);
            continue;
        }
        end = begin + std::min(ready, block_heads * (static_cast<size_t>(helpers) + 1));
        sync->arrive_and_wait();
        part(0);
        sync->arrive_and_wait();
        if (failed.load(std::memory_order_relaxed)) throw std::bad_alloc();
        for (int t = 0; t <= helpers; ++t)
            for (uint64_t key : scratch[t]->out)
                if (insert(group, key)) queue.push_back(key);
    }
    release();
    if (!tested) {
        group.table = {};
        group.size = 0;
        return;
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
