// Patterns of five maze boxes for the PDB bound's maze part: the groups of
// five boxes of the initial state whose value G_5 (group_pdb.hpp's
// definition, one box more) lies above their best split into groups of four
// and fewer, found by small searches before the search, in the manner of
// Rolling Stone's pattern searches. A table of every group of five would not
// fit (XSokoban 62's maze: about 10^8 groups); the boxes that interact that
// way in the hard levels are mostly ones the solution leaves where they
// start for a long while (XSokoban 62: five boxes around its middle keep
// every state of the best solution's first 67 pushes 2 short with groups of
// four, and a pattern of those five makes it exact from push 6 on).
//
// Definition. For five maze boxes S (every other box removed) and the player
// on p, G_5(S, p) is the minimum, over push sequences of that five-box level
// whose boxes stay on maze squares, of
//     pushes until the first of the five reaches the entrance v
//   + G_4(the other four, the player's square at that moment).
// Admissible for the sum of pre(x) over the five (the pushes each makes
// before its first arrival at v, pdb.hpp), by group_pdb.hpp's induction with
// K = 5: in a solution, restricted to S, the pushes up to the first arrival
// of one of S at v form such a sequence (before its first arrival a maze box
// stays on maze squares; the other boxes only change where the player is),
// and what the other four push before their own arrivals is at least G_4 of
// their squares and the player's then. So a maze part that scores a pattern
// by G_5 and the other maze boxes by the usual split (disjoint groups) stays
// admissible.
//
// The search is A* over the five boxes' squares and the normalized player,
// h the sum of lone-box distances to v (admissible: a box's side of the
// player does not change until it is pushed), re-expanding a configuration
// reached with a smaller g; a push onto v is a terminal whose f is exact. So
// the first terminal popped is G_5, and a search cut off by its node limit
// returns the smallest f in its open list, which is at most G_5 (some entry
// lies on an optimal path with its optimal g), still admissible. No terminal
// at all: the five never reach v, the state is a deadlock.
//
// A pattern holds its five squares and, per player area of the five-box
// level, its value; any player square in the area gives the same G_5 and the
// same split (the smaller groups' areas are unions of these). Built once per
// level after the group databases, then read-only, shared by every worker.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "board/board.hpp"
#include "heuristic/build_stop.hpp"

namespace hdasoko::heuristic {

class Pdb;
class GroupPdb;

class FivePatterns {
public:
    static constexpr int size = 5;
    static constexpr int default_node_limit = 1000;  // configurations per search
    static constexpr uint16_t no_area = 0xFF;

    struct Pattern {
        board::Cell box[size];          // ascending
        std::vector<uint8_t> area;      // per cell: its area of the five-box level, no_area on a box or wall
        std::vector<uint16_t> value;    // per area: G_5, board::unreachable when the five are dead there
        uint16_t at(board::Cell player) const { return value[area[player]]; }
    };

    // Searches the groups of five of the initial maze boxes that lie close
    // together (each within three squares, king-wise, of another), or all of
    // them when there are few, and keeps those that beat their split in some
    // area; the searches run on up to `threads` threads. `pairs` must have
    // its group databases of 3 and 4; stops early (keeping what it found:
    // every pattern is admissible alone) when `stop` says so.
    FivePatterns(const board::Board& board, const Pdb& pairs, const BuildStop& stop = {}, int threads = 1,
                 int node_limit = default_node_limit);

    const std::vector<Pattern>& patterns() const { return patterns_; }
    int searches() const { return searches_; }
    uint64_t bytes() const;
    double build_seconds() const { return build_seconds_; }

    // G_5 of five distinct maze boxes with the player on p (not on one of
    // them), by the search above; board::unreachable when dead. Exposed for
    // the tests.
    uint16_t search(const board::Cell* boxes, board::Cell p) const;

private:
    // The pattern of the five (ascending), if it beats its split in some
    // area; counts its searches.
    std::optional<Pattern> examine(const board::Cell* boxes, std::atomic<int>& searches) const;
    // The best split of the five (ascending) into groups of at most four,
    // the player on p; board::unreachable when a part is dead.
    int split(const board::Cell* boxes, board::Cell p) const;

    const board::Board& board_;
    const Pdb& pairs_;
    const GroupPdb* triples_;
    const GroupPdb* quads_;
    int node_limit_;
    std::vector<Pattern> patterns_;
    int searches_ = 0;
    double build_seconds_ = 0;
};

}  // namespace hdasoko::heuristic
