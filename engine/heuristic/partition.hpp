// Dynamic partitioning for the PDB bound (Pereira, Ritt, Buriol, AIJ 2015):
// the maze boxes are split into disjoint pairs (each scored by the PDB) and
// singles (each by its lone-box distance), choosing the split of largest
// total. With gain(i, j) = PDB(i, j) - single(i) - single(j) that is a
// maximum-weight matching on the gains in a general graph. Every split gives
// an admissible bound (the pairs' pushes are disjoint), so the exact answer
// only makes the bound tighter: components of the positive-gain graph of up
// to `exact_limit` boxes are solved exactly by a memoized recursion over
// the subsets it reaches (sparse gains reach few); a larger component
// (rare: boxes interact locally) takes pairs greedily by gain, which is
// still admissible. Scratch space is reused, no allocation per call.
#pragma once

#include <cstdint>
#include <vector>

namespace hdasoko::heuristic {

class Partition {
public:
    static constexpr int exact_limit = 12;

    Partition() = default;  // empty until given a size
    explicit Partition(int max_boxes);

    // Largest total gain of disjoint pairs among boxes 0..k-1; `gain` is the
    // k x k row-major symmetric matrix of non-negative gains.
    int max_pairing(int k, const int* gain);

private:
    // Over the component members_[0..size).
    int exact(const int* gain, int k, int size);
    int best_of(unsigned mask);  // exact()'s recursion over the members in mask
    int greedy(const int* gain, int k, int size);

    int words_ = 0;                         // bit-row words for max_boxes
    std::vector<int> members_, stack_;
    std::vector<int> best_;                 // 2^exact_limit subset values, valid where stamp_ is epoch_
    std::vector<uint32_t> stamp_;
    uint32_t epoch_ = 0;
    unsigned partners_[exact_limit] = {};   // per member: the members it gains with, as a mask
    const int* row_[exact_limit] = {};      // per member: its gain row, indexed by box

    std::vector<uint64_t> edges_;           // greedy: gain << 32 | i << 16 | j
    std::vector<uint8_t> taken_;
    std::vector<uint64_t> adjacent_;        // per box, a bit row of the boxes it gains with
    std::vector<uint64_t> seen_;            // boxes already in a component
};

}  // namespace hdasoko::heuristic
