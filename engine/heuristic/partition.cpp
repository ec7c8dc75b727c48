// Maximum-weight pairing by connected components of the positive gains:
// exact subset dynamic programming on small components, greedy on large ones.
#include "heuristic/partition.hpp"

#include <algorithm>
#include <functional>

namespace hdasoko::heuristic {

Partition::Partition(int max_boxes)
    : component_(max_boxes), members_(max_boxes), stack_(max_boxes), best_(1 << exact_limit), taken_(max_boxes) {
    edges_.reserve(static_cast<size_t>(max_boxes) * max_boxes / 2);
}

int Partition::max_pairing(int k, const int* gain) {
    std::fill(component_.begin(), component_.begin() + k, -1);
    int total = 0;
    for (int start = 0; start < k; ++start) {
        if (component_[start] >= 0) continue;
        // The component of `start` in the positive-gain graph.
        int size = 0, top = 0;
        component_[start] = start;
        stack_[top++] = start;
        while (top) {
            const int i = stack_[--top];
            members_[size++] = i;
            for (int j = 0; j < k; ++j)
                if (component_[j] < 0 && gain[i * k + j] > 0) {
                    component_[j] = start;
                    stack_[top++] = j;
                }
        }
        if (size < 2) continue;
        total += size <= exact_limit ? exact(gain, k, size) : greedy(gain, k, size);
    }
    return total;
}

// best[mask] over subsets of the members: mask's lowest member stays single
// or pairs with another member of mask.
int Partition::exact(const int* gain, int k, int size) {
    int* best = best_.data();
    best[0] = 0;
    for (unsigned mask = 1; mask < (1u << size); ++mask) {
        const int low = __builtin_ctz(mask);
        const unsigned rest = mask & (mask - 1);
        int value = best[rest];
        const int* row = gain + members_[low] * k;
        for (unsigned others = rest; others; others &= others - 1) {
            const int j = __builtin_ctz(others);
            const int g = row[members_[j]];
            if (g > 0) value = std::max(value, g + best[rest & ~(1u << j)]);
        }
        best[mask] = value;
    }
    return best[(1u << size) - 1];
}

int Partition::greedy(const int* gain, int k, int size) {
    edges_.clear();
    for (int a = 0; a < size; ++a)
        for (int b = a + 1; b < size; ++b) {
            const int g = gain[members_[a] * k + members_[b]];
            if (g > 0) edges_.push_back(static_cast<uint64_t>(g) << 32 | static_cast<uint64_t>(a) << 16 | b);
        }
    std::sort(edges_.begin(), edges_.end(), std::greater<>());
    std::fill(taken_.begin(), taken_.begin() + size, 0);
    int total = 0;
    for (uint64_t e : edges_) {
        const int a = (e >> 16) & 0xFFFF, b = e & 0xFFFF;
        if (taken_[a] || taken_[b]) continue;
        taken_[a] = taken_[b] = 1;
        total += static_cast<int>(e >> 32);
    }
    return total;
}

}  // namespace hdasoko::heuristic
