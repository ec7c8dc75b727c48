// Hungarian method, one row added at a time; each addition finds a shortest
// augmenting path in reduced costs (Dijkstra-like with dense arrays).
// Potentials keep u >= 0 and v <= 0, so the reduced costs of a row entering
// with u = 0 are non-negative, which the incremental resolve relies on.
#include "heuristic/hungarian.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>

namespace hdasoko::heuristic {

void Hungarian::augment(int n, const int* cost, int i, std::vector<int>& u, std::vector<int>& v,
                        std::vector<int>& p) {
    p[0] = i;
    int j0 = 0;
    minv_.assign(n + 1, INT_MAX);
    used_.assign(n + 1, 0);
    do {
        used_[j0] = 1;
        int i0 = p[j0], delta = INT_MAX, j1 = 0;
        const int* row = cost + static_cast<size_t>(i0 - 1) * n;
        for (int j = 1; j <= n; ++j) {
            if (used_[j]) continue;
            int cur = row[j - 1] - u[i0] - v[j];
            if (cur < minv_[j]) {
                minv_[j] = cur;
                way_[j] = j0;
            }
            if (minv_[j] < delta) {
                delta = minv_[j];
                j1 = j;
            }
        }
        for (int j = 0; j <= n; ++j) {
            if (used_[j]) {
                u[p[j]] += delta;
                v[j] -= delta;
            } else {
                minv_[j] -= delta;
            }
        }
        j0 = j1;
    } while (p[j0] != 0);
    do {
        int j1 = way_[j0];
        p[j0] = p[j1];
        j0 = j1;
    } while (j0);
}

int Hungarian::total(int n, const int* cost, const std::vector<int>& p) {
    long long sum = 0;
    for (int j = 1; j <= n; ++j) {
        int c = cost[static_cast<size_t>(p[j] - 1) * n + (j - 1)];
        if (c >= forbidden) return -1;
        sum += c;
    }
    return static_cast<int>(sum);
}

int Hungarian::solve(int n, const int* cost) {
    u_.assign(n + 1, 0);
    v_.assign(n + 1, 0);
    p_.assign(n + 1, 0);
    way_.assign(n + 1, 0);
    for (int i = 1; i <= n; ++i) augment(n, cost, i, u_, v_, p_);
    column_of_.resize(n);
    for (int j = 1; j <= n; ++j) column_of_[p_[j] - 1] = j - 1;
    base_total_ = total(n, cost, p_);
    exits_row_ = -1;
    base_n_ = n;
    return base_total_;
}

int Hungarian::update(int n, const int* cost, const int* rows, int k) {
    // Far from overflow: a reduced cost c - u - v stays within an int.
    constexpr int potential_limit = 1 << 28;
    if (base_n_ != n) return solve(n, cost);
    // The other rows' entries are unchanged, so their reduced costs stay
    // non-negative and their matched edges tight; a freed row enters with
    // u = 0 (costs >= 0, v <= 0: non-negative too), and each addition keeps
    // both. A perfect matching with feasible potentials and tight matched
    // edges is optimal.
    v_[0] = 0;  // the start column's potential: lowered by every phase, read by none
    for (int r = 0; r < k; ++r) {
        const int i = rows[r] + 1;
        p_[column_of_[rows[r]] + 1] = 0;
        u_[i] = 0;
    }
    for (int r = 0; r < k; ++r) augment(n, cost, rows[r] + 1, u_, v_, p_);
    int high = 0;
    for (int j = 1; j <= n; ++j) {
        column_of_[p_[j] - 1] = j - 1;
        high = std::max({high, u_[j], -v_[j]});
    }
    if (high > potential_limit) return solve(n, cost);
    base_total_ = total(n, cost, p_);
    exits_row_ = -1;
    return base_total_;
}

// A dense Dijkstra backwards from the row's column (free once the row is
// removed) over the columns: column j is left by its row p(j) moving to a
// column k at reduced cost c(p(j), k) - u(p(j)) - v(k) >= 0 (its edge to j
// is tight), after which k must be left in turn. Forbidden pairs are no
// edges. The row's own entries are never read (no other column is matched
// to it), so `cost` may hold a child's row there.
void Hungarian::exits(int n, const int* cost, int row) {
    exit_.assign(n + 1, INT_MAX);
    used_.assign(n + 1, 0);
    exit_[column_of_[row] + 1] = 0;
    for (;;) {
        int k = 0, best = INT_MAX;
        for (int j = 1; j <= n; ++j)
            if (!used_[j] && exit_[j] < best) {
                best = exit_[j];
                k = j;
            }
        if (k == 0) break;
        used_[k] = 1;
        for (int j = 1; j <= n; ++j) {
            if (used_[j]) continue;
            const int i = p_[j];
            const int c = cost[static_cast<size_t>(i - 1) * n + (k - 1)];
            if (c >= forbidden) continue;
            exit_[j] = std::min(exit_[j], best + c - u_[i] - v_[k]);
        }
    }
    exits_row_ = row;
}

int Hungarian::resolve_row(int n, const int* cost, int row) {
    // Without augmenting when the base matching stays optimal: with `row`
    // changed it costs `upper` (its old entry was tight, u + v), and the
    // base potentials with row's own lowered to its least reduced cost are
    // feasible, so by weak duality `lower` bounds every matching. When the
    // base column attains that least reduced cost the two meet. Box moves
    // (fess-box) take this way for most children.
    const int i = row + 1;
    const int* r = cost + static_cast<size_t>(row) * n;
    const int col = column_of_[row];
    if (base_total_ >= 0 && r[col] < forbidden) {
        int least = INT_MAX;
        for (int j = 0; j < n; ++j) least = std::min(least, r[j] - v_[j + 1]);
        if (least == r[col] - v_[col + 1]) return base_total_ - u_[i] - v_[col + 1] + r[col];
    }
    if (base_total_ >= 0) {
        // Every perfect matching of the new matrix differs from the base
        // without `row` by one alternating path from `row` (its column j,
        // then the columns its rows are displaced to, ending on `row`'s
        // old column) and by alternating cycles among the other rows,
        // which cost nothing less than the base (it is optimal). With the
        // row's old entry tight (u + v of its column) and exit_ in reduced
        // costs (the path's own costs telescope to exit_[j] + v(row's
        // column) - v(j)), the path through j costs
        // base_total_ - u(row) + r[j] - v(j) + exit_[j].
        if (exits_row_ != row) exits(n, cost, row);
        int best = INT_MAX;
        for (int j = 0; j < n; ++j)
            if (r[j] < forbidden && exit_[j + 1] != INT_MAX) best = std::min(best, r[j] - v_[j + 1] + exit_[j + 1]);
        return best == INT_MAX ? -1 : base_total_ - u_[i] + best;
    }
    wu_ = u_;
    wv_ = v_;
    wp_ = p_;
    for (int j = 1; j <= n; ++j)
        if (wp_[j] == i) wp_[j] = 0;
    wu_[i] = 0;
    augment(n, cost, i, wu_, wv_, wp_);
    return total(n, cost, wp_);
}

}  // namespace hdasoko::heuristic
