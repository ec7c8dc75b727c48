// Sequential A* over pushes: the reference search for push-optimal lengths.
// Nodes live in a vector (12 bytes each), states in an arena with the same
// index, the closed table maps states to indices. Reopening a closed node
// that is reached with a smaller g keeps optimality for an admissible but
// inconsistent bound: simple and matching are consistent and never reopen,
// the PDB bounds are not and do. With an inconsistent bound the proof still
// holds: a goal found at cost C is returned only when every open f >= C, and
// an optimal path always keeps a node open with f <= its cost (its first
// node not closed at its optimal g), since a node reached again with a
// smaller g, closed or not, goes back on the open list with that g.
#include <algorithm>
#include <cassert>
#include <chrono>

#include "search/expander.hpp"
#include "search/node.hpp"
#include "search/open_list.hpp"
#include "search/search.hpp"
#include "state/arena.hpp"
#include "state/state_table.hpp"

namespace hdasoko::search {

const char* outcome_name(Outcome outcome) {
    switch (outcome) {
        case Outcome::solved: return "solved";
        case Outcome::unsolvable: return "unsolvable";
        case Outcome::time_limit: return "time_limit";
        case Outcome::memory_limit: return "memory_limit";
        case Outcome::node_limit: return "node_limit";
        case Outcome::interrupted: return "interrupted";
        case Outcome::bound_proven: return "bound_proven";
    }
    return "?";
}

namespace {

using board::Cell;

constexpr int limit_check_interval = 256;  // expansions; keeps cancelling well under 100 ms

template <Order order>
class AStar {
public:
    AStar(const board::Board& board, const Options& options)
        : board_(board),
          options_(options),
          words_(board.words()),
          stride_(words_ + 1),
          weight_(static_cast<uint32_t>(std::max(1, options.weight))),
          arena_(stride_),
          table_(arena_),
          expander_(board, options),
          scratch_(stride_),
          start_(std::chrono::steady_clock::now()) {}

    SearchResult run();

private:
    bool add_root();
    void expand(uint32_t index);
    bool limit_reached(Outcome& why);
    uint64_t memory_bytes() const {
        return arena_.bytes() + nodes_.capacity() * sizeof(Node) + table_.bytes() + open_.bytes();
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
    // h == 0 exactly on solved states (every box on a goal at distance 0).
    void record_goal(uint32_t index, uint32_t g) {
        assert(state::is_solved(board_, arena_.at(index)));
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
    state::StateTable table_;
    std::vector<Node> nodes_;
    OpenList open_;
    Expander expander_;
    std::vector<uint64_t> scratch_;
    SearchStats stats_;
    uint32_t incumbent_ = 0xFFFFFFFF;  // cost of the best solution found
    uint32_t goal_ = no_parent;        // its node
    std::chrono::steady_clock::time_point start_;
};

template <Order order>
bool AStar<order>::add_root() {
    uint32_t h = expander_.root(scratch_.data());
    if (h == heuristic::dead) return false;
    stats_.initial_h = h;
    uint64_t hash = state::state_hash(board_, scratch_.data());
    table_.find(scratch_.data(), hash);
    uint32_t index = arena_.add(scratch_.data());
    table_.insert_after_miss(index, hash);
    nodes_.push_back(Node{no_parent, 0, static_cast<uint16_t>(h), board::no_cell, 0, 0});
    open_.push(key(0, h), tie(0, h), index);
    if (h == 0) record_goal(index, 0);
    return true;
}

template <Order order>
SearchResult AStar<order>::run() {
    if (!add_root()) return finish(Outcome::unsolvable, no_parent);
    uint32_t layer_f = nodes_[0].h;
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
template <Order order>
SearchResult AStar<order>::finish_proven() {
    if (goal_ != no_parent && nodes_[goal_].g == incumbent_) return finish(Outcome::solved, goal_);
    return finish(incumbent_ == 0xFFFFFFFF ? Outcome::unsolvable : Outcome::bound_proven, no_parent);
}

template <Order order>
void AStar<order>::expand(uint32_t index) {
    const uint16_t g = nodes_[index].g + 1;
    // The arena may grow while children are added, but its pages never move.
    expander_.expand(arena_.at(index), stats_, [&](const uint64_t* child, uint64_t hash, const moves::Push& push) {
        // 5. duplicates: a shorter path to a stored state reopens it.
        uint32_t found = table_.find(child, hash);
        if (found != state::StateTable::none) {
            ++stats_.duplicates;
            Node& old = nodes_[found];
            if (old.h != dead_h && g < old.g) {
                if (old.closed) ++stats_.reopened;
                old = Node{index, g, old.h, push.box, push.dir, 0};
                if (old.h == 0) record_goal(found, g);
                if (g + old.h < incumbent_) open_.push(key(g, old.h), tie(g, old.h), found);
            }
            return;
        }
        // 6. evaluate; a dead state is stored so that its duplicates cost nothing.
        uint32_t h = expander_.bound();
        uint32_t added = arena_.add(child);
        table_.insert_after_miss(added, hash);
        if (h == heuristic::dead) {
            ++stats_.pruned_matching;
            nodes_.push_back(Node{index, g, dead_h, push.box, push.dir, 1});
            return;
        }
        nodes_.push_back(Node{index, g, static_cast<uint16_t>(h), push.box, push.dir, 0});
        if (h == 0) record_goal(added, g);
        if (g + h < incumbent_) open_.push(key(g, h), tie(g, h), added);
    });
}

template <Order order>
bool AStar<order>::limit_reached(Outcome& why) {
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

template <Order order>
SearchResult AStar<order>::finish(Outcome outcome, uint32_t goal) {
    SearchResult result;
    result.outcome = outcome;
    if (goal != no_parent) {
        for (uint32_t i = goal; nodes_[i].parent != no_parent; i = nodes_[i].parent)
            result.pushes.push_back(moves::Push{nodes_[i].box, nodes_[i].dir});
        std::reverse(result.pushes.begin(), result.pushes.end());
        stats_.last_f = nodes_[goal].g;
    }
    stats_.stored = table_.size();
    uint64_t bytes = memory_bytes();
    if (bytes > stats_.memory_bytes) stats_.memory_bytes = bytes;
    stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    result.stats = stats_;
    return result;
}

}  // namespace

namespace {

template <Order order>
SearchResult run_ordered(const board::Board& board, const Options& options) {
    if (uses_pdb(options.heuristic) && !options.pdb) {
        Options with_pdb = options;
        with_pdb.pdb = std::make_shared<const heuristic::Pdb>(board);
        AStar<order> search(board, with_pdb);
        return search.run();
    }
    AStar<order> search(board, options);
    return search.run();
}

}  // namespace

SearchResult astar(const board::Board& board, const Options& options) {
    switch (options.order) {
        case Order::weighted: return run_ordered<Order::weighted>(board, options);
        case Order::greedy: return run_ordered<Order::greedy>(board, options);
        case Order::astar: break;
    }
    return run_ordered<Order::astar>(board, options);
}

}  // namespace hdasoko::search
