// The cluster deadlock search (see subset_search.hpp for why it is sound and
// what its cache keys on): a greedy best-first search over pushes of the
// cluster's boxes alone, with dead squares, freeze deadlocks and lone-box
// distances pruning it, cut off after node_limit expansions.
#include "deadlock/subset_search.hpp"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdlib>

#include "deadlock/deadlock.hpp"
#include "state/state.hpp"

namespace hdasoko::deadlock {

using board::Cell;
using board::no_cell;

namespace {
constexpr uint64_t cell_bits = 10;
constexpr Cell no_key_cell = (1 << cell_bits) - 1;
bool heap_less(const auto& a, const auto& b) { return a.h > b.h; }  // min-heap on h
}  // namespace

SubsetSearch::SubsetSearch(const board::Board& board, int cache_bits, int node_limit,
                           const std::atomic<bool>* cancel, Cluster cluster)
    : board_(board),
      enabled_(board.cells() < no_key_cell),
      cluster_order_(cluster),
      node_limit_(node_limit),
      cancel_(cancel),
      scratch_(board.words(), 0),
      area_(board),
      debug_area_(board),
      areas_(static_cast<size_t>(std::max(node_limit, 0)) * board.words()),
      nearest_(board.nearest_goal_distances()),
      cache_shift_(64 - std::min(std::max(cache_bits, 1), initial_cache_bits)),
      min_cache_shift_(64 - std::max(cache_bits, 1)),
      cache_(size_t{1} << (64 - cache_shift_), 0) {
    open_.reserve(static_cast<size_t>(node_limit) * max_boxes * 4 + 1);
    seen_.assign(std::bit_ceil(static_cast<size_t>(node_limit) * 4 + 16), 0);
    seen_stamp_.assign(seen_.size(), 0);
    seen_shift_ = 64 - std::countr_zero(seen_.size());
}

uint64_t SubsetSearch::bytes(int cache_bits, int node_limit) {
    const uint64_t seen = std::bit_ceil(static_cast<size_t>(node_limit) * 4 + 16);
    const uint64_t area_words = (no_key_cell + 63) / 64;  // the most a board it searches needs
    return (uint64_t{1} << std::max(cache_bits, 1)) * sizeof(uint64_t) + seen * (sizeof(uint64_t) + sizeof(uint32_t)) +
           (static_cast<uint64_t>(node_limit) * max_boxes * 4 + 1) * sizeof(Sub) +
           static_cast<uint64_t>(node_limit) * area_words * sizeof(uint64_t);
}

uint16_t SubsetSearch::nearest(Cell c, Cell player) const { return nearest_[c * 4 + board_.side(c, player)]; }

int SubsetSearch::collect_cluster(const uint64_t* boxes, Cell pushed, Cluster order) {
    k_ = 0;
    cluster_[k_++] = pushed;
    // Boxes side by side first (they block each other's pushes), then the
    // diagonal ones while there is room: with the 8-neighbourhood in one
    // pass, a box diagonal to the pushed one could take the last place of a
    // row of boxes along a wall that is dead on its own (XSokoban 28). Or
    // the 8-neighbourhood in one pass (Cluster::neighbours).
    const auto grow = [&](bool diagonal) {
        for (int i = 0; i < k_ && k_ < max_boxes; ++i) {
            const int x = board_.x(cluster_[i]), y = board_.y(cluster_[i]);
            for (int dy = -1; dy <= 1 && k_ < max_boxes; ++dy)
                for (int dx = -1; dx <= 1 && k_ < max_boxes; ++dx) {
                    if (!diagonal && dx != 0 && dy != 0) continue;
                    const Cell n = board_.cell_at(x + dx, y + dy);
                    if (n == no_cell || !state::has_box(boxes, n)) continue;
                    if (std::find(cluster_, cluster_ + k_, n) != cluster_ + k_) continue;
                    cluster_[k_++] = n;
                }
        }
    };
    if (order == Cluster::side_by_side_first) grow(false);
    grow(true);
    board::sort_cells(cluster_, k_);
    return k_;
}

void SubsetSearch::place(const Sub& s) {
    for (int i = 0; i < k_; ++i) state::set_box(scratch_.data(), s.box[i]);
}
void SubsetSearch::unplace(const Sub& s) {
    for (int i = 0; i < k_; ++i) state::clear_box(scratch_.data(), s.box[i]);
}

bool SubsetSearch::apart(const Sub& s) const {
    for (int i = 0; i < k_; ++i)
        for (int j = i + 1; j < k_; ++j)
            if (std::abs(board_.x(s.box[i]) - board_.x(s.box[j])) <= 1 &&
                std::abs(board_.y(s.box[i]) - board_.y(s.box[j])) <= 1)
                return false;
    return true;
}

uint64_t SubsetSearch::key_of(const Sub& s) const {
    uint64_t key = static_cast<uint64_t>(s.player);
    for (int i = 0; i < max_boxes; ++i)
        key = key << cell_bits | static_cast<uint64_t>(i < k_ ? s.box[i] : no_key_cell);
    return key + 1;  // never 0, the empty slot
}

bool SubsetSearch::seen_insert(uint64_t key) {
    const size_t mask = seen_.size() - 1;
    for (size_t i = (key * 0x9E3779B97F4A7C15ull) >> seen_shift_;; i = (i + 1) & mask) {
        if (seen_stamp_[i] != stamp_) {
            seen_stamp_[i] = stamp_;
            seen_[i] = key;
            return true;
        }
        if (seen_[i] == key) return false;
    }
}

bool SubsetSearch::is_dead(const uint64_t* boxes, Cell pushed, Cell player) {
    last_size_ = 0;
    if (!enabled_) return false;
    if (cluster_order_ != Cluster::both) {
        return collect_cluster(boxes, pushed, cluster_order_) >= 2 && cluster_dead(player);
    }
    if (collect_cluster(boxes, pushed, Cluster::side_by_side_first) < 2) return false;  // no box touches it
    if (cluster_dead(player)) return true;
    if (k_ < max_boxes) return false;  // every touching box was gathered: the other order gathers the same
    Cell first[max_boxes];
    std::copy(cluster_, cluster_ + k_, first);
    collect_cluster(boxes, pushed, Cluster::neighbours);
    if (std::equal(cluster_, cluster_ + k_, first)) return false;  // both sorted
    return cluster_dead(player);
}

bool SubsetSearch::cluster_dead(Cell player) {
    bool solved = true;
    for (int i = 0; i < k_; ++i) solved &= board_.is_goal(cluster_[i]);
    if (solved) return false;
    last_size_ = k_;
    // The key holds the caller's player cell as given: the verdict depends
    // on the cluster-only area containing it, a function of the key, so the
    // key stays exact without a reachability pass per lookup (the search
    // normalizes the root itself).
    Sub root{};
    std::copy(cluster_, cluster_ + k_, root.box);
    root.player = player;
    const uint64_t key = key_of(root);
    const uint64_t slot = cache_[cache_index(key)];
    if (slot >> 1 == key) {
        ++cache_hits_;
        return slot & 1;
    }
    // Relaxed: the flag only asks to stop soon; no data travels with it.
    if (cancel_ && cancel_->load(std::memory_order_relaxed)) return false;  // not cached: not a verdict
    ++searches_;
    const bool dead = !search(root);
    store(key, dead);
    return dead;
}

void SubsetSearch::store(uint64_t key, bool dead) {
    // Twice as many slots once as many verdicts as slots arrived (most
    // land in empty slots until then), the ones kept moved over.
    if (++stored_ > cache_.size() && cache_shift_ > min_cache_shift_) {
        std::vector<uint64_t> kept(size_t{2} * cache_.size(), 0);
        kept.swap(cache_);  // cache_ the larger table, empty; kept the verdicts so far
        --cache_shift_;
        for (const uint64_t slot : kept)
            if (slot) cache_[cache_index(slot >> 1)] = slot;
        stored_ = 0;
    }
    cache_[cache_index(key)] = key << 1 | static_cast<uint64_t>(dead);
}

// True unless the cluster is proven unable to reach goals.
bool SubsetSearch::search(Sub root) {
    if (++stamp_ == 0) {  // the stamps wrapped: clear them once
        std::fill(seen_stamp_.begin(), seen_stamp_.end(), 0);
        stamp_ = 1;
    }
    root.h = 0;
    root.parent_area = no_area;
    open_.clear();
    open_.push_back(root);
    int expanded = 0;
    const auto done = [&](bool live) {
        last_expanded_ = expanded;
        return live;
    };
    while (!open_.empty()) {
        std::pop_heap(open_.begin(), open_.end(), heap_less<Sub, Sub>);
        Sub s = open_.back();
        open_.pop_back();
        place(s);
        const int words = board_.words();
        // s.player: where the pushing player stands, on the square the box left.
        s.player = s.parent_area == no_area
                       ? area_.compute(scratch_.data(), s.player)
                       : area_.after_move(&areas_[static_cast<size_t>(s.parent_area) * words], scratch_.data(),
                                          s.player, s.to, s.player);
        assert(s.player == debug_area_.compute(scratch_.data(), s.player));
        if (!seen_insert(key_of(s))) {
            unplace(s);
            continue;
        }
        if (++expanded > node_limit_ || expanded * 2 > static_cast<int>(seen_.size()) ||
            (expanded % 32 == 0 && cancel_ && cancel_->load(std::memory_order_relaxed))) {
            unplace(s);
            return done(true);  // not proven dead
        }
        const uint32_t here = static_cast<uint32_t>(expanded - 1);
        std::copy(area_.area(), area_.area() + words, &areas_[static_cast<size_t>(here) * words]);
        for (int i = 0; i < k_; ++i)
            for (int d = 0; d < 4; ++d) {
                const Cell from = s.box[i], to = board_.neighbor(from, d);
                if (to == no_cell || state::has_box(scratch_.data(), to) || board_.is_dead(to)) continue;
                const Cell behind = board_.neighbor(from, board::opposite(d));
                if (behind == no_cell || !area_.reached(behind)) continue;
                state::clear_box(scratch_.data(), from);
                state::set_box(scratch_.data(), to);
                const bool frozen = is_freeze_deadlock(board_, scratch_.data(), to, from);
                state::clear_box(scratch_.data(), to);
                state::set_box(scratch_.data(), from);
                if (frozen) continue;
                Sub c = s;
                c.box[i] = to;
                board::sort_cells(c.box, k_);
                c.player = from;  // normalized when expanded
                c.parent_area = here;
                c.to = to;
                bool all_goals = true;
                uint32_t h = 0;
                bool lone_dead = false;
                for (int j = 0; j < k_; ++j) {
                    all_goals &= board_.is_goal(c.box[j]);
                    const uint16_t n = nearest(c.box[j], from);
                    if (n == board::unreachable) lone_dead = true;
                    h += n;
                }
                if (all_goals) {
                    unplace(s);
                    return done(true);
                }
                if (lone_dead) continue;
                if (apart(c)) {  // the cluster broke up: not proven dead (see subset_search.hpp)
                    unplace(s);
                    return done(true);
                }
                c.h = static_cast<uint16_t>(std::min<uint32_t>(h, 0xFFFF));
                open_.push_back(c);
                std::push_heap(open_.begin(), open_.end(), heap_less<Sub, Sub>);
            }
        unplace(s);
    }
    return done(false);  // every reachable configuration of the cluster explored: dead
}

}  // namespace hdasoko::deadlock
