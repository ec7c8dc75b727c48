// search/metric: the lexicographic A* of search/metric.hpp. A state is the
// box bitset and the exact player cell (state::Arena, stride words + 1);
// nodes keep both costs and the push that made them. Per expansion one
// breadth-first walk from the player gives the moves to every square behind
// a box; scratch vectors are reused, so nothing is allocated per state but
// the open list's amortized growth.
#include "search/metric.hpp"

#include <algorithm>
#include <queue>
#include <vector>

#include "concurrent/closed_table.hpp"
#include "search/limit_check.hpp"
#include "state/arena.hpp"
#include "state/state.hpp"

namespace hdasoko::search {

namespace {

using board::Cell;
using board::no_cell;
constexpr uint32_t no_node = 0xFFFFFFFF;

struct MetricNode {
    uint32_t parent;
    uint32_t pushes, moves;  // g
    uint32_t h;              // matching bound on pushes left
    Cell box;                // the box cell before the push that made this node
    uint8_t dir;
    bool closed;
};

// Open entries: f in (primary, secondary), then lower h; stale ones skipped.
struct Entry {
    uint32_t f1, f2, h, node;
    bool operator>(const Entry& o) const {
        if (f1 != o.f1) return f1 > o.f1;
        if (f2 != o.f2) return f2 > o.f2;
        return h > o.h;
    }
};

class MetricSearch {
public:
    MetricSearch(const board::Board& board, const Options& options, Metric metric)
        : board_(board),
          options_(options),
          metric_(metric),
          words_(board.words()),
          stride_(words_ + 1),
          arena_(stride_),
          table_(1, 1 << 16, concurrent::ClosedTable::Growth::owner_reads_only),
          bound_(board, heuristic::Kind::matching),
          child_(stride_),
          distance_(board.cells()),
          limits_(options.limits) {}

    SearchResult run();

private:
    uint32_t primary(const MetricNode& n) const { return metric_ == Metric::pushes ? n.pushes : n.moves; }
    uint32_t secondary(const MetricNode& n) const { return metric_ == Metric::pushes ? n.moves : n.pushes; }
    void push_open(uint32_t index) {
        const MetricNode& n = nodes_[index];
        const uint32_t f1 = primary(n) + n.h;
        if (options_.shared_bound && f1 > options_.shared_bound->load(std::memory_order_relaxed)) return;
        open_.push(Entry{f1, secondary(n) + n.h, n.h, index});
    }
    // Stores the state in child_ reached with these costs, or improves it.
    void reach(uint32_t parent, uint32_t pushes, uint32_t moves, Cell box, uint8_t dir);
    void walk(const uint64_t* boxes, Cell from);
    // The search's own memory and what the closed table's next growth adds.
    std::pair<uint64_t, uint64_t> bytes();
    SearchResult finish(Outcome outcome, uint32_t goal);

    const board::Board& board_;
    const Options& options_;
    const Metric metric_;
    const int words_, stride_;
    state::Arena arena_;
    concurrent::ClosedTable table_;
    std::vector<MetricNode> nodes_;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> open_;
    heuristic::Heuristic bound_;
    std::vector<uint64_t> child_;
    std::vector<uint32_t> distance_;  // moves from the player, no_node where unreached
    std::vector<Cell> queue_;
    SearchStats stats_;
    LimitCheck limits_;
};

void MetricSearch::walk(const uint64_t* boxes, Cell from) {
    std::fill(distance_.begin(), distance_.end(), no_node);
    queue_.clear();
    distance_[from] = 0;
    queue_.push_back(from);
    for (size_t head = 0; head < queue_.size(); ++head) {
        const Cell c = queue_[head];
        for (int d = 0; d < 4; ++d) {
            const Cell n = board_.neighbor(c, d);
            if (n == no_cell || distance_[n] != no_node || state::has_box(boxes, n)) continue;
            distance_[n] = distance_[c] + 1;
            queue_.push_back(n);
        }
    }
}

void MetricSearch::reach(uint32_t parent, uint32_t pushes, uint32_t moves, Cell box, uint8_t dir) {
    const uint64_t hash = state::state_hash(board_, child_.data());
    uint32_t h = 0;
    const auto found = table_.insert(
        0, hash, [&](uint32_t i) { return state::equal(arena_.at(i), child_.data(), stride_); },
        [&] {
            h = bound_.evaluate(child_.data(), state::player_of(child_.data(), words_));
            nodes_.push_back(MetricNode{parent, pushes, moves, h, box, dir, false});
            return arena_.add(child_.data());
        });
    MetricNode& n = nodes_[found.ref];
    if (found.inserted) {
        if (h == heuristic::dead) {
            ++stats_.pruned_matching;
            n.closed = true;  // never expanded
            return;
        }
        push_open(found.ref);
        return;
    }
    ++stats_.duplicates;
    if (n.h == heuristic::dead) return;
    const MetricNode better{parent, pushes, moves, n.h, box, dir, false};
    const bool cheaper = primary(better) < primary(n) || (primary(better) == primary(n) && secondary(better) < secondary(n));
    if (!cheaper) return;
    if (n.closed) ++stats_.reopened;
    n = better;
    push_open(found.ref);
}

SearchResult MetricSearch::run() {
    state::initial_boxes(board_, child_.data());
    child_[words_] = board_.initial_player();
    reach(no_node, 0, 0, no_cell, 0);
    if (nodes_[0].h == heuristic::dead) return finish(Outcome::unsolvable, no_node);
    stats_.initial_h = nodes_[0].h;
    Outcome why;
    while (!open_.empty()) {
        // 1. best entry; stale ones (a cheaper copy was pushed since) skipped.
        const Entry e = open_.top();
        open_.pop();
        MetricNode& node = nodes_[e.node];
        if (node.closed || primary(node) + node.h != e.f1 || secondary(node) + node.h != e.f2) continue;
        // 2. the first goal popped is optimal (see the header).
        if (node.h == 0 && state::is_solved(board_, arena_.at(e.node))) return finish(Outcome::solved, e.node);
        stats_.last_f = std::max(stats_.last_f, e.f1);
        // 3. limits.
        if (limits_.reached(stats_.expanded, [this] { return bytes(); }, why)) return finish(why, no_node);
        node.closed = true;
        ++stats_.expanded;
        // 4. every push from the player's area, with the walk to it.
        const uint32_t index = e.node, pushes = node.pushes, moves = node.moves;
        const uint64_t* boxes = arena_.at(index);
        walk(boxes, state::player_of(boxes, words_));
        state::for_each_box(boxes, words_, [&](Cell c) {
            for (int d = 0; d < 4; ++d) {
                const Cell to = board_.neighbor(c, d), behind = board_.neighbor(c, board::opposite(d));
                if (to == no_cell || behind == no_cell || distance_[behind] == no_node) continue;
                if (state::has_box(boxes, to)) continue;
                ++stats_.generated;
                if (board_.is_dead(to) && !board_.is_goal(to)) {
                    ++stats_.pruned_dead_square;
                    continue;
                }
                const uint32_t walked = distance_[behind];
                const uint64_t* parent = arena_.at(index);  // the arena may grow; its pages never move
                std::copy(parent, parent + words_, child_.begin());
                state::clear_box(child_.data(), c);
                state::set_box(child_.data(), to);
                child_[words_] = c;
                reach(index, pushes + 1, moves + walked + 1, c, static_cast<uint8_t>(d));
            }
        });
    }
    return finish(Outcome::unsolvable, no_node);
}

std::pair<uint64_t, uint64_t> MetricSearch::bytes() {
    const uint64_t bytes = arena_.bytes() + table_.bytes(0) + nodes_.capacity() * sizeof(MetricNode) +
                           open_.size() * sizeof(Entry);
    stats_.memory_bytes = std::max(stats_.memory_bytes, bytes);
    return {bytes, table_.growth_bytes(0)};
}

SearchResult MetricSearch::finish(Outcome outcome, uint32_t goal) {
    SearchResult result;
    result.outcome = outcome;
    if (goal != no_node) {
        for (uint32_t i = goal; nodes_[i].parent != no_node; i = nodes_[i].parent)
            result.pushes.push_back(moves::Push{nodes_[i].box, nodes_[i].dir});
        std::reverse(result.pushes.begin(), result.pushes.end());
        stats_.last_f = primary(nodes_[goal]);
    }
    stats_.stored = table_.size();
    stats_.seconds = limits_.seconds();
    result.stats = stats_;
    return result;
}

}  // namespace

const char* metric_name(Metric metric) { return metric == Metric::pushes ? "pushes" : "moves"; }

SearchResult metric_search(const board::Board& board, const Options& options, Metric metric) {
    MetricSearch search(board, options, metric);
    return search.run();
}

}  // namespace hdasoko::search
