// Pair conflicts: a two-box pattern database over the whole level, to every
// pair of goals, that raises any assignment-based bound by what pairs of
// interacting boxes cost beyond their lone-box distances.
//
// Table. For two boxes A and B alone on the board (every other box removed),
// the player in a given area, and two goals gl < gh: C(A, B, area, gl, gh),
// the fewest pushes that bring one of the two boxes to gl and the other to
// gh (either way round; unreachable if neither can). Built once per level by
// one backward breadth-first search of pulls per goal pair, then read-only.
//
// Bound. Let a matching bound over costs d(x, g) (a lower bound on the
// pushes box x needs to end on goal g) come with feasible potentials u, v:
// u_x + v_g <= d(x, g) for every box x and goal g. Take any solution; it
// ends with box x on goal s(x), s one-to-one. Split the boxes into disjoint
// pairs P and singles. Charging each push to the box it moves, the pushes
// charged to a pair {a, b}, in order with every other push dropped, solve
// the two-box problem from the same squares and player area (each went to a
// square free of every box, the player's walks crossed no box), ending on
// s(a), s(b); so they number at least C(a, b, area, s(a), s(b)). The
// pushes charged to a single x number at least d(x, s(x)) >= u_x + v_s(x).
// So the solution has at least
//     sum_x u_x + sum_g v_g + sum_P extra(P),
//     extra({a, b}) = min over goal pairs {g, g'} of C(a, b, area, g, g') - v_g - v_g' - u_a - u_b,
// pushes (every goal is some box's s(x), so sum_x v_s(x) = sum_g v_g). With
// the optimal potentials of the matching, sum u + sum v is the matching
// itself: the bound is the matching plus the pairs' extras, never below it
// (an extra below zero is replaced by zero: leaving the pair out is always
// allowed). Any disjoint set of pairs is admissible; Partition picks the
// heaviest.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "board/board.hpp"
#include "heuristic/pair_areas.hpp"

namespace hdasoko::heuristic {

class PairConflicts {
public:
    // Builds the table unless it would need more than `memory_limit_bytes`
    // or `cancel` (optional) is set while it builds (checked before each
    // goal pair's search); then available() is false.
    static constexpr uint64_t default_memory_limit = uint64_t{256} << 20;
    // threads: the goal pairs' searches run on up to this many threads.
    // beside (optional): other work for the calling thread, run while the
    // other threads begin the goal pairs and before it takes pairs too, so
    // that another table is built meanwhile without a thread more than
    // `threads`; not run when the table is not searched (then the caller runs it).
    explicit PairConflicts(const board::Board& board, uint64_t memory_limit_bytes = default_memory_limit,
                           const std::atomic<bool>* cancel = nullptr, int threads = 1,
                           const std::function<void()>& beside = nullptr);

    bool available() const { return available_; }
    const std::string& why_unavailable() const { return why_; }
    uint64_t bytes() const;
    double build_seconds() const { return build_seconds_; }

    // The table row of boxes on a != b with the player on p (not a or b):
    // per goal pair, C of the two; null when a or b is a dead square.
    const uint16_t* row(board::Cell a, board::Cell b, board::Cell p) const {
        int i = index_of_[a], j = index_of_[b];
        if (i < 0 || j < 0) return nullptr;
        if (i > j) std::swap(i, j);
        return &values_[static_cast<size_t>(areas_.state(PairAreas::pair_id(i, j), p)) * goal_pairs_];
    }
    // C in `row` for goals g != h (either order).
    static uint16_t at(const uint16_t* row, int g, int h) {
        return g < h ? row[PairAreas::pair_id(g, h)] : row[PairAreas::pair_id(h, g)];
    }

    // extra({a, b}) above from the pair's row, the potentials ua, ub of the
    // two boxes and v (per goal); at least 0, or no_extra when the two
    // cannot reach any pair of goals together (a deadlock).
    int extra(const uint16_t* row, int ua, int ub, const int* v) const;

    // C(a, b, area of p, g, h) with goal indices g != h (any order);
    // board::unreachable if none. For tests.
    uint16_t cost(board::Cell a, board::Cell b, board::Cell p, int g, int h) const {
        const uint16_t* r = row(a, b, p);
        return r ? at(r, g, h) : board::unreachable;
    }

    static constexpr int no_extra = 0x7FFFFFFF;  // extra() of a dead pair

private:
    void search(uint64_t memory_limit_bytes, const std::atomic<bool>* cancel, int threads,
                const std::function<void()>& beside);

    const board::Board& board_;
    bool available_ = false;
    std::string why_;
    int cells_ = 0, live_ = 0, goal_pairs_ = 0;
    std::vector<int16_t> index_of_;      // cell -> live index, -1 on dead squares
    std::vector<board::Cell> cell_of_;   // live index -> cell
    PairAreas areas_;                    // of the live cells
    std::vector<uint16_t> values_;       // states of areas_ x goal pairs (PairAreas::pair_id of the goals)
    double build_seconds_ = 0;
};

}  // namespace hdasoko::heuristic
