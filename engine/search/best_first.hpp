// BestFirst: the sequential best-first search over one move kind, shared by
// the forward searches (astar.cpp: pushes) and the reverse search
// (reverse.cpp: pulls). The order (A*, weighted A*, greedy) is a template
// parameter, the move kind an Expander type:
//   roots(scratch, add)    fills scratch with each start state, add(h) each;
//   expand(state, stats, emit) and bound() as search/expander.hpp;
//   is_goal(state)         for a state whose bound is 0.
// Nodes (12 bytes each) and states live in paged stores with the same index;
// the closed table (concurrent::ClosedTable, one shard, written only by this
// search) maps states to indices. A Meet hook (bidirectional.cpp) sees every
// state stored or reached with a smaller g; then another thread may read the
// tables through view() while the search runs. The default hook is empty and
// costs nothing. Reopening a closed node
// that is reached with a smaller g keeps optimality for an admissible but
// inconsistent bound: simple and matching are consistent and never reopen,
// the PDB bounds are not and do. With an inconsistent bound the proof still
// holds: a goal found at cost C is returned only when every open f >= C, and
// an optimal path always keeps a node open with f <= its cost (its first
// node not closed at its optimal g), since a node reached again with a
// smaller g, closed or not, goes back on the open list with that g.
#pragma once

#include <algorithm>
#include <cassert>
#include <chrono>

#include "concurrent/closed_table.hpp"
#include "search/node.hpp"
#include "search/open_list.hpp"
#include "search/search.hpp"
#include "search/view.hpp"
#include "state/arena.hpp"

namespace hdasoko::search {

constexpr int limit_check_interval = 256;  // expansions; keeps cancelling well under 100 ms

template <Order order, class Exp, class Meet = NoMeet>
class BestFirst {
public:
    BestFirst(const board::Board& board, const Options& options, Meet meet = {})
        : board_(board),
          options_(options),
          words_(board.words()),
          stride_(words_ + 1),
          weight_(static_cast<uint32_t>(std::max(1, options.weight))),
          arena_(stride_),
          table_(1, 1 << 16,
                 Meet::active ? concurrent::ClosedTable::Growth::owner
                              : concurrent::ClosedTable::Growth::owner_reads_only),
          expander_(board, options),
          meet_(meet),
          scratch_(stride_),
          start_(std::chrono::steady_clock::now()) {}

    SearchResult run();

    SearchView view() const { return SearchView{&table_, {&arena_}, {&nodes_}}; }
    // The moves from a start state to the node at `place` (one shard here), in order.
    std::vector<moves::Push> path_to(Place place) const {
        std::vector<moves::Push> path;
        for (uint32_t i = place.index; nodes_[i].parent != no_parent; i = nodes_[i].parent)
            path.push_back(moves::Push{nodes_[i].box, nodes_[i].dir});
        std::reverse(path.begin(), path.end());
        return path;
    }

private:
    bool add_roots();
    void expand(uint32_t index);
    bool limit_reached(Outcome& why);
    uint64_t memory_bytes() const {
        return arena_.bytes() + nodes_.bytes() + table_.bytes(0) + open_.bytes();
    }
    SearchResult finish(Outcome outcome, uint32_t goal);
    SearchResult finish_proven();
    // Open-list keys: the order's f, and the tie-break within it.
    uint32_t key(uint32_t g, uint32_t h) const {
        if constexpr (order == Order::astar) return g + h;
        if constexpr (order == Order::weighted) return g + weight_ * h;
        return h;
    }
    uint32_t tie(uint32_t g, uint32_t h) const { return order == Order::greedy ? g : h; }
    // Called for states with h == 0 that the expander calls goals.
    void record_goal(uint32_t index, uint32_t g) {
        if (g < incumbent_) {
            incumbent_ = g;
            goal_ = index;
        }
    }

    const board::Board& board_;
    const Options& options_;
    const int words_, stride_;
    const uint32_t weight_;
    state::Arena arena_;
    concurrent::ClosedTable table_;
    Nodes nodes_;
    OpenList open_;
    Exp expander_;
    Meet meet_;
    std::vector<uint64_t> scratch_;
    SearchStats stats_;
    uint32_t incumbent_ = 0xFFFFFFFF;  // cost of the best solution found
    uint32_t goal_ = no_parent;        // its node
    std::chrono::steady_clock::time_point start_;
};

// Every start state the expander gives, at g = 0; false if all are dead.
template <Order order, class Exp, class Meet>
bool BestFirst<order, Exp, Meet>::add_roots() {
    uint32_t best_h = heuristic::dead;
    expander_.roots(scratch_.data(), [&](uint32_t h) {
        if (h == heuristic::dead) return;
        const uint64_t hash = state::state_hash(board_, scratch_.data());
        const auto found = table_.insert(0, hash, [&](uint32_t i) { return state::equal(arena_.at(i), scratch_.data(), stride_); },
                                         [&] {
                                             nodes_.push_back(Node{no_parent, 0, static_cast<uint16_t>(h), board::no_cell, 0, 0});
                                             return arena_.add(scratch_.data());
                                         });
        if (!found.inserted) return;
        open_.push(key(0, h), tie(0, h), found.ref);
        if (h == 0 && expander_.is_goal(scratch_.data())) record_goal(found.ref, 0);
        if constexpr (Meet::active) meet_.reached(scratch_.data(), hash, 0, Place{0, found.ref});
        best_h = std::min(best_h, h);
    });
    if (best_h == heuristic::dead) return false;
    stats_.initial_h = best_h;
    return true;
}

template <Order order, class Exp, class Meet>
SearchResult BestFirst<order, Exp, Meet>::run() {
    if (!add_roots()) return finish(Outcome::unsolvable, no_parent);
    uint32_t layer_f = stats_.initial_h;
    Outcome why;
    while (!open_.empty()) {
        // 1. best node: lowest f, then lowest h; stale entries are skipped.
        uint32_t f, h;
        uint32_t index = open_.pop(f, h);
        Node& node = nodes_[index];
        if (node.closed || key(node.g, node.h) != f) continue;
        // 2. a goal is found when generated; it is proven optimal once no
        // open node has a smaller f. The other orders take the first goal.
        if constexpr (order != Order::astar) {
            if (goal_ != no_parent) return finish(Outcome::solved, goal_);
        } else if (f >= incumbent_) {
            return finish_proven();
        }
        if (order == Order::astar && f > layer_f) {
            layer_f = f;
            stats_.last_f = f;
            stats_.expanded_before_last_f = stats_.expanded;
            if (options_.on_layer) {
                stats_.stored = table_.size();
                stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
                options_.on_layer(stats_);
            }
        }
        // 3. limits, checked every so often against the clock and memory.
        if (options_.limits.node_limit && stats_.expanded >= options_.limits.node_limit)
            return finish(Outcome::node_limit, no_parent);
        if ((stats_.expanded % limit_check_interval) == 0) {
            if (limit_reached(why)) return finish(why, no_parent);
            if (order == Order::astar && options_.shared_bound) {  // another search's solution prunes too
                incumbent_ = std::min(incumbent_, options_.shared_bound->load(std::memory_order_relaxed));
                if (f >= incumbent_) return finish_proven();
            }
        }
        node.closed = 1;
        ++stats_.expanded;
        expand(index);
    }
    if (order != Order::astar && goal_ != no_parent) return finish(Outcome::solved, goal_);
    return finish_proven();
}

// No open node is below the incumbent: it is optimal. It is this search's
// goal, or the shared bound (then another search holds the solution).
template <Order order, class Exp, class Meet>
SearchResult BestFirst<order, Exp, Meet>::finish_proven() {
    if (goal_ != no_parent && nodes_[goal_].g == incumbent_) return finish(Outcome::solved, goal_);
    return finish(incumbent_ == 0xFFFFFFFF ? Outcome::unsolvable : Outcome::bound_proven, no_parent);
}

template <Order order, class Exp, class Meet>
void BestFirst<order, Exp, Meet>::expand(uint32_t index) {
    const uint16_t g = nodes_[index].g + 1;
    // The arena may grow while children are added, but its pages never move.
    expander_.expand(arena_.at(index), stats_, [&](const uint64_t* child, uint64_t hash, const moves::Push& push) {
        // 5. a new state is scored and stored (a dead one too, so that its
        // duplicates cost nothing); a shorter path to a stored one reopens it.
        uint32_t h = 0;
        const auto found = table_.insert(
            0, hash, [&](uint32_t i) { return state::equal(arena_.at(i), child, stride_); },
            [&] {
                h = expander_.bound();
                nodes_.push_back(h == heuristic::dead ? Node{index, g, dead_h, push.box, push.dir, 1}
                                                      : Node{index, g, static_cast<uint16_t>(h), push.box, push.dir, 0});
                return arena_.add(child);
            });
        if (!found.inserted) {
            ++stats_.duplicates;
            Node& old = nodes_[found.ref];
            if (old.h == dead_h || g >= old.g) return;
            if (old.closed) ++stats_.reopened;
            old.parent = index;
            old.box = push.box;
            old.dir = push.dir;
            old.closed = 0;
            store_g(old, g);
            h = old.h;
        } else if (h == heuristic::dead) {
            ++stats_.pruned_matching;
            return;
        }
        // 6. goals, the open list, and the other side of a bidirectional search.
        if (h == 0 && expander_.is_goal(child)) record_goal(found.ref, g);
        if (g + h < incumbent_) open_.push(key(g, h), tie(g, h), found.ref);
        if constexpr (Meet::active) meet_.reached(child, hash, g, Place{0, found.ref});
    });
}

template <Order order, class Exp, class Meet>
bool BestFirst<order, Exp, Meet>::limit_reached(Outcome& why) {
    const Limits& limits = options_.limits;
    if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) {
        why = Outcome::interrupted;
        return true;
    }
    uint64_t bytes = memory_bytes();
    if (bytes > stats_.memory_bytes) stats_.memory_bytes = bytes;
    if (limits.memory_limit_bytes && bytes > limits.memory_limit_bytes) {
        why = Outcome::memory_limit;
        return true;
    }
    if (limits.time_limit_s > 0) {
        double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (elapsed > limits.time_limit_s) {
            why = Outcome::time_limit;
            return true;
        }
    }
    return false;
}

template <Order order, class Exp, class Meet>
SearchResult BestFirst<order, Exp, Meet>::finish(Outcome outcome, uint32_t goal) {
    SearchResult result;
    result.outcome = outcome;
    if (goal != no_parent) {
        result.pushes = path_to(Place{0, goal});
        stats_.last_f = nodes_[goal].g;
    }
    if (outcome == Outcome::bound_proven) stats_.last_f = incumbent_;  // the proven optimum
    stats_.stored = table_.size();
    uint64_t bytes = memory_bytes();
    if (bytes > stats_.memory_bytes) stats_.memory_bytes = bytes;
    stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    result.stats = stats_;
    return result;
}

}  // namespace hdasoko::search
