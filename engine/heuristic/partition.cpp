// Maximum-weight pairing by connected components of the positive gains:
// exact (memoized over the subsets reached) on small components, greedy on large ones.
#include "heuristic/partition.hpp"

#include <algorithm>
#include <functional>

namespace hdasoko::heuristic {

Partition::Partition(int max_boxes)
    : words_((max_boxes + 63) / 64),
      members_(max_boxes),
      stack_(max_boxes),
      best_(1 << exact_limit),
      stamp_(1 << exact_limit, 0),
      taken_(max_boxes),
      adjacent_(static_cast<size_t>(max_boxes) * words_),
      seen_(words_) {
    edges_.reserve(static_cast<size_t>(max_boxes) * max_boxes / 2);
}

int Partition::max_pairing(int k, const int* gain) {
    // The positive-gain graph as bit rows, from the upper triangle.
    const int words = (k + 63) / 64;
    std::fill(adjacent_.begin(), adjacent_.begin() + static_cast<size_t>(k) * words, 0);
    bool any = false;
    for (int i = 0; i < k; ++i) {
        const int* row = gain + i * k;
        for (int j = i + 1; j < k; ++j)
            if (row[j] > 0) {
                adjacent_[static_cast<size_t>(i) * words + j / 64] |= uint64_t{1} << (j % 64);
                adjacent_[static_cast<size_t>(j) * words + i / 64] |= uint64_t{1} << (i % 64);
                any = true;
            }
    }
    if (!any) return 0;
    std::fill(seen_.begin(), seen_.begin() + words, 0);
    int total = 0;
    for (int start = 0; start < k; ++start) {
        if ((seen_[start / 64] >> (start % 64)) & 1) continue;
        // The component of `start`.
        int size = 0, top = 0;
        seen_[start / 64] |= uint64_t{1} << (start % 64);
        stack_[top++] = start;
        while (top) {
            const int i = stack_[--top];
            members_[size++] = i;
            for (int w = 0; w < words; ++w)
                for (uint64_t fresh = adjacent_[static_cast<size_t>(i) * words + w] & ~seen_[w]; fresh;
                     fresh &= fresh - 1) {
                    const int j = w * 64 + __builtin_ctzll(fresh);
                    seen_[w] |= uint64_t{1} << (j % 64);
                    stack_[top++] = j;
                }
        }
        if (size < 2) continue;
        total += size <= exact_limit ? exact(gain, k, size) : greedy(gain, k, size);
    }
    return total;
}

// best(mask) over subsets of the members: mask's lowest member stays single
// or pairs with a partner in mask. Only the subsets reached from the whole
// component are solved (the subset DP before solved all 2^size of them);
// the recurrence, and so the value, is the DP's.
int Partition::exact(const int* gain, int k, int size) {
    if (++epoch_ == 0) {  // wrapped: no stamp may look current
        std::fill(stamp_.begin(), stamp_.end(), 0);
        epoch_ = 1;
    }
    for (int a = 0; a < size; ++a) {
        row_[a] = gain + members_[a] * k;
        partners_[a] = 0;
        for (int b = 0; b < size; ++b)
            if (b != a && row_[a][members_[b]] > 0) partners_[a] |= 1u << b;
    }
    return best_of((1u << size) - 1);
}

int Partition::best_of(unsigned mask) {
    if (mask == 0) return 0;
    if (stamp_[mask] == epoch_) return best_[mask];
    const int low = __builtin_ctz(mask);
    const unsigned rest = mask & (mask - 1);
    int value = best_of(rest);
    for (unsigned others = rest & partners_[low]; others; others &= others - 1) {
        const int j = __builtin_ctz(others);
        value = std::max(value, row_[low][members_[j]] + best_of(rest & ~(1u << j)));
    }
    stamp_[mask] = epoch_;
    best_[mask] = value;
    return value;
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
