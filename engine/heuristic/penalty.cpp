// Penalty patterns (see penalty.hpp for the bound and why it is admissible):
// grouping a state's boxes, the pattern table, and the pattern search, an A*
// over pushes of the group's boxes alone that re-expands on a better g.
#include "heuristic/penalty.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

#include "state/state.hpp"

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;

namespace {
constexpr uint64_t cell_bits = 10;
constexpr Cell no_key_cell = (1 << cell_bits) - 1;
constexpr uint64_t value_bits = 14;
constexpr uint64_t value_mask = (uint64_t{1} << value_bits) - 1;  // also "infinite" in the table
constexpr uint64_t golden = 0x9E3779B97F4A7C15ull;
// Min-heap on f; among equal f the deeper entry first (it reaches a goal sooner).
bool heap_less(const auto& a, const auto& b) { return a.f != b.f ? a.f > b.f : a.g < b.g; }
}  // namespace

PenaltyPatterns::PenaltyPatterns(const board::Board& board, int cache_bits, int node_limit,
                                 const std::atomic<bool>* cancel)
    : board_(board),
      enabled_(board.cells() < no_key_cell),
      node_limit_(std::clamp(node_limit, 1, max_node_limit)),
      cancel_(cancel),
      scratch_(board.words(), 0),
      area_(board),
      nearest_(board.nearest_goal_distances()),
      cache_shift_(64 - std::max(cache_bits, 1)),
      cache_(size_t{1} << std::max(cache_bits, 1), 0),
      index_of_(board.cells(), -1) {
    open_.reserve(static_cast<size_t>(node_limit_) * max_boxes * 4 + 1);
    closed_.assign(std::bit_ceil(static_cast<size_t>(node_limit_) * 4 + 16), 0);
    closed_stamp_.assign(closed_.size(), 0);
    closed_shift_ = 64 - std::countr_zero(closed_.size());
    boxes_.reserve(board.boxes());
    order_.reserve(board.boxes());
}

uint32_t PenaltyPatterns::lone_sum(const Cell* cells, Cell player) const {
    uint32_t h = 0;
    for (int i = 0; i < k_; ++i) {
        const uint16_t n = nearest(cells[i], player);
        if (n == board::unreachable) return infinite;
        h += n;
    }
    return h;
}

uint64_t PenaltyPatterns::key_of(const Sub& s) const {
    uint64_t key = static_cast<uint64_t>(s.player);
    for (int i = 0; i < max_boxes; ++i)
        key = key << cell_bits | static_cast<uint64_t>(i < k_ ? s.box[i] : no_key_cell);
    return key + 1;  // never 0, the empty slot
}

bool PenaltyPatterns::improve_closed(uint64_t key, uint16_t g) {
    const size_t mask = closed_.size() - 1;
    for (size_t i = (key * golden) >> closed_shift_;; i = (i + 1) & mask) {
        if (closed_stamp_[i] != stamp_) {
            closed_stamp_[i] = stamp_;
            closed_[i] = key << value_bits | g;
            return true;
        }
        if (closed_[i] >> value_bits != key) continue;
        if ((closed_[i] & value_mask) <= g) return false;
        closed_[i] = key << value_bits | g;
        return true;
    }
}

uint32_t PenaltyPatterns::pattern_cost(const Cell* cells, int k, Cell player) {
    assert(k >= 1 && k <= max_boxes);
    Sub root{};
    std::copy(cells, cells + k, root.box);
    board::sort_cells(root.box, k);
    k_ = k;
    root.player = player;
    if (!enabled_) return lone_sum(root.box, player);
    const uint64_t key = key_of(root);
    uint64_t& slot = cache_[(key * golden) >> cache_shift_];
    if (slot >> value_bits == key) {
        ++cache_hits_;
        const uint64_t v = slot & value_mask;
        return v == value_mask ? infinite : static_cast<uint32_t>(v);
    }
    // Relaxed: the flag only asks to stop soon; no data travels with it.
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) return lone_sum(root.box, player);  // not cached
    ++searches_;
    const uint32_t v = search(root);
    slot = key << value_bits | (v == infinite ? value_mask : std::min<uint64_t>(v, value_mask - 1));
    return v == infinite ? infinite : std::min<uint32_t>(v, value_mask - 1);
}

uint32_t PenaltyPatterns::search(Sub root) {
    if (++stamp_ == 0) {  // the stamps wrapped: clear them once
        std::fill(closed_stamp_.begin(), closed_stamp_.end(), 0);
        stamp_ = 1;
    }
    const uint32_t h0 = lone_sum(root.box, root.player);
    if (h0 == infinite) return infinite;
    root.g = 0;
    root.f = static_cast<uint16_t>(h0);
    open_.clear();
    open_.push_back(root);
    int expanded = 0;
    while (!open_.empty()) {
        std::pop_heap(open_.begin(), open_.end(), heap_less<Sub, Sub>);
        Sub s = open_.back();
        open_.pop_back();
        bool all_goals = true;
        for (int i = 0; i < k_; ++i) all_goals &= board_.is_goal(s.box[i]);
        if (all_goals) return s.g;  // f = g here, and f never exceeds the optimum: optimal
        for (int i = 0; i < k_; ++i) state::set_box(scratch_.data(), s.box[i]);
        s.player = area_.compute(scratch_.data(), s.player);
        const bool better = improve_closed(key_of(s), s.g);
        // s has the smallest f of the open list: a bound when cut off here.
        const bool cut = better && (++expanded > node_limit_ || expanded * 2 > static_cast<int>(closed_.size()) ||
                                    (expanded % 32 == 0 && cancel_ && cancel_->load(std::memory_order_relaxed)));
        if (better && !cut)
            for (int i = 0; i < k_; ++i)
                for (int d = 0; d < 4; ++d) {
                    const Cell from = s.box[i], to = board_.neighbor(from, d);
                    if (to == no_cell || state::has_box(scratch_.data(), to) || board_.is_dead(to)) continue;
                    const Cell behind = board_.neighbor(from, board::opposite(d));
                    if (behind == no_cell || !area_.reached(behind)) continue;
                    Sub c = s;
                    c.box[i] = to;
                    board::sort_cells(c.box, k_);
                    c.player = from;  // normalized when expanded
                    const uint32_t h = lone_sum(c.box, from);
                    if (h == infinite) continue;
                    c.g = static_cast<uint16_t>(s.g + 1);
                    c.f = static_cast<uint16_t>(std::min<uint32_t>(c.g + h, 0xFFFF));
                    open_.push_back(c);
                    std::push_heap(open_.begin(), open_.end(), heap_less<Sub, Sub>);
                }
        for (int i = 0; i < k_; ++i) state::clear_box(scratch_.data(), s.box[i]);
        if (cut) return std::max<uint32_t>(h0, s.f);
    }
    return infinite;  // every configuration of the group reachable alone explored: unsolvable
}

uint32_t PenaltyPatterns::bound(const uint64_t* boxes, Cell player) {
    const int n = board_.boxes();
    boxes_.clear();
    state::for_each_box(boxes, board_.words(), [&](Cell c) {
        index_of_[c] = static_cast<int16_t>(boxes_.size());
        boxes_.push_back(c);
    });
    visited_.assign(n, 0);
    grouped_.assign(n, 0);
    uint32_t groups_cost = 0, extra = 0;
    bool dead = false;
    for (int i = 0; i < n && !dead; ++i) {
        if (visited_[i]) continue;
        // One 8-connected cluster in breadth-first order, cut into groups of
        // max_boxes consecutive boxes (any disjoint groups keep P admissible).
        order_.clear();
        order_.push_back(static_cast<Cell>(i));
        visited_[i] = 1;
        for (size_t q = 0; q < order_.size(); ++q) {
            const int x = board_.x(boxes_[order_[q]]), y = board_.y(boxes_[order_[q]]);
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx) {
                    const Cell c = board_.cell_at(x + dx, y + dy);
                    if (c == no_cell || index_of_[c] < 0 || visited_[index_of_[c]]) continue;
                    visited_[index_of_[c]] = 1;
                    order_.push_back(static_cast<Cell>(index_of_[c]));
                }
        }
        for (size_t start = 0; start + 1 < order_.size() && !dead; start += max_boxes) {
            const int k = static_cast<int>(std::min<size_t>(max_boxes, order_.size() - start));
            if (k < 2) break;
            Cell cells[max_boxes];
            bool all_goals = true;
            for (int j = 0; j < k; ++j) {
                cells[j] = boxes_[order_[start + j]];
                all_goals &= board_.is_goal(cells[j]);
            }
            if (all_goals) continue;  // needs nothing alone: left to the matching
            const uint32_t v = pattern_cost(cells, k, player);
            const uint32_t lone = lone_sum(cells, player);  // k_ == k after pattern_cost
            if (v == infinite || lone == infinite) {
                dead = true;
                break;
            }
            groups_cost += v;
            extra += v - std::min(v, lone);
            for (int j = 0; j < k; ++j) grouped_[order_[start + j]] = 1;
        }
    }
    for (Cell c : boxes_) index_of_[c] = -1;
    if (dead) return infinite;
    if (extra == 0) return 0;
    // The rest: each box's distance to its nearest goal (a matching of the
    // rest to distinct goals is tighter, but barely, for half again the
    // time).
    uint32_t rest = 0;
    for (int i = 0; i < n; ++i) {
        if (grouped_[i]) continue;
        const uint16_t d = nearest(boxes_[i], player);
        if (d == board::unreachable) return infinite;
        rest += d;
    }
    ++raised_;
    return groups_cost + rest;
}

}  // namespace hdasoko::heuristic
