// Patterns of five maze boxes (see five_patterns.hpp for the value and why it
// is admissible): which groups of the initial state are searched, the split
// they must beat, and the search itself. All of it runs once per level
// before the search, so it may allocate.
#include "heuristic/five_patterns.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <queue>
#include <unordered_map>

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include "concurrent/arena.hpp"
#include "heuristic/group_pdb.hpp"
#include "heuristic/pdb.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;
using board::unreachable;

namespace {
constexpr int all_groups_up_to = 12;  // maze boxes: every group of five of them is searched
constexpr int near = 3;               // else only groups joined by steps of at most this (king-wise)
}  // namespace

FivePatterns::FivePatterns(const board::Board& board, const Pdb& pairs, const BuildStop& stop, int threads,
                           int node_limit)
    : board_(board), pairs_(pairs), triples_(pairs.group(3)), quads_(pairs.group(4)), node_limit_(node_limit) {
    const auto start = std::chrono::steady_clock::now();
    // The search keys a configuration on six 10-bit squares.
    if (!triples_ || !quads_ || board.cells() >= 1024) return;
    std::vector<Cell> maze;
    for (Cell c : board.initial_boxes())
        if (pairs.in_maze(c)) maze.push_back(c);
    std::sort(maze.begin(), maze.end());
    const int k = static_cast<int>(maze.size());
    if (k < size || k > 64) return;
    std::vector<uint64_t> close(k, 0);
    for (int i = 0; i < k; ++i)
        for (int j = 0; j < k; ++j)
            if (i != j && std::abs(board.x(maze[i]) - board.x(maze[j])) <= near &&
                std::abs(board.y(maze[i]) - board.y(maze[j])) <= near)
                close[i] |= uint64_t{1} << j;
    auto joined = [&](uint64_t set) {
        uint64_t seen = set & -set, frontier = seen;
        while (frontier) {
            const int i = std::countr_zero(frontier);
            frontier &= frontier - 1;
            const uint64_t next = close[i] & set & ~seen;
            seen |= next;
            frontier |= next;
        }
        return seen == set;
    };
    // Every group of five in ascending order; those joined are searched.
    std::vector<std::array<Cell, size>> groups;
    int chosen[size];
    auto visit = [&](auto&& self, int from, int depth, uint64_t set) -> void {
        if (depth == size) {
            if (k > all_groups_up_to && !joined(set)) return;
            std::array<Cell, size> group;
            for (int m = 0; m < size; ++m) group[m] = maze[chosen[m]];
            groups.push_back(group);
            return;
        }
        for (int i = from; i <= k - (size - depth); ++i) {
            chosen[depth] = i;
            self(self, i + 1, depth + 1, set | uint64_t{1} << i);
        }
    };
    visit(visit, 0, 0, 0);
    // Independent searches: in parallel, each group's pattern (if it is one)
    // in its own slot, so the patterns keep the groups' order.
    std::vector<std::optional<Pattern>> found(groups.size());
    std::atomic<int> searches{0};
    oneapi::tbb::task_arena arena(concurrent::arena_width(threads));
    arena.execute([&] {
        oneapi::tbb::parallel_for(size_t{0}, groups.size(), [&](size_t i) {
            if (stop()) return;
            found[i] = examine(groups[i].data(), searches);
        });
    });
    for (std::optional<Pattern>& pattern : found)
        if (pattern) patterns_.push_back(std::move(*pattern));
    searches_ = searches.load();
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::optional<FivePatterns::Pattern> FivePatterns::examine(const Cell* boxes, std::atomic<int>& searches) const {
    Pattern pattern;
    std::copy(boxes, boxes + size, pattern.box);
    // The player areas of the five-box level.
    pattern.area.assign(board_.cells(), static_cast<uint8_t>(no_area));
    std::vector<uint8_t> is_box(board_.cells(), 0);
    for (Cell b : pattern.box) is_box[b] = 1;
    std::vector<Cell> stack;
    int areas = 0;
    bool beats = false;
    for (Cell c = 0; c < board_.cells(); ++c) {
        if (is_box[c] || pattern.area[c] != no_area) continue;
        if (areas == no_area) return std::nullopt;  // too many pockets to label: not a pattern
        pattern.area[c] = static_cast<uint8_t>(areas);
        stack.assign(1, c);
        while (!stack.empty()) {
            const Cell x = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const Cell n = board_.neighbor(x, d);
                if (n == no_cell || is_box[n] || pattern.area[n] != no_area) continue;
                pattern.area[n] = static_cast<uint8_t>(areas);
                stack.push_back(n);
            }
        }
        // c is the area's smallest square: it stands for the area.
        const uint16_t value = search(pattern.box, c);
        searches.fetch_add(1, std::memory_order_relaxed);
        const int parts = split(pattern.box, c);
        if (parts != unreachable && (value == unreachable || value > parts)) beats = true;
        pattern.value.push_back(value);
        ++areas;
    }
    if (!beats) return std::nullopt;
    return pattern;
}

uint64_t FivePatterns::bytes() const {
    uint64_t bytes = 0;
    for (const Pattern& pattern : patterns_) bytes += sizeof pattern + pattern.area.size() + pattern.value.size() * 2;
    return bytes;
}

int FivePatterns::split(const Cell* boxes, Cell p) const {
    // Best of the splits into singles, pairs, triples and fours, over the
    // subsets of the five (bit m: boxes[m]).
    int best[1 << size];
    best[0] = 0;
    for (unsigned mask = 1; mask < (1u << size); ++mask) {
        const int first = std::countr_zero(mask);
        best[mask] = -1;
        // Every group holding `first` within mask, with the best of the rest.
        for (unsigned group = mask; group; group = (group - 1) & mask) {
            if (!(group >> first & 1) || std::popcount(group) > 4 || best[mask & ~group] < 0) continue;
            Cell cells[4];
            int n = 0;
            for (int m = 0; m < size; ++m)
                if (group >> m & 1) cells[n++] = boxes[m];
            const uint16_t value = n == 1   ? pairs_.single(cells[0], p)
                                   : n == 2 ? pairs_.pair(cells[0], cells[1], p)
                                   : n == 3 ? triples_->value(cells, p)
                                            : quads_->value(cells, p);
            if (value == unreachable) return unreachable;
            best[mask] = std::max(best[mask], best[mask & ~group] + value);
        }
    }
    return best[(1 << size) - 1];
}

uint16_t FivePatterns::search(const Cell* start, Cell p) const {
    struct Node {
        uint16_t f, g;
        bool terminal;
        Cell player;
        Cell box[size];
    };
    // Smallest f first; among equal f the deeper (it reaches v sooner).
    auto later = [](const Node& a, const Node& b) { return a.f != b.f ? a.f > b.f : a.g < b.g; };
    std::priority_queue<Node, std::vector<Node>, decltype(later)> open(later);
    std::unordered_map<uint64_t, uint16_t> best_g;
    const Cell entrance = pairs_.zone().entrance();
    moves::Reachability area(board_);
    std::vector<uint64_t> bits(board_.words());
    auto normalize = [&](const Cell* box, Cell from) {
        std::fill(bits.begin(), bits.end(), 0);
        for (int m = 0; m < size; ++m) state::set_box(bits.data(), box[m]);
        return area.compute(bits.data(), from);
    };
    auto lone = [&](const Cell* box, Cell player) {
        int h = 0;
        for (int m = 0; m < size; ++m) {
            const uint16_t d = pairs_.single(box[m], player);
            if (d == unreachable) return -1;
            h += d;
        }
        return h;
    };
    auto key = [](const Node& n) {
        uint64_t k = static_cast<uint64_t>(n.player);
        for (int m = 0; m < size; ++m) k = k << 10 | static_cast<uint64_t>(n.box[m]);
        return k;
    };
    Node root{0, 0, false, 0, {}};
    std::copy(start, start + size, root.box);
    std::sort(root.box, root.box + size);
    root.player = normalize(root.box, p);
    const int h0 = lone(root.box, root.player);
    if (h0 < 0) return unreachable;
    root.f = static_cast<uint16_t>(h0);
    best_g[key(root)] = 0;
    open.push(root);
    struct Move {
        int m;
        Cell to;
    };
    std::vector<Move> moves;
    int expanded = 0;
    while (!open.empty()) {
        const Node n = open.top();
        open.pop();
        if (n.terminal) return n.f;
        if (best_g[key(n)] < n.g) continue;  // reached again with a smaller g since
        if (++expanded > node_limit_) return n.f;  // the smallest f left: still a bound
        normalize(n.box, n.player);
        moves.clear();
        for (int m = 0; m < size; ++m)
            for (int d = 0; d < 4; ++d) {
                const Cell to = board_.neighbor(n.box[m], d);
                const Cell behind = board_.neighbor(n.box[m], board::opposite(d));
                if (to == no_cell || behind == no_cell || !area.reached(behind)) continue;
                if (state::has_box(bits.data(), to) || (to != entrance && !pairs_.in_maze(to))) continue;
                moves.push_back({m, to});
            }
        for (const Move& move : moves) {
            const Cell from = n.box[move.m];
            if (move.to == entrance) {  // the first arrival: the other four by their database
                Cell rest[4];
                int r = 0;
                for (int m = 0; m < size; ++m)
                    if (m != move.m) rest[r++] = n.box[m];
                const uint16_t value = quads_->value(rest, from);
                if (value == unreachable) continue;
                open.push(Node{static_cast<uint16_t>(n.g + 1 + value), static_cast<uint16_t>(n.g + 1), true, 0, {}});
                continue;
            }
            Node child{0, static_cast<uint16_t>(n.g + 1), false, 0, {}};
            std::copy(n.box, n.box + size, child.box);
            child.box[move.m] = move.to;
            std::sort(child.box, child.box + size);
            child.player = normalize(child.box, from);
            const int h = lone(child.box, child.player);
            if (h < 0) continue;
            const auto [it, inserted] = best_g.try_emplace(key(child), child.g);
            if (!inserted) {
                if (it->second <= child.g) continue;
                it->second = child.g;
            }
            child.f = static_cast<uint16_t>(child.g + h);
            open.push(child);
        }
    }
    return unreachable;  // no push sequence brings one of the five to v
}

}  // namespace hdasoko::heuristic
