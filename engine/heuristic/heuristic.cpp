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

Heuristic::Heuristic(const board::Board& board, Kind kind, const Pdb* pdb, const PairConflicts* conflicts,
                     int group)
    : board_(board),
      kind_(kind),
      cost_(static_cast<size_t>(board.boxes()) * board.boxes()),
      row_of_(board.cells(), -1),
      parent_row_(board.boxes()),
      base_boxes_(board.words()),
      costs_(board.boxes()) {
    left_.reserve(board.boxes());
    entered_.reserve(board.boxes());
    changed_.reserve(board.boxes());
    if (kind_ == Kind::pdb || kind_ == Kind::pdb_static) {
        if (pdb && pdb->available()) {
            pdb_ = pdb;
            maze_.reserve(board.boxes());
            child_maze_.reserve(board.boxes());
            gain_.resize(static_cast<size_t>(board.boxes()) * board.boxes());
            partition_ = Partition(board.boxes());
            if (group >= 3 && kind_ == Kind::pdb && pdb->group(3)) {
                triples_ = pdb->group(3);
                if (group >= 4) quads_ = pdb->group(4);
                if (group >= FivePatterns::size && quads_ && pdb->fives() && !pdb->fives()->patterns().empty()) {
                    fives_ = fives_built_ = pdb->fives();
                    rest_.reserve(board.boxes());
                }
                const int n = board.boxes();
                single_.resize(n);
                list_index_.resize(n);
                rest_gain_.resize(static_cast<size_t>(n) * n);
                used_.resize(n);
                candidates_.reserve(64);
            }
        } else {
            kind_ = Kind::matching;
        }
    }
    if (conflicts && conflicts->available() && kind_ != Kind::simple) {
        const int n = board.boxes();
        conflicts_ = conflicts;
        u_.resize(n);
        v_.resize(n);
        row_cell_.resize(n);
        pair_gain_.resize(static_cast<size_t>(n) * n);
        saved_gain_.resize(n);
        if (!pdb_) partition_ = Partition(n);
    }
}

Heuristic::Heuristic(const board::Board& board, const board::PullDistances& pulls)
    : Heuristic(board, Kind::matching) {
    pulls_ = &pulls;
}

void Heuristic::fill_costs(board::Cell box, board::Cell player, int* out) const {
    const int n = board_.boxes();
    if (pulls_) {
        for (int t = 0; t < n; ++t) {
            const uint16_t d = pulls_->distance(t, box);
            out[t] = d == board::unreachable ? Hungarian::forbidden : d;
        }
        return;
    }
    if (pdb_ && pdb_->in_maze(box)) {
        std::copy(pdb_->entrance_row(), pdb_->entrance_row() + n, out);
        return;
    }
    const int side = board_.side(box, player);
    for (int g = 0; g < n; ++g) {
        uint16_t d = board_.distance(g, box, side);
        out[g] = d == board::unreachable ? Hungarian::forbidden : d;
    }
}

uint32_t Heuristic::evaluate(const uint64_t* boxes, board::Cell player) {
    base_ = false;  // cost_ and the Hungarian's base are this state's now
    if (pdb_) return evaluate_pdb(boxes, player);
    const int n = board_.boxes();
    int row = 0;
    state::for_each_box(boxes, board_.words(), [&](board::Cell c) {
        if (conflicts_) row_cell_[row] = c;
        fill_row(row++, c, player);
    });
    if (kind_ == Kind::matching) {
        int total = hungarian_.solve(n, cost_.data());
        if (total < 0) return dead;
        if (!conflicts_) return static_cast<uint32_t>(total);
        const int bonus = conflicts_base(player);
        return bonus < 0 ? dead : static_cast<uint32_t>(std::max(total, dual_sum_ + bonus));
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

bool Heuristic::follow_rows(const uint64_t* boxes) {
    if (!base_) return false;
    left_.clear();
    entered_.clear();
    const int words = board_.words();
    for (int w = 0; w < words; ++w) {
        for (uint64_t bits = base_boxes_[w] & ~boxes[w]; bits; bits &= bits - 1)
            left_.push_back(static_cast<board::Cell>(w * 64 + __builtin_ctzll(bits)));
        for (uint64_t bits = boxes[w] & ~base_boxes_[w]; bits; bits &= bits - 1)
            entered_.push_back(static_cast<board::Cell>(w * 64 + __builtin_ctzll(bits)));
    }
    assert(left_.size() == entered_.size());
    for (size_t i = 0; i < entered_.size(); ++i) row_of_[entered_[i]] = row_of_[left_[i]];
    return true;
}

uint32_t Heuristic::set_parent(const uint64_t* boxes, board::Cell player) {
    if (kind_ == Kind::simple) {
        parent_h_ = evaluate(boxes, player);
        int row = 0;  // evaluate() filled the rows in box order
        state::for_each_box(boxes, board_.words(), [&](board::Cell c) { row_of_[c] = static_cast<int16_t>(row++); });
        return parent_h_;
    }
    const int n = board_.boxes();
    if (pdb_) {
        maze_.clear();
        state::for_each_box(boxes, board_.words(), [&](board::Cell c) {
            if (pdb_->in_maze(c)) maze_.push_back(c);
        });
    }
    int goal;
    if (follow_rows(boxes)) {
        // Rows the move left alone (most: the other boxes keep their side)
        // keep their matched edges; the others are matched again.
        changed_.clear();
        state::for_each_box(boxes, board_.words(), [&](board::Cell c) {
            const int row = row_of_[c];
            int* r = &cost_[static_cast<size_t>(row) * n];
            fill_costs(c, player, costs_.data());
            if (std::equal(costs_.begin(), costs_.end(), r)) return;
            std::copy(costs_.begin(), costs_.end(), r);
            changed_.push_back(row);
        });
        goal = hungarian_.update(n, cost_.data(), changed_.data(), static_cast<int>(changed_.size()));
    } else {
        int row = 0;
        state::for_each_box(boxes, board_.words(), [&](board::Cell c) {
            row_of_[c] = static_cast<int16_t>(row);
            fill_row(row++, c, player);
        });
        goal = hungarian_.solve(n, cost_.data());
    }
    std::copy(boxes, boxes + board_.words(), base_boxes_.begin());
    base_ = true;
    if (conflicts_ && goal >= 0) {
        state::for_each_box(boxes, board_.words(), [&](board::Cell c) { row_cell_[row_of_[c]] = c; });
        // A dead pair here was seen when this state was scored as a child
        // (its pairs are those of the pushes that made it), so it is not dead.
        base_bonus_ = std::max(0, conflicts_base(player));
    }
    // The PDB kinds: the goal part alone (evaluate_push adds the maze part).
    parent_h_ = goal < 0 ? dead : static_cast<uint32_t>(goal);
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
        if (conflicts_ && h != dead) {
            const uint32_t with_pairs = conflicts_child(row, to, player, false);
            h = with_pairs == dead ? dead : std::max(h, with_pairs);
        }
    }
    std::copy(parent_row_.begin(), parent_row_.end(), r);
    return h;
}

}  // namespace hdasoko::heuristic
