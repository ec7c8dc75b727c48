// Building a three- or four-box pattern database: the player areas of every
// group of indexed squares (maze cells and the entrance), then one backward
// search of pulls from the terminal states (one box on the entrance, valued
// by the smaller database), visited in order of value so that each state's
// first value is its least; last, which groups score above their splits.
#include "heuristic/group_pdb.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "heuristic/pair_areas.hpp"
#include "heuristic/pdb.hpp"

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;
using board::unreachable;

namespace {

// Calls f(index) for every ascending m-subset of 0..n-1, in colex order
// (GroupPdb::group_id 0, 1, 2, ...).
template <class F>
void for_each_group(int n, int m, F&& f) {
    if (n < m) return;
    int index[GroupPdb::max_size];
    for (int i = 0; i < m; ++i) index[i] = i;
    while (true) {
        f(static_cast<const int*>(index));
        int i = 0;
        while (i < m && index[i] + 1 == (i + 1 < m ? index[i + 1] : n)) ++i;
        if (i == m) return;
        ++index[i];
        for (int j = 0; j < i; ++j) index[j] = j;
    }
}

}  // namespace

GroupPdb::GroupPdb(const board::Board& board, const Pdb& pairs, const GroupPdb* smaller, int size,
                   uint64_t memory_limit_bytes, const BuildStop& stop)
    : board_(board),
      pairs_(pairs),
      smaller_(smaller),
      size_(size),
      cells_(board.cells()) {
    const auto start = std::chrono::steady_clock::now();
    if (!pairs.available() || size < 3 || size > max_size || (size > 3 && (!smaller || !smaller->available()))) {
        why_ = "no smaller database";
        return;
    }
    // The pair database's indexing: maze cells in cell order, then the entrance.
    maze_ = pairs.maze_cells();
    index_of_ = pairs.index_of();
    cell_of_ = pairs.cell_of();
    if (maze_ < size_) {
        why_ = "too few maze cells";
        return;
    }
    if (!label(memory_limit_bytes, stop)) return;
    if (!search(stop)) {
        why_ = stop.why();
        values_.clear();
        return;
    }
    mark_beats();
    available_ = true;
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

uint64_t GroupPdb::bytes() const {
    uint64_t bits = beats_.size();
    for (const auto& part : parts_) bits += part.size();
    return labels_.size() + (label_row_.size() + offset_.size()) * sizeof(uint32_t) +
           values_.size() * sizeof(uint16_t) + index_of_.size() * sizeof(int16_t) + bits * sizeof(uint64_t);
}

bool GroupPdb::label(uint64_t memory_limit_bytes, const BuildStop& stop) {
    const size_t groups = choose(maze_ + 1, size_);
    // Offsets, label rows and about two values a group before any label.
    const uint64_t fixed = groups * (2 * sizeof(uint32_t) + 2 * sizeof(uint16_t));
    if (fixed > memory_limit_bytes || groups >= one_area) {
        why_ = "over the memory limit";
        return false;
    }
    label_row_.assign(groups, one_area);
    offset_.assign(groups + 1, 0);
    std::vector<uint8_t> label;
    std::vector<Cell> stack;
    uint32_t rows = 0;
    size_t id = 0;
    bool over = false;
    for_each_group(maze_ + 1, size_, [&](const int* index) {
        if (over) return;
        if ((id & 4095) == 0 && stop()) {
            why_ = stop.why();
            over = true;
            return;
        }
        Cell squares[max_size];
        for (int m = 0; m < size_; ++m) squares[m] = cell_of_[index[m]];
        const int areas = label_player_areas(board_, squares, size_, label, stack);
        offset_[id + 1] = offset_[id] + static_cast<uint32_t>(areas);
        if (areas > 1) {
            label_row_[id] = rows++;
            labels_.insert(labels_.end(), label.begin(), label.end());
            if (fixed + labels_.size() > memory_limit_bytes) {
                why_ = "over the memory limit";
                over = true;
            }
        }
        ++id;
    });
    if (over) {
        label_row_.clear();
        labels_.clear();
        offset_.clear();
        return false;
    }
    return true;
}

uint16_t GroupPdb::smaller_value(const int* index, int drop, Cell p) const {
    int rest[max_size];
    int r = 0;
    for (int m = 0; m < size_; ++m)
        if (m != drop) rest[r++] = index[m];
    if (size_ == 3) return pairs_.pair(cell_of_[rest[0]], cell_of_[rest[1]], p);
    return smaller_->value_at(rest, p);
}

int GroupPdb::split_value(const int* index, Cell p) const {
    int single[max_size];
    int all = 0;
    for (int m = 0; m < size_; ++m) all += single[m] = pairs_.single(cell_of_[index[m]], p);
    int best = all;
    for (int a = 0; a < size_; ++a)
        for (int b = a + 1; b < size_; ++b) {
            const int pair = pairs_.pair(cell_of_[index[a]], cell_of_[index[b]], p);
            best = std::max(best, all - single[a] - single[b] + pair);
            if (size_ == 4) {  // two pairs
                int c = 0;
                while (c == a || c == b) ++c;
                int d = c + 1;
                while (d == a || d == b) ++d;
                if (a == 0)
                    best = std::max(best, pair + pairs_.pair(cell_of_[index[c]], cell_of_[index[d]], p));
            }
        }
    if (size_ == 4)  // a triple and a single
        for (int drop = 0; drop < size_; ++drop) best = std::max(best, smaller_value(index, drop, p) + single[drop]);
    return best;
}

bool GroupPdb::search(const BuildStop& stop) {
    values_.assign(offset_.back(), unreachable);
    // Each group's indices, packed 16 bits each, and each state's group.
    std::vector<uint64_t> packed;
    packed.reserve(label_row_.size());
    std::vector<uint32_t> group_of(values_.size());
    for_each_group(maze_ + 1, size_, [&](const int* index) {
        uint64_t word = 0;
        for (int m = 0; m < size_; ++m) word |= static_cast<uint64_t>(index[m]) << (16 * m);
        const size_t id = packed.size();
        for (uint32_t s = offset_[id]; s < offset_[id + 1]; ++s) group_of[s] = static_cast<uint32_t>(id);
        packed.push_back(word);
    });
    auto unpack = [&](size_t id, int* index) {
        for (int m = 0; m < size_; ++m) index[m] = static_cast<int>((packed[id] >> (16 * m)) & 0xFFFF);
    };

    // Sources: one box on v (index maze_, the largest), the others valued by
    // the smaller database with the player anywhere in the area.
    std::vector<std::pair<uint16_t, uint32_t>> sources;
    std::vector<char> seen(values_.size(), 0);
    for (size_t id = 0; id < packed.size(); ++id) {
        int index[max_size];
        unpack(id, index);
        if (index[size_ - 1] != maze_) continue;
        for (Cell p = 0; p < cells_; ++p) {
            bool on_box = false;
            for (int m = 0; m < size_; ++m) on_box |= cell_of_[index[m]] == p;
            if (on_box) continue;
            const uint32_t s = state(id, p);
            if (seen[s]) continue;
            seen[s] = 1;
            const uint16_t value = smaller_value(index, size_ - 1, p);
            if (value == unreachable) continue;  // a dead terminal state stays out of the search
            values_[s] = value;
            sources.emplace_back(value, s);
        }
    }
    seen = std::vector<char>();
    std::sort(sources.begin(), sources.end());

    // Breadth-first over pulls, merged with the sources in order of value.
    std::vector<uint32_t> queue;
    size_t head = 0, next_source = 0, pops = 0;
    while (head < queue.size() || next_source < sources.size()) {
        if ((++pops & 65535) == 0 && stop()) return false;
        uint32_t s;
        if (head < queue.size() &&
            (next_source == sources.size() || values_[queue[head]] <= sources[next_source].first))
            s = queue[head++];
        else
            s = sources[next_source++].second;
        const size_t id = group_of[s];
        int index[max_size];
        unpack(id, index);
        Cell box[max_size];
        for (int m = 0; m < size_; ++m) box[m] = cell_of_[index[m]];
        const uint32_t row = label_row_[id];
        const uint8_t area = static_cast<uint8_t>(s - offset_[id]);
        const uint16_t value = values_[s] + 1;
        // A terminal state is left only by pulling the box off v.
        for (int which = index[size_ - 1] == maze_ ? size_ - 1 : 0; which < size_; ++which) {
            auto is_box = [&](Cell c) {
                for (int m = 0; m < size_; ++m)
                    if (m != which && box[m] == c) return true;
                return false;
            };
            for (int d = 0; d < 4; ++d) {
                const Cell y = board_.neighbor(box[which], d);  // the box is pulled to y, the player to z
                if (y == no_cell || !pairs_.in_maze(y) || is_box(y)) continue;
                if (row != one_area && labels_[static_cast<size_t>(row) * cells_ + y] != area) continue;
                const Cell z = board_.neighbor(y, d);
                if (z == no_cell || is_box(z)) continue;
                // The group after the pull, still ascending: y's index among the others.
                int next[max_size];
                const int moved = index_of_[y];
                int n = 0;
                bool placed = false;
                for (int m = 0; m < size_; ++m) {
                    if (m == which) continue;
                    if (!placed && moved < index[m]) {
                        next[n++] = moved;
                        placed = true;
                    }
                    next[n++] = index[m];
                }
                if (!placed) next[n] = moved;
                const uint32_t t = state(group_id(next, size_), z);
                if (values_[t] != unreachable) continue;
                values_[t] = value;
                queue.push_back(t);
            }
        }
    }
    return true;
}

// A group beats its split when, in some area, its value exceeds every split
// into smaller groups (each read with a square of the area: an area of the
// group lies inside one area of any fewer of its boxes).
void GroupPdb::mark_beats() {
    beats_.assign((label_row_.size() + 63) / 64, 0);
    for (int m = 2; m < size_; ++m) parts_[m].assign((choose(maze_ + 1, m) + 63) / 64, 0);
    auto set = [](std::vector<uint64_t>& bits, size_t id) { bits[id / 64] |= uint64_t{1} << (id % 64); };
    // Groups of maze cells only: a box on v is never in a state's maze part.
    for_each_group(maze_, size_, [&](const int* index) {
        const size_t id = group_id(index, size_);
        const uint32_t row = label_row_[id];
        for (uint32_t s = offset_[id]; s < offset_[id + 1]; ++s) {
            Cell p = 0;  // a square of the area
            auto skip = [&](Cell c) {
                for (int m = 0; m < size_; ++m)
                    if (cell_of_[index[m]] == c) return true;
                return row != one_area && labels_[static_cast<size_t>(row) * cells_ + c] != s - offset_[id];
            };
            while (skip(p)) ++p;
            if (values_[s] <= split_value(index, p)) continue;
            set(beats_, id);
            // Every subset of 2 .. size - 1 of its indices is part of it.
            for (unsigned mask = 0; mask < (1u << size_); ++mask) {
                const int m = __builtin_popcount(mask);
                if (m < 2 || m >= size_) continue;
                int sub[max_size];
                int k = 0;
                for (int b = 0; b < size_; ++b)
                    if (mask >> b & 1) sub[k++] = index[b];
                set(parts_[m], group_id(sub, m));
            }
            break;
        }
    });
}

}  // namespace hdasoko::heuristic
