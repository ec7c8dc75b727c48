// Building the three-box pattern database: the player areas of every triple
// of indexed squares (maze cells and the entrance), then one backward search
// of pulls from the terminal states (one box on the entrance, valued by the
// pair database), visited in order of value so that each state's first
// value is its least.
#include "heuristic/triple_pdb.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "heuristic/pair_areas.hpp"

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;
using board::unreachable;

TriplePdb::TriplePdb(const board::Board& board, const Pdb& pairs, uint64_t memory_limit_bytes,
                     const std::atomic<bool>* cancel)
    : board_(board), cells_(board.cells()), index_of_(board.cells(), -1) {
    const auto start = std::chrono::steady_clock::now();
    if (!pairs.available()) {
        why_ = "no pair database";
        return;
    }
    // The pair database's indexing: maze cells in cell order, then the entrance.
    for (Cell c = 0; c < cells_; ++c)
        if (pairs.in_maze(c)) {
            index_of_[c] = static_cast<int16_t>(cell_of_.size());
            cell_of_.push_back(c);
        }
    maze_ = static_cast<int>(cell_of_.size());
    index_of_[pairs.zone().entrance()] = static_cast<int16_t>(maze_);
    cell_of_.push_back(pairs.zone().entrance());
    if (maze_ < 3) {
        why_ = "fewer than three maze cells";
        return;
    }
    if (!label(memory_limit_bytes, cancel)) return;
    search(pairs);
    mark_beats(pairs);
    if (cancel && cancel->load(std::memory_order_relaxed)) {
        why_ = "cancelled";
        values_.clear();
        return;
    }
    available_ = true;
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

uint64_t TriplePdb::bytes() const {
    return labels_.size() + (label_row_.size() + offset_.size()) * sizeof(uint32_t) +
           values_.size() * sizeof(uint16_t) + index_of_.size() * sizeof(int16_t) +
           (beats_.size() + pair_beats_.size()) * sizeof(uint64_t);
}

bool TriplePdb::label(uint64_t memory_limit_bytes, const std::atomic<bool>* cancel) {
    const int n = maze_ + 1;
    const size_t triples = static_cast<size_t>(n) * (n - 1) * (n - 2) / 6;
    // Offsets, label rows and about two values a triple before any label.
    const uint64_t fixed = triples * (2 * sizeof(uint32_t) + 2 * sizeof(uint16_t));
    if (fixed > memory_limit_bytes) {
        why_ = "over the memory limit";
        return false;
    }
    label_row_.assign(triples, one_area);
    offset_.assign(triples + 1, 0);
    std::vector<uint8_t> label;
    std::vector<Cell> stack;
    uint32_t rows = 0;
    for (int k = 2; k < n; ++k) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            why_ = "cancelled";
            return false;
        }
        for (int j = 1; j < k; ++j)
            for (int i = 0; i < j; ++i) {
                const size_t id = triple_id(i, j, k);
                const Cell three[3] = {cell_of_[i], cell_of_[j], cell_of_[k]};
                const int areas = label_player_areas(board_, three, 3, label, stack);
                offset_[id + 1] = offset_[id] + static_cast<uint32_t>(areas);
                if (areas == 1) continue;
                label_row_[id] = rows++;
                labels_.insert(labels_.end(), label.begin(), label.end());
                if (fixed + labels_.size() > memory_limit_bytes) {
                    why_ = "over the memory limit";
                    label_row_.clear();
                    labels_.clear();
                    offset_.clear();
                    return false;
                }
            }
    }
    return true;
}

void TriplePdb::search(const Pdb& pairs) {
    const int n = maze_ + 1;
    values_.assign(offset_.back(), unreachable);
    // Each state's triple, packed i | j << 10 | k << 20 (n < 1024: cells are int16).
    std::vector<uint32_t> triple_of(values_.size());
    for (int k = 2; k < n; ++k)
        for (int j = 1; j < k; ++j)
            for (int i = 0; i < j; ++i) {
                const size_t id = triple_id(i, j, k);
                for (uint32_t s = offset_[id]; s < offset_[id + 1]; ++s)
                    triple_of[s] = static_cast<uint32_t>(i) | static_cast<uint32_t>(j) << 10 |
                                   static_cast<uint32_t>(k) << 20;
            }

    // Sources: one box on v (index maze_, the largest), the other two valued
    // by the pair database with the player anywhere in the area.
    std::vector<std::pair<uint16_t, uint32_t>> sources;
    for (int j = 1; j < maze_; ++j)
        for (int i = 0; i < j; ++i) {
            const size_t id = triple_id(i, j, maze_);
            for (Cell p = 0; p < cells_; ++p) {
                if (p == cell_of_[i] || p == cell_of_[j] || p == cell_of_[maze_]) continue;
                const uint32_t s = state(id, p);
                if (values_[s] != unreachable) continue;
                const uint16_t value = pairs.pair(cell_of_[i], cell_of_[j], p);
                if (value == unreachable) {
                    values_[s] = unreachable - 1;  // seen; a dead terminal state stays out of the search
                    continue;
                }
                values_[s] = value;
                sources.emplace_back(value, s);
            }
        }
    std::sort(sources.begin(), sources.end());
    for (size_t s = 0; s < values_.size(); ++s)
        if (values_[s] == unreachable - 1) values_[s] = unreachable;

    // Breadth-first over pulls, merged with the sources in order of value.
    std::vector<uint32_t> queue;
    size_t head = 0, next_source = 0;
    while (head < queue.size() || next_source < sources.size()) {
        uint32_t s;
        if (head < queue.size() &&
            (next_source == sources.size() || values_[queue[head]] <= sources[next_source].first))
            s = queue[head++];
        else
            s = sources[next_source++].second;
        const int box[3] = {static_cast<int>(triple_of[s] & 1023), static_cast<int>((triple_of[s] >> 10) & 1023),
                            static_cast<int>(triple_of[s] >> 20)};
        const size_t id = triple_id(box[0], box[1], box[2]);
        const uint32_t row = label_row_[id];
        const uint8_t area = static_cast<uint8_t>(s - offset_[id]);
        const uint16_t value = values_[s] + 1;
        // A terminal state is left only by pulling the box off v.
        for (int which = box[2] == maze_ ? 2 : 0; which < 3; ++which) {
            const Cell x = cell_of_[box[which]];
            const Cell o1 = cell_of_[box[(which + 1) % 3]], o2 = cell_of_[box[(which + 2) % 3]];
            for (int d = 0; d < 4; ++d) {
                const Cell y = board_.neighbor(x, d);  // the box is pulled to y, the player to z
                if (y == no_cell || y == o1 || y == o2 || !pairs.in_maze(y)) continue;
                if (row != one_area && labels_[static_cast<size_t>(row) * cells_ + y] != area) continue;
                const Cell z = board_.neighbor(y, d);
                if (z == no_cell || z == o1 || z == o2) continue;
                int t[3] = {index_of_[y], box[(which + 1) % 3], box[(which + 2) % 3]};
                std::sort(t, t + 3);
                const uint32_t next = state(triple_id(t[0], t[1], t[2]), z);
                if (values_[next] != unreachable) continue;
                values_[next] = value;
                queue.push_back(next);
            }
        }
    }
}

// A triple beats its pairs when, in some area, T exceeds every split of
// the three into pairs and singles (each read with a player square of the
// area: an area of three boxes lies inside one area of any two of them,
// and inside one side of each box alone).
void TriplePdb::mark_beats(const Pdb& pairs) {
    const int n = maze_;  // triples of maze cells only: a box on v is never in a state's maze part
    beats_.assign((label_row_.size() + 63) / 64, 0);
    pair_beats_.assign((static_cast<size_t>(n) * (n + 1) / 2 + 63) / 64, 0);
    auto mark_pair = [&](int i, int j) {
        const size_t id = static_cast<size_t>(j) * (j - 1) / 2 + i;
        pair_beats_[id / 64] |= uint64_t{1} << (id % 64);
    };
    for (int k = 2; k < n; ++k)
        for (int j = 1; j < k; ++j)
            for (int i = 0; i < j; ++i) {
                const size_t id = triple_id(i, j, k);
                const Cell a = cell_of_[i], b = cell_of_[j], c = cell_of_[k];
                const uint32_t row = label_row_[id];
                for (uint32_t s = offset_[id]; s < offset_[id + 1]; ++s) {
                    Cell p = 0;  // a square of the area
                    while (p == a || p == b || p == c ||
                           (row != one_area && labels_[static_cast<size_t>(row) * cells_ + p] != s - offset_[id]))
                        ++p;
                    const int sa = pairs.single(a, p), sb = pairs.single(b, p), sc = pairs.single(c, p);
                    const int split = std::max({sa + sb + sc, pairs.pair(a, b, p) + sc, pairs.pair(a, c, p) + sb,
                                                pairs.pair(b, c, p) + sa});
                    if (values_[s] > split) {
                        beats_[id / 64] |= uint64_t{1} << (id % 64);
                        mark_pair(i, j);
                        mark_pair(i, k);
                        mark_pair(j, k);
                        break;
                    }
                }
            }
}

}  // namespace hdasoko::heuristic
