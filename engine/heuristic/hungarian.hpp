// Hungarian method for the square assignment problem: the shortest
// augmenting path variant with row and column potentials, O(n^3) (Kuhn,
// Munkres; after the formulation of Jonker and Volgenant). Reuses its buffers
// between calls. Incremental use: after solve(), a matrix that differs in one
// row is solved in O(n^2) by freeing that row and augmenting once from the
// kept potentials (every other matched edge stays tight, every reduced cost
// stays non-negative), without disturbing the kept solution; and in O(n)
// once the row has been resolved before against the same base (see
// resolve_row: the cost of leaving each column, found once per row, does not
// depend on the row's own costs).
#pragma once

#include <vector>

namespace hdasoko::heuristic {

class Hungarian {
public:
    // Costs of at least `forbidden` mark pairs that cannot be matched.
    static constexpr int forbidden = 1 << 20;  // x 255 rows still fits an int

    // Minimum total cost of a perfect matching over the n x n row-major
    // `cost`, or -1 when every perfect matching uses a forbidden pair.
    int solve(int n, const int* cost);

    // Minimum cost for `cost`, which equals the matrix of the last solve()
    // except in row `row`; -1 as for solve(). The last solve() stays the base.
    // O(n^2) for the first call with a row after a solve(), O(n) for the
    // next calls with the same row (a box's destinations, fess-box).
    int resolve_row(int n, const int* cost, int row);

    // Minimum cost for `cost`, which equals the matrix of the last solve()
    // or update() except in the k rows listed; it becomes the new base, as
    // after solve(). O(k n^2): those rows are freed and added again from
    // the kept potentials, as resolve_row's last resort does for one. Falls
    // back to solve() when no base of size n is kept or the potentials have
    // grown large (each addition raises some u and lowers some v).
    int update(int n, const int* cost, const int* rows, int k);

    // The column matched to `row` in the last solve().
    int column_of(int row) const { return column_of_[row]; }
    // The potentials of the last solve() or update(): u(row) + v(column) is
    // at most the cost of every pair, equal on the matched ones, and their
    // sum over all rows and columns is the minimum cost.
    int row_potential(int row) const { return u_[row + 1]; }
    int column_potential(int column) const { return v_[column + 1]; }

private:
    // One phase: adds row i (1-based) to the matching in (u, v, p).
    void augment(int n, const int* cost, int i, std::vector<int>& u, std::vector<int>& v, std::vector<int>& p);
    static int total(int n, const int* cost, const std::vector<int>& p);
    // exit_[j] (1-based): the least reduced cost of freeing column j in the
    // base with `row` removed, i.e. of the alternating path that moves j's
    // row on, and the rows it displaces, until the row's own column is taken.
    void exits(int n, const int* cost, int row);

    std::vector<int> u_, v_, p_;     // the base solution (1-based; p: column -> row)
    std::vector<int> column_of_;     // the base solution, row -> column (0-based)
    int base_total_ = -1;            // its cost (-1: no perfect matching)
    std::vector<int> wu_, wv_, wp_;  // working copies for resolve_row
    std::vector<int> way_, minv_;
    std::vector<char> used_;
    std::vector<int> exit_;
    int exits_row_ = -1;  // the row exit_ holds, -1: none since the last solve()
    int base_n_ = 0;      // the size of the base (0: none)
};

}  // namespace hdasoko::heuristic
