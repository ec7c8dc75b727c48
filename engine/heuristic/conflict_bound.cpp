// Pair conflicts on top of the matching (heuristic/pair_conflicts.hpp): the
// base's potentials and the extras of all its pairs once per parent, then
// per child only the pushed box's pairs again. The other pairs keep their
// extras: their squares are the parent's, and so is their player area (the
// player walked from its old area to the pushed box's square and on to its
// new one, crossing neither box of such a pair), and so are their
// potentials (their rows are unchanged). The pushed box's potential becomes
// its least reduced cost in the child's row, which keeps the potentials
// feasible (as Hungarian::resolve_row's lower bound does).
#include <algorithm>
#include <climits>

#include "heuristic/heuristic.hpp"

namespace hdasoko::heuristic {

using board::Cell;

namespace {

// extra() of a pair from its table row, first trying goals g, h on which both
// potentials are tight (there the candidate is often 0, which ends it: the
// extra is the least candidate, at least 0).
int pair_extra(const PairConflicts& conflicts, const uint16_t* row, int g, int h, int ua, int ub,
               const int* v) {
    if (row && g != h) {
        const uint16_t c = PairConflicts::at(row, g, h);
        if (c != board::unreachable && c - ua - ub - v[g] - v[h] <= 0) return 0;
    }
    return conflicts.extra(row, ua, ub, v);
}

}  // namespace

int Heuristic::conflicts_base(Cell player) {
    const int n = board_.boxes();
    dual_sum_ = 0;
    for (int i = 0; i < n; ++i) {
        u_[i] = hungarian_.row_potential(i);
        v_[i] = hungarian_.column_potential(i);
        dual_sum_ += u_[i] + v_[i];
    }
    bool dead_pair = false;
    for (int i = 0; i < n; ++i) {
        pair_gain_[static_cast<size_t>(i) * n + i] = 0;
        for (int j = i + 1; j < n; ++j) {
            int e = 0;
            if (pairs_with(i) && pairs_with(j)) {
                e = pair_extra(*conflicts_, conflicts_->row(row_cell_[i], row_cell_[j], player),
                               hungarian_.column_of(i), hungarian_.column_of(j), u_[i], u_[j], v_.data());
                if (e == PairConflicts::no_extra) {
                    dead_pair = true;
                    e = 0;
                }
            }
            pair_gain_[static_cast<size_t>(i) * n + j] = pair_gain_[static_cast<size_t>(j) * n + i] = e;
        }
    }
    const int bonus = partition_.max_pairing(n, pair_gain_.data());
    return dead_pair ? -1 : bonus;
}

uint32_t Heuristic::conflicts_child(int row, Cell to, Cell player, bool excluded) {
    const int n = board_.boxes();
    const int* r = &cost_[static_cast<size_t>(row) * n];
    int ux = INT_MAX, gx = -1;
    for (int g = 0; g < n; ++g)
        if (r[g] < Hungarian::forbidden && r[g] - v_[g] < ux) {
            ux = r[g] - v_[g];
            gx = g;
        }
    if (gx < 0) return dead;
    const int dual = dual_sum_ - u_[row] + ux;
    int* gains = &pair_gain_[static_cast<size_t>(row) * n];
    std::copy(gains, gains + n, saved_gain_.begin());
    bool dead_pair = false;
    for (int j = 0; j < n; ++j) {
        if (j == row) continue;
        int e = 0;
        if (!excluded && pairs_with(j)) {
            e = pair_extra(*conflicts_, conflicts_->row(to, row_cell_[j], player), gx, hungarian_.column_of(j), ux,
                           u_[j], v_.data());
            if (e == PairConflicts::no_extra) {
                dead_pair = true;
                break;
            }
        }
        gains[j] = pair_gain_[static_cast<size_t>(j) * n + row] = e;
    }
    // Feasible potentials that are not optimal can sum below zero (after a
    // tunnel macro the pushed box's potential may drop by more than one);
    // the bound is then 0, not a wrapped unsigned value (issue 68).
    const uint32_t bound =
        dead_pair ? dead : static_cast<uint32_t>(std::max(0, dual + partition_.max_pairing(n, pair_gain_.data())));
    for (int j = 0; j < n; ++j) gains[j] = pair_gain_[static_cast<size_t>(j) * n + row] = saved_gain_[j];
    return bound;
}

}  // namespace hdasoko::heuristic
