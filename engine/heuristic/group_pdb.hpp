// Pattern databases of three and four boxes over the maze zone: the two-box
// database (heuristic/pdb.hpp) grown one box at a time, for the PDB bound's
// maze part.
//
// Definition. For K maze boxes (the other boxes removed) and a player area,
// G_K(boxes, area) is the minimum, over push sequences of that K-box level,
// of
//     pushes until the first of the K reaches the entrance v
//   + G_{K-1}(the other K - 1, the player's square at that moment),
// the box on v dropped (a relaxation: removing a box never makes the others
// need more pushes), with G_2 the pair database. Admissible for the sum of
// pre(x) over the K boxes, the pushes each makes before its first arrival at
// v (pdb.hpp), by induction on K: in a solution, restricted to the K, let t
// be the push that brings the first of them to v. The pushes of the K up to
// t make such a sequence (other boxes moving only change where the player
// is, inside the K-box area), and what the other K - 1 still push before
// their own arrivals is at least G_{K-1} of their squares and the player's
// at t. So G_K <= the K boxes' pre pushes, and a maze part that scores
// disjoint groups (of four, three, two and one) by their values stays
// admissible.
//
// Built once per level, after the smaller database, by one backward search
// of pulls from the terminal states (one box on v, valued by the smaller
// database), in order of value; then read-only, shared by every worker.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "heuristic/build_stop.hpp"

namespace hdasoko::heuristic {

class Pdb;

class GroupPdb {
public:
    static constexpr int max_size = 4;
    static constexpr uint64_t default_memory_limit = uint64_t{256} << 20;
    // The database of `size` boxes (3 or 4) over the maze of `pairs`; the
    // terminal states are valued by `smaller` (the database of size - 1;
    // null for 3: the pair database). Not built (available() false) when a
    // database it needs is missing, when it would need more than
    // `memory_limit_bytes`, or when `stop` says so meanwhile.
    GroupPdb(const board::Board& board, const Pdb& pairs, const GroupPdb* smaller, int size,
             uint64_t memory_limit_bytes = default_memory_limit, const BuildStop& stop = {});

    bool available() const { return available_; }
    const std::string& why_unavailable() const { return why_; }
    int size() const { return size_; }
    uint64_t bytes() const;
    uint64_t entries() const { return values_.size(); }
    double build_seconds() const { return build_seconds_; }

    // The list index of maze cell c (the maze cells in cell order), or -1.
    int index_of(board::Cell c) const { return index_of_[c]; }

    // The value of size() distinct maze boxes (any order) with the player on
    // p (not on one of them); board::unreachable when they are a deadlock.
    uint16_t value(const board::Cell* boxes, board::Cell p) const {
        int index[max_size];
        for (int m = 0; m < size_; ++m) {  // insertion, ascending
            int j = m;
            for (const int x = index_of_[boxes[m]]; j > 0 && index[j - 1] > x; --j) index[j] = index[j - 1];
            index[j] = index_of_[boxes[m]];
        }
        return value_at(index, p);
    }
    // The same by ascending list indices.
    uint16_t value_at(const int* index, board::Cell p) const { return values_[state(group_id(index, size_), p)]; }

    // Whether the group of ascending list indices scores above its best
    // split into smaller groups in some player area (else the maze part
    // needs not read it); and whether the m ascending indices (2 <= m <
    // size()) are part of such a group.
    bool beats_split(const int* index) const { return test(beats_, group_id(index, size_)); }
    bool part_beats(const int* index, int m) const { return test(parts_[m], group_id(index, m)); }

    // Index of the group of m ascending list indices (colex order).
    static size_t group_id(const int* index, int m) {
        size_t id = 0;
        for (int i = 0; i < m; ++i) id += choose(index[i], i + 1);
        return id;
    }
    static size_t choose(size_t n, int k) {  // k <= max_size
        if (n < static_cast<size_t>(k)) return 0;
        switch (k) {
            case 0: return 1;
            case 1: return n;
            case 2: return n * (n - 1) / 2;
            case 3: return n * (n - 1) * (n - 2) / 6;
            default: return n * (n - 1) * (n - 2) * (n - 3) / 24;
        }
    }

private:
    static constexpr uint32_t one_area = 0xFFFFFFFF;
    static bool test(const std::vector<uint64_t>& bits, size_t id) { return (bits[id / 64] >> (id % 64)) & 1; }
    uint32_t state(size_t id, board::Cell p) const {
        const uint32_t row = label_row_[id];
        return offset_[id] + (row == one_area ? 0 : labels_[static_cast<size_t>(row) * cells_ + p]);
    }
    // The value of the ascending list indices without position `drop`, by
    // the smaller database (or the pair database).
    uint16_t smaller_value(const int* index, int drop, board::Cell p) const;
    // The best split of the group into smaller groups, the player on p.
    int split_value(const int* index, board::Cell p) const;
    bool label(uint64_t memory_limit_bytes, const BuildStop& stop);
    // False when `stop` ended it before every state was valued.
    bool search(const BuildStop& stop);
    void mark_beats();

    const board::Board& board_;
    const Pdb& pairs_;
    const GroupPdb* smaller_;
    int size_;
    bool available_ = false;
    std::string why_;
    int cells_ = 0, maze_ = 0;           // maze cells; the entrance has index maze_
    std::vector<int16_t> index_of_;      // cell -> 0..maze_-1 maze, maze_ entrance, -1 other
    std::vector<board::Cell> cell_of_;   // index -> cell
    std::vector<uint32_t> label_row_;    // groups: row in labels_, or one_area
    std::vector<uint8_t> labels_;        // rows x cells: the player's area per cell
    std::vector<uint32_t> offset_;       // groups + 1: first state of each group
    std::vector<uint16_t> values_;       // per state
    std::vector<uint64_t> beats_;        // per group, a bit: beats_split()
    std::vector<uint64_t> parts_[max_size];  // per m-subset (2 <= m < size), a bit: part_beats()
    double build_seconds_ = 0;
};

}  // namespace hdasoko::heuristic
