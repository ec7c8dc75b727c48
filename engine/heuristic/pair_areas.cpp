#include "heuristic/pair_areas.hpp"

#include <algorithm>

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;

namespace {
constexpr uint8_t unlabelled = 0xFE;
}

int label_player_areas(const board::Board& board, const Cell* boxes, int k, std::vector<uint8_t>& label,
                       std::vector<Cell>& stack) {
    const Cell cells = static_cast<Cell>(board.cells());
    label.assign(cells, unlabelled);
    for (int b = 0; b < k; ++b) label[boxes[b]] = on_box;
    uint8_t areas = 0;
    for (Cell start = 0; start < cells; ++start) {
        if (label[start] != unlabelled) continue;
        label[start] = areas;
        stack.assign(1, start);
        while (!stack.empty()) {
            const Cell c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const Cell next = board.neighbor(c, d);
                if (next == no_cell || label[next] != unlabelled) continue;
                label[next] = areas;
                stack.push_back(next);
            }
        }
        ++areas;
    }
    return areas;
}

bool PairAreas::build(const board::Board& board, const std::vector<Cell>& cells, uint64_t bytes_per_pair,
                      uint64_t memory_limit_bytes) {
    const int n = static_cast<int>(cells.size());
    const size_t pairs = n < 2 ? 0 : static_cast<size_t>(n) * (n - 1) / 2;
    const uint64_t per_pair = pairs * (2 * sizeof(uint32_t) + bytes_per_pair);
    if (per_pair > memory_limit_bytes) return false;
    cells_ = board.cells();
    listed_ = n;
    label_row_.assign(pairs, one_area);
    offset_.assign(pairs + 1, 0);
    labels_.clear();
    std::vector<uint8_t> label(cells_);
    std::vector<Cell> stack;
    uint32_t rows = 0;
    for (int j = 1; j < n; ++j)
        for (int i = 0; i < j; ++i) {
            const size_t id = pair_id(i, j);
            const Cell two[2] = {cells[i], cells[j]};
            const int areas = label_player_areas(board, two, 2, label, stack);
            offset_[id + 1] = offset_[id] + areas;
            if (areas == 1) continue;
            label_row_[id] = rows++;
            labels_.insert(labels_.end(), label.begin(), label.end());
            if (labels_.size() + per_pair > memory_limit_bytes) {
                *this = PairAreas();
                return false;
            }
        }
    return true;
}

PairAreas::Inverse PairAreas::inverse() const {
    Inverse out{std::vector<uint32_t>(states()), std::vector<uint16_t>(pairs()), std::vector<uint16_t>(pairs())};
    for (int j = 1; j < listed_; ++j)
        for (int i = 0; i < j; ++i) {
            const size_t id = pair_id(i, j);
            out.first[id] = static_cast<uint16_t>(i);
            out.second[id] = static_cast<uint16_t>(j);
            for (uint32_t s = first_state(id); s < end_state(id); ++s) out.pair_of[s] = static_cast<uint32_t>(id);
        }
    return out;
}

}  // namespace hdasoko::heuristic
