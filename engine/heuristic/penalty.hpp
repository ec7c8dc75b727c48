// Penalty patterns, in the manner of Rolling Stone's pattern searches
// (Junghanns and Schaeffer, "Sokoban: enhancing general single-agent search
// methods using domain knowledge", AIJ 2001): the boxes of a state are split
// into small groups of interacting boxes (8-neighbourhood clusters, at most
// max_boxes each); each group is searched alone (every other box removed) by
// a small A* that gives a lower bound on the pushes the group needs, and
// that value is kept in a pattern table. Where the groups need more than
// their lone-box distances say, the bound
//     P = sum over groups S of cost(S) + L(rest)
// is offered to the caller, who takes max(h, P). cost(S) is the search's
// lower bound for S alone; L(rest) the sum, over the boxes in no group, of
// each one's player-side-aware push distance to its nearest goal.
//
// Why P is admissible (no double counting): take any solution of the state
// and charge every push to the box it moves. The groups and the rest are
// disjoint, so the pushes add up to the sum of the charges.
//   - The pushes charged to a group S, kept in order with every other push
//     dropped, solve S alone from the same player position: each went to a
//     square free of every box, so free of S's; the player's walks crossed
//     no box, so none of S's; at the end S's boxes sit on goals. So they
//     number at least cost*(S), the optimum of S alone, and the search's
//     value never exceeds cost*(S) (see below).
//   - Each box of the rest ends on some goal and is pushed at least its
//     player-side-aware distance to it (the matching bound's own argument,
//     heuristic.hpp), so at least its distance to the nearest goal: the
//     rest's pushes number at least L(rest).
// An infinite cost (S alone cannot be solved: the search exhausted S's
// configurations) makes the state a deadlock.
//
// Why the search's value is at most cost*(S): it is A* with an admissible h
// (lone-box distances to the nearest goal) that re-expands a configuration
// reached again with a smaller g. Then at every moment some open entry lies
// on an optimal path with its optimal g, so the smallest f in the open list
// is at most cost*(S): a goal popped is optimal, and a search cut off by its
// node limit returns that smallest f (at least the root's h), still a bound.
//
// Pattern table: values keyed on the group's box cells and the player cell
// the caller gives (the normalized player of the full state); the proof
// looked at the whole board (walls, goals, floor, all fixed within a level)
// plus exactly those, so the key names every square it depended on (the
// cache-key trap of deadlock tables: tests/heuristic/penalty_test.cpp). The
// key is exact; the table is lossy (a newer entry may take an older one's
// slot), which only costs a repeated search. One per worker, no locks.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::heuristic {

class PenaltyPatterns {
public:
    static constexpr int max_boxes = 4;             // group size (the key packs 4 cells)
    static constexpr int default_node_limit = 500;  // expanded configurations per pattern search
    static constexpr int max_node_limit = 8000;     // keeps g and values in 14 bits
    static constexpr uint32_t infinite = 0xFFFFFFFF;

    // `cancel` (optional): once set, searches stop at once and answer their
    // root bound (not cached).
    explicit PenaltyPatterns(const board::Board& board, int cache_bits = 18, int node_limit = default_node_limit,
                             const std::atomic<bool>* cancel = nullptr);

    // P for the state (see above), or 0 when no group needs more than its
    // lone-box distances (the caller's bound is then at least as good), or
    // `infinite` when a group is proven unsolvable alone.
    uint32_t bound(const uint64_t* boxes, board::Cell player);

    // The pattern value of the k cells (any order, 1..max_boxes) with the
    // player on `player`: a lower bound on the pushes they need alone, or
    // `infinite`. Through the table, as bound() uses it.
    uint32_t pattern_cost(const board::Cell* cells, int k, board::Cell player);

    uint64_t searches() const { return searches_; }
    uint64_t cache_hits() const { return cache_hits_; }
    uint64_t raised() const { return raised_; }  // bound() calls that returned a P > 0
    // False on levels whose cells do not fit the packed key (1023 or more).
    bool enabled() const { return enabled_; }

private:
    struct Sub {
        board::Cell box[max_boxes];
        board::Cell player;
        uint16_t g, f;
    };
    uint32_t search(Sub root);
    uint64_t key_of(const Sub& s) const;
    // The best g recorded for `key` in this search; records g when smaller.
    bool improve_closed(uint64_t key, uint16_t g);
    uint32_t lone_sum(const board::Cell* cells, board::Cell player) const;  // infinite if one is dead
    uint16_t nearest(board::Cell c, board::Cell player) const { return nearest_[c * 4 + board_.side(c, player)]; }

    const board::Board& board_;
    bool enabled_ = true;
    int node_limit_;
    const std::atomic<bool>* cancel_;
    int k_ = 0;                          // size of the group being searched
    std::vector<uint64_t> scratch_;      // the group's boxes as a bitset
    moves::Reachability area_;
    std::vector<uint16_t> nearest_;      // cells*4: min over goals of the lone-box distance
    std::vector<Sub> open_;              // binary heap: lowest f, then highest g
    std::vector<uint64_t> closed_;       // key << 14 | g, open addressing, stamp-cleared
    std::vector<uint32_t> closed_stamp_;
    int closed_shift_ = 0;
    uint32_t stamp_ = 0;
    int cache_shift_;
    std::vector<uint64_t> cache_;        // key << 14 | value (0x3FFF: infinite); 0 = empty
    // bound(): the state's boxes and their groups.
    std::vector<board::Cell> boxes_, order_;
    std::vector<int16_t> index_of_;      // cell -> index in boxes_, -1 otherwise
    std::vector<char> visited_, grouped_;
    uint64_t searches_ = 0, cache_hits_ = 0, raised_ = 0;
};

}  // namespace hdasoko::heuristic
