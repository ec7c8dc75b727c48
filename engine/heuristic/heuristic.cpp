// The simple and matching bounds over player-side-aware push distances, each
// from scratch and incrementally from a parent.
#include "heuristic/heuristic.hpp"

#include <algorithm>
#include <cassert>

#include "state/state.hpp"

namespace hdasoko::heuristic {

bool parse_kind(const std::string& name, Kind& kind) {
    if (name == "simple") kind = Kind::simple;
    else if (name == "matching") kind = Kind::matching;
    else if (name == "pdb") kind = Kind::pdb;
    else if (name == "pdb-static") kind = Kind::pdb_static;
    else return false;
    return true;
}

const char* kind_name(Kind kind) {
    switch (kind) {
        case Kind::simple: return "simple";
        case Kind::matching: return "matching";
        case Kind::pdb: return "pdb";
        case Kind::pdb_static: return "pdb-static";
    }
    return "?";
}

Heuristic::Heuristic(const board::Board& board, Kind kind, const Pdb* pdb)
    : board_(board),
      kind_(kind),
      cost_(static_cast<size_t>(board.boxes()) * board.boxes()),
      row_of_(board.cells(), -1),
      parent_row_(board.boxes()) {
    if (kind_ == Kind::pdb || kind_ == Kind::pdb_static) {
        if (pdb && pdb->available()) {
            pdb_ = pdb;
            maze_.reserve(board.boxes());
            child_maze_.reserve(board.boxes());
            gain_.resize(static_cast<size_t>(board.boxes()) * board.boxes());
            partition_ = Partition(board.boxes());
        } else {
            kind_ = Kind::matching;
        }
    }
}

void Heuristic::fill_row(int row, board::Cell box, board::Cell player) {
    const int n = board_.boxes();
    int side = board_.side(box, player);
    int* out = &cost_[static_cast<size_t>(row) * n];
    for (int g = 0; g < n; ++g) {
        uint16_t d = board_.distance(g, box, side);
        out[g] = d == board::unreachable ? Hungarian::forbidden : d;
    }
}

uint32_t Heuristic::evaluate(const uint64_t* boxes, board::Cell player) {
    if (pdb_) return evaluate_pdb(boxes, player);
    const int n = board_.boxes();
    int row = 0;
    state::for_each_box(boxes, board_.words(), [&](board::Cell c) { fill_row(row++, c, player); });
    if (kind_ == Kind::matching) {
        int total = hungarian_.solve(n, cost_.data());
        return total < 0 ? dead : static_cast<uint32_t>(total);
    }
    uint32_t total = 0;
    for (int i = 0; i < n; ++i) {
        const int* r = &cost_[static_cast<size_t>(i) * n];
        int best = *std::min_element(r, r + n);
        if (best >= Hungarian::forbidden) return dead;
        total += best;
    }
    return total;
}

uint32_t Heuristic::set_parent(const uint64_t* boxes, board::Cell player) {
    if (pdb_) return set_parent_pdb(boxes, player);
    int row = 0;
    state::for_each_box(boxes, board_.words(), [&](board::Cell c) { row_of_[c] = static_cast<int16_t>(row++); });
    parent_h_ = evaluate(boxes, player);
    return parent_h_;
}

uint32_t Heuristic::evaluate_push(board::Cell from, board::Cell to, board::Cell player, int pushes) {
    if (pdb_) return evaluate_push_pdb(from, to, player, pushes);
    assert(parent_h_ != dead);
    const int n = board_.boxes();
    const int row = row_of_[from];
    int* r = &cost_[static_cast<size_t>(row) * n];
    std::copy(r, r + n, parent_row_.begin());
    fill_row(row, to, player);
    uint32_t h;
    if (kind_ == Kind::simple) {
        int before = *std::min_element(parent_row_.begin(), parent_row_.end());
        int after = *std::min_element(r, r + n);
        h = after >= Hungarian::forbidden ? dead : parent_h_ - before + after;
    } else {
        // A push lowers the bound by at most one (the pushed box's row drops
        // by at most one, the others keep theirs), k pushes by at most k. So
        // if the box moved k steps nearer the goal it was matched to, the old
        // matching is still optimal: parent - k is reached and nothing lower
        // exists.
        const int col = hungarian_.column_of(row);
        if (r[col] < Hungarian::forbidden && r[col] == parent_row_[col] - pushes) {
            h = parent_h_ - pushes;
        } else {
            int total = hungarian_.resolve_row(n, cost_.data(), row);
            h = total < 0 ? dead : static_cast<uint32_t>(total);
        }
    }
    std::copy(parent_row_.begin(), parent_row_.end(), r);
    return h;
}

}  // namespace hdasoko::heuristic
