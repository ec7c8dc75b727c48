// Hungarian method for the square assignment problem: the shortest
// augmenting path variant with row and column potentials, O(n^3) (Kuhn,
// Munkres; after the formulation of Jonker and Volgenant). Reuses its buffers
// between calls.
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

    // Column assigned to each row by the last successful solve().
    const std::vector<int>& assignment() const { return row_to_col_; }

private:
    std::vector<int> u_, v_, p_, way_, minv_, row_to_col_;
    std::vector<char> used_;
};

}  // namespace hdasoko::heuristic
