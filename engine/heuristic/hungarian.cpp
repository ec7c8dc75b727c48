// Hungarian method, one row added at a time; each addition finds a shortest
// augmenting path in reduced costs (Dijkstra-like with dense arrays).
#include "heuristic/hungarian.hpp"

#include <climits>
#include <cstddef>

namespace hdasoko::heuristic {

int Hungarian::solve(int n, const int* cost) {
    // 1-based arrays; column 0 is the virtual source of the augmenting path.
    u_.assign(n + 1, 0);
    v_.assign(n + 1, 0);
    p_.assign(n + 1, 0);
    way_.assign(n + 1, 0);
    for (int i = 1; i <= n; ++i) {
        p_[0] = i;
        int j0 = 0;
        minv_.assign(n + 1, INT_MAX);
        used_.assign(n + 1, 0);
        do {
            used_[j0] = 1;
            int i0 = p_[j0], delta = INT_MAX, j1 = 0;
            const int* row = cost + static_cast<size_t>(i0 - 1) * n;
            for (int j = 1; j <= n; ++j) {
                if (used_[j]) continue;
                int cur = row[j - 1] - u_[i0] - v_[j];
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
                    u_[p_[j]] += delta;
                    v_[j] -= delta;
                } else {
                    minv_[j] -= delta;
                }
            }
            j0 = j1;
        } while (p_[j0] != 0);
        do {
            int j1 = way_[j0];
            p_[j0] = p_[j1];
            j0 = j1;
        } while (j0);
    }
    row_to_col_.assign(n, -1);
    long long total = 0;
    for (int j = 1; j <= n; ++j) {
        int i = p_[j];
        int c = cost[static_cast<size_t>(i - 1) * n + (j - 1)];
        if (c >= forbidden) return -1;
        row_to_col_[i - 1] = j - 1;
        total += c;
    }
    return static_cast<int>(total);
}

}  // namespace hdasoko::heuristic
