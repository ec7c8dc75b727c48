// Sequential A* over pushes: the reference search for push-optimal lengths.
// Nodes live in a vector (12 bytes each), states in an arena with the same
// index, the closed table maps states to indices. Reopening a closed node
// that is reached with a smaller g keeps optimality for an admissible but
// inconsistent bound; the bounds here are consistent, so it never fires.
#include <algorithm>
#include <cassert>
#include <chrono>

#include "deadlock/deadlock.hpp"
#include "deadlock/pi_corral.hpp"
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
    }
    return "?";
}

namespace {

using board::Cell;

// A search record. parent: node index (0xFFFFFFFF for the root); g, h in
// pushes (h == dead_h: proven dead, kept so duplicates are not re-evaluated);
// box, dir: the push that produced it; closed: expanded and not reopened.
struct Node {
    uint32_t parent;
    uint16_t g;
    uint16_t h;
    Cell box;
    uint8_t dir;
    uint8_t closed;
};
static_assert(sizeof(Node) == 12);
constexpr uint16_t dead_h = 0xFFFF;
constexpr uint32_t no_parent = 0xFFFFFFFF;
constexpr int limit_check_interval = 1024;

class AStar {
public:
    AStar(const board::Board& board, const Options& options)
        : board_(board),
          options_(options),
          words_(board.words()),
          stride_(words_ + 1),
          arena_(stride_),
          table_(arena_),
          heuristic_(board, options.heuristic),
          debug_heuristic_(board, options.heuristic),
          parent_area_(board),
          child_area_(board),
          corral_(board),
          parent_(stride_),
          child_(stride_),
          start_(std::chrono::steady_clock::now()) {}

    SearchResult run();

private:
    bool add_root();
    void expand(uint32_t index);
    void generate(uint32_t parent_index, const Node& parent, uint64_t parent_box_hash,
                  const moves::Push& push);
    bool limit_reached(Outcome& why);
    uint64_t memory_bytes() const {
        return arena_.bytes() + nodes_.capacity() * sizeof(Node) + table_.bytes() + open_.bytes();
    }
    SearchResult finish(Outcome outcome, uint32_t goal);

    const board::Board& board_;
    const Options& options_;
    const int words_, stride_;
    state::Arena arena_;
    state::StateTable table_;
    std::vector<Node> nodes_;
    OpenList open_;
    heuristic::Heuristic heuristic_;
    heuristic::Heuristic debug_heuristic_;  // checks the incremental bound in debug builds
    moves::Reachability parent_area_, child_area_;
    deadlock::PiCorral corral_;
    std::vector<uint64_t> parent_, child_, corral_boxes_;
    SearchStats stats_;
    std::chrono::steady_clock::time_point start_;
};

bool AStar::add_root() {
    state::initial_boxes(board_, parent_.data());
    parent_[words_] = static_cast<uint64_t>(parent_area_.compute(parent_.data(), board_.initial_player()));
    uint32_t h = heuristic_.evaluate(parent_.data(), static_cast<Cell>(parent_[words_]));
    if (h == heuristic::dead) return false;
    stats_.initial_h = h;
    uint64_t hash = state::state_hash(board_, parent_.data());
    table_.find(parent_.data(), hash);
    uint32_t index = arena_.add(parent_.data());
    table_.insert_after_miss(index, hash);
    nodes_.push_back(Node{no_parent, 0, static_cast<uint16_t>(h), board::no_cell, 0, 0});
    open_.push(h, h, index);
    return true;
}

SearchResult AStar::run() {
    if (!add_root()) return finish(Outcome::unsolvable, no_parent);
    uint32_t layer_f = nodes_[0].h;
    Outcome why;
    while (!open_.empty()) {
        // 1. best node: lowest f, then lowest h; stale entries are skipped.
        uint32_t f, h;
        uint32_t index = open_.pop(f, h);
        Node& node = nodes_[index];
        if (node.closed || node.g + node.h != f) continue;
        if (f > layer_f) {
            layer_f = f;
            stats_.last_f = f;
            stats_.expanded_before_last_f = stats_.expanded;
            if (options_.on_layer) {
                stats_.stored = table_.size();
                stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
                options_.on_layer(stats_);
            }
        }
        // 2. goal test at expansion: the first goal popped is optimal.
        if (state::is_solved(board_, arena_.at(index))) return finish(Outcome::solved, index);
        // 3. limits, checked every so often against the clock and memory.
        if (options_.limits.node_limit && stats_.expanded >= options_.limits.node_limit)
            return finish(Outcome::node_limit, no_parent);
        if ((stats_.expanded % limit_check_interval) == 0 && limit_reached(why))
            return finish(why, no_parent);
        node.closed = 1;
        ++stats_.expanded;
        expand(index);
    }
    return finish(Outcome::unsolvable, no_parent);
}

void AStar::expand(uint32_t index) {
    const uint64_t* s = arena_.at(index);
    std::copy(s, s + stride_, parent_.begin());
    const Node parent = nodes_[index];  // copy: nodes_ may grow below
    parent_area_.compute(parent_.data(), state::player_of(parent_.data(), words_));
    // A PI-corral restricts the pushes to its boxes, or proves a deadlock.
    deadlock::CorralVerdict corral = deadlock::CorralVerdict::none;
    if (options_.pi_corral) corral = corral_.analyze(parent_.data(), parent_area_, corral_boxes_);
    if (corral == deadlock::CorralVerdict::dead) {
        ++stats_.corral_deadlocks;
        return;
    }
    heuristic_.set_parent(parent_.data(), state::player_of(parent_.data(), words_));
    const uint64_t box_hash = state::box_hash(board_, parent_.data());
    moves::for_each_push(board_, parent_.data(), parent_area_, [&](const moves::Push& push) {
        if (corral == deadlock::CorralVerdict::restrict && !state::has_box(corral_boxes_.data(), push.box)) {
            ++stats_.generated;
            ++stats_.pruned_corral;
            return;
        }
        generate(index, parent, box_hash, push);
    });
}

void AStar::generate(uint32_t parent_index, const Node& parent, uint64_t parent_box_hash,
                     const moves::Push& push) {
    ++stats_.generated;
    const Cell to = board_.neighbor(push.box, push.dir);
    // 4. prune: dead squares, then freeze deadlocks around the moved box.
    if (board_.is_dead(to)) {
        ++stats_.pruned_dead_square;
        return;
    }
    std::copy(parent_.begin(), parent_.begin() + words_, child_.begin());
    state::clear_box(child_.data(), push.box);
    state::set_box(child_.data(), to);
    if (deadlock::is_freeze_deadlock(board_, child_.data(), to)) {
        ++stats_.pruned_freeze;
        return;
    }
    // 5. normalize the player, hash incrementally, detect duplicates.
    const Cell player = child_area_.compute(child_.data(), push.box);
    child_[words_] = static_cast<uint64_t>(player);
    const uint64_t hash = parent_box_hash ^ board_.box_key(push.box) ^ board_.box_key(to) ^
                          board_.player_key(player);
    assert(hash == state::state_hash(board_, child_.data()));
    const uint16_t g = parent.g + 1;
    uint32_t found = table_.find(child_.data(), hash);
    if (found != state::StateTable::none) {
        ++stats_.duplicates;
        Node& old = nodes_[found];
        if (old.h != dead_h && g < old.g) {
            if (old.closed) ++stats_.reopened;
            old = Node{parent_index, g, old.h, push.box, push.dir, 0};
            open_.push(g + old.h, old.h, found);
        }
        return;
    }
    // 6. evaluate; a dead state is stored so that its duplicates cost nothing.
    uint32_t h = heuristic_.evaluate_push(push.box, to, player);
    assert(h == debug_heuristic_.evaluate(child_.data(), player));  // incremental == from scratch
    uint32_t index = arena_.add(child_.data());
    table_.insert_after_miss(index, hash);
    if (h == heuristic::dead) {
        ++stats_.pruned_matching;
        nodes_.push_back(Node{parent_index, g, dead_h, push.box, push.dir, 1});
        return;
    }
    nodes_.push_back(Node{parent_index, g, static_cast<uint16_t>(h), push.box, push.dir, 0});
    open_.push(g + h, h, index);
}

bool AStar::limit_reached(Outcome& why) {
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

SearchResult AStar::finish(Outcome outcome, uint32_t goal) {
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

SearchResult astar(const board::Board& board, const Options& options) {
    AStar search(board, options);
    return search.run();
}

}  // namespace hdasoko::search
