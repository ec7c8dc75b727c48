// tests/heuristic/partition_test: Partition::max_pairing, the largest total
// gain of disjoint pairs, against a plain recursion over every pairing on
// random gain matrices: whole when every component of positive gains is
// within exact_limit, and as a sum over blocks scattered over more than 64
// boxes (the bit rows then take two words).
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <vector>

#include "heuristic/partition.hpp"

using hdasoko::heuristic::Partition;

namespace {

// Best pairing of the boxes in `left` (a list), by brute force: the first
// box stays single or pairs with any later one.
int brute_force(const std::vector<int>& gain, int k, std::vector<int> left) {
    if (left.size() < 2) return 0;
    const int first = left.front();
    left.erase(left.begin());
    int best = brute_force(gain, k, left);
    for (size_t j = 0; j < left.size(); ++j) {
        std::vector<int> rest = left;
        rest.erase(rest.begin() + static_cast<long>(j));
        best = std::max(best, gain[first * k + left[j]] + brute_force(gain, k, rest));
    }
    return best;
}

void set_gain(std::vector<int>& gain, int k, int i, int j, int g) { gain[i * k + j] = gain[j * k + i] = g; }

}  // namespace

TEST_CASE("partition: max_pairing equals the best pairing on random gains of up to 11 boxes") {
    std::mt19937 rng(20261128);
    Partition partition(11);
    int positive = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const int k = 1 + static_cast<int>(rng() % 11);
        const int density = 1 + static_cast<int>(rng() % 4);  // in quarters
        std::vector<int> gain(static_cast<size_t>(k) * k, 0);
        for (int i = 0; i < k; ++i)
            for (int j = i + 1; j < k; ++j)
                if (static_cast<int>(rng() % 4) < density) set_gain(gain, k, i, j, static_cast<int>(rng() % 7));
        std::vector<int> all(k);
        for (int i = 0; i < k; ++i) all[i] = i;
        const int want = brute_force(gain, k, all);
        INFO("trial ", trial, ", k ", k);
        CHECK(partition.max_pairing(k, gain.data()) == want);
        positive += want > 0;
    }
    CHECK(positive >= 300);
}

TEST_CASE("partition: blocks scattered over 100 boxes add up to their best pairings") {
    std::mt19937 rng(20261129);
    const int k = 100;
    Partition partition(k);
    for (int trial = 0; trial < 50; ++trial) {
        std::vector<int> order(k);
        for (int i = 0; i < k; ++i) order[i] = i;
        std::shuffle(order.begin(), order.end(), rng);
        std::vector<int> gain(static_cast<size_t>(k) * k, 0);
        int want = 0;
        for (int start = 0; start < k;) {
            const int size = std::min(k - start, 1 + static_cast<int>(rng() % 8));
            const std::vector<int> block(order.begin() + start, order.begin() + start + size);
            for (int a = 0; a < size; ++a)
                for (int b = a + 1; b < size; ++b)
                    if (rng() % 2) set_gain(gain, k, block[a], block[b], 1 + static_cast<int>(rng() % 9));
            want += brute_force(gain, k, block);
            start += size;
        }
        INFO("trial ", trial);
        CHECK(partition.max_pairing(k, gain.data()) == want);
    }
}
