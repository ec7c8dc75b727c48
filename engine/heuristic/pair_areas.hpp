// The player areas of every pair of squares in a list (the two-box pattern
// databases, heuristic/pdb.hpp and heuristic/pair_conflicts.hpp): with two
// boxes on squares i < j of the list, the interior without them falls into
// components, numbered per pair 0, 1, ... by their first cell. A database
// state is a pair and one of its areas, numbered 0..states()-1 pair by
// pair. Most pairs leave the interior in one piece and keep no labels.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::heuristic {

// Labels the player areas of the board with boxes on the k squares `boxes`:
// label[c] = the area of floor cell c (0, 1, ... numbered by first cell),
// `on_box` on the boxes. Returns the number of areas. `stack` is scratch.
constexpr uint8_t on_box = 0xFF;
int label_player_areas(const board::Board& board, const board::Cell* boxes, int k, std::vector<uint8_t>& label,
                       std::vector<board::Cell>& stack);

class PairAreas {
public:
    // Index of the pair of list indices i < j.
    static size_t pair_id(int i, int j) { return static_cast<size_t>(j) * (j - 1) / 2 + i; }

    PairAreas() = default;
    // Labels the pairs of `cells` (list index -> cell); false, and nothing
    // kept, when the labels and `bytes_per_pair` for each pair (the caller's
    // own tables) would need more than `memory_limit_bytes`.
    bool build(const board::Board& board, const std::vector<board::Cell>& cells, uint64_t bytes_per_pair,
               uint64_t memory_limit_bytes);

    // The area (0-based) of cell p, not one of the pair's squares.
    uint8_t area(size_t id, board::Cell p) const {
        const uint32_t row = label_row_[id];
        return row == one_area ? 0 : labels_[static_cast<size_t>(row) * cells_ + p];
    }
    // The first state of pair `id` (its areas follow), and of pair `id` + 1.
    uint32_t first_state(size_t id) const { return offset_[id]; }
    uint32_t end_state(size_t id) const { return offset_[id + 1]; }
    uint32_t state(size_t id, board::Cell p) const { return offset_[id] + area(id, p); }
    size_t pairs() const { return label_row_.size(); }
    uint32_t states() const { return offset_.empty() ? 0 : offset_.back(); }
    uint64_t bytes() const { return labels_.size() + (label_row_.size() + offset_.size()) * sizeof(uint32_t); }

    // The maps back, for the databases' searches: each state's pair, and
    // each pair's list indices (first < second).
    struct Inverse {
        std::vector<uint32_t> pair_of;
        std::vector<uint16_t> first, second;
    };
    Inverse inverse() const;

private:
    static constexpr uint32_t one_area = 0xFFFFFFFF;  // label_row_ of a pair that splits nothing
    int cells_ = 0, listed_ = 0;
    std::vector<uint32_t> label_row_;  // pairs: row in labels_, or one_area
    std::vector<uint8_t> labels_;      // rows*cells (0xFF on the pair's squares)
    std::vector<uint32_t> offset_;     // pairs+1: first state of each pair
};

}  // namespace hdasoko::heuristic
