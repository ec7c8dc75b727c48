// Three-box pattern database over the maze zone: the two-box database
// (heuristic/pdb.hpp) one box larger, for the PDB bound's maze part.
//
// Definition. For maze boxes a, b, c (the other boxes removed) and a player
// area, T(a, b, c, area) is the minimum, over push sequences of that
// three-box level, of
//     pushes until the first of the three reaches the entrance v
//   + PDB(the other two, the player's square at that moment),
// the box on v dropped (a relaxation: removing a box never makes the others
// need more pushes). Admissible for pre(a) + pre(b) + pre(c), the pushes each
// makes before its first arrival at v (pdb.hpp): in a solution, restricted to
// the three, let t be the push that brings the first of them to v. The pushes
// of the three up to t make such a sequence (other boxes moving only change
// where the player is, inside the three-box area), and what the other two
// still push before their own arrivals is at least PDB of their squares and
// the player's at t (the pair database's own argument, from there). So
// T <= pre(a) + pre(b) + pre(c), and a maze part that scores disjoint groups
// (triples, pairs, singles) by their values stays admissible.
//
// Built once per level, after the pair database, by one backward search of
// pulls from the terminal states (one box on v, valued by the pair
// database), in order of value; then read-only, shared by every worker.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "heuristic/pdb.hpp"

namespace hdasoko::heuristic {

class TriplePdb {
public:
    static constexpr uint64_t default_memory_limit = uint64_t{256} << 20;
    // Builds the table unless `pairs` is unavailable, the table would need
    // more than `memory_limit_bytes`, or `cancel` is set meanwhile.
    TriplePdb(const board::Board& board, const Pdb& pairs, uint64_t memory_limit_bytes = default_memory_limit,
              const std::atomic<bool>* cancel = nullptr);

    bool available() const { return available_; }
    const std::string& why_unavailable() const { return why_; }
    uint64_t bytes() const;
    uint64_t entries() const { return values_.size(); }
    double build_seconds() const { return build_seconds_; }

    // T of three distinct maze boxes (any order) with the player on p (not
    // one of them); board::unreachable when the three are a deadlock.
    uint16_t triple(board::Cell a, board::Cell b, board::Cell c, board::Cell p) const {
        int i = index_of_[a], j = index_of_[b], k = index_of_[c];
        if (i > j) std::swap(i, j);
        if (j > k) std::swap(j, k);
        if (i > j) std::swap(i, j);
        return values_[state(triple_id(i, j, k), p)];
    }

    // The list index of maze cell c (the maze cells in cell order), or -1.
    int index_of(board::Cell c) const { return index_of_[c]; }
    // Whether the triple of list indices i < j < k scores above its best
    // split into a pair and a single, or three singles, in some player area
    // (else the maze part needs not read it: its pairs give as much).
    bool beats_pairs(int i, int j, int k) const {
        const size_t id = triple_id(i, j, k);
        return (beats_[id / 64] >> (id % 64)) & 1;
    }
    // Whether list indices i < j are two of a triple that beats_pairs().
    bool pair_beats(int i, int j) const {
        const size_t id = static_cast<size_t>(j) * (j - 1) / 2 + i;
        return (pair_beats_[id / 64] >> (id % 64)) & 1;
    }
    // T by list indices i < j < k.
    uint16_t triple_at(int i, int j, int k, board::Cell p) const { return values_[state(triple_id(i, j, k), p)]; }

    // Index of the triple of list indices i < j < k (colex order).
    static size_t triple_id(int i, int j, int k) {
        return static_cast<size_t>(k) * (k - 1) * (k - 2) / 6 + static_cast<size_t>(j) * (j - 1) / 2 + i;
    }

private:
    static constexpr uint32_t one_area = 0xFFFFFFFF;
    uint32_t state(size_t id, board::Cell p) const {
        const uint32_t row = label_row_[id];
        return offset_[id] + (row == one_area ? 0 : labels_[static_cast<size_t>(row) * cells_ + p]);
    }
    bool label(uint64_t memory_limit_bytes, const std::atomic<bool>* cancel);
    void search(const Pdb& pairs);
    void mark_beats(const Pdb& pairs);

    const board::Board& board_;
    bool available_ = false;
    std::string why_;
    int cells_ = 0, maze_ = 0;           // maze cells; the entrance has index maze_
    std::vector<int16_t> index_of_;      // cell -> 0..maze_-1 maze, maze_ entrance, -1 other
    std::vector<board::Cell> cell_of_;   // index -> cell
    std::vector<uint32_t> label_row_;    // triples: row in labels_, or one_area
    std::vector<uint8_t> labels_;        // rows x cells: the player's area per cell
    std::vector<uint32_t> offset_;       // triples + 1: first state of each triple
    std::vector<uint16_t> values_;       // per state
    std::vector<uint64_t> beats_;        // per triple, a bit: beats_pairs()
    std::vector<uint64_t> pair_beats_;   // per pair of list indices, a bit: pair_beats()
    double build_seconds_ = 0;
};

}  // namespace hdasoko::heuristic
