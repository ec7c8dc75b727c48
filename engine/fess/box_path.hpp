// Box paths: the pushes that bring one box from its square to a target with
// every other box standing still (Festival's and YASS's "box to goal" macro
// move). Breadth-first over (box square, side the player stands on), the
// player walking around the boxes between pushes; fewest pushes first. Used
// by the FESS packing advisor to fill the next goal of the packing order in
// one move. Holds its scratch space (one per search); the search calls it
// at most a few times per expansion.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::fess {

class BoxPath {
public:
    explicit BoxPath(const board::Board& board);

    // Pushes moving the box on `box` to `target` (the other boxes fixed, the
    // player on `player`), never onto a dead square; false when there are
    // none. With `area_cell`, the path must leave the player in the area
    // holding that cell (the box on `target` may split the free squares).
    // `boxes` is left as it was.
    bool find(uint64_t* boxes, board::Cell player, board::Cell box, board::Cell target,
              std::vector<moves::Push>& path, board::Cell area_cell = board::no_cell);

    // Every place the box on `box` can be pushed to (the other boxes fixed,
    // the player on `player`, never onto a dead square): one entry per
    // square and player area there, with the normalized player of that
    // state and the fewest pushes that reach it (FESS's box moves). `boxes`
    // is left as it was; `out` is cleared first.
    struct Destination {
        board::Cell to;
        board::Cell player;
        uint16_t pushes;
        int regions;  // separate areas of free squares with the box there (features.hpp)
    };
    // `area`: the player's area in `boxes` (moves::Reachability::area());
    // a box with no first push from it has no destinations, found without
    // a search.
    void destinations(uint64_t* boxes, board::Cell player, board::Cell box, const uint64_t* area,
                      std::vector<Destination>& out);

    // A box off the goals with a path to `target` (an empty goal) and that
    // path: the boxes are tried nearest first by their
    // distance alone on the board, at most max_tries of them (each try is
    // one find()); no_cell when none of those has a path.
    board::Cell nearest(uint64_t* boxes, board::Cell player, board::Cell target,
                        std::vector<moves::Push>& path);
    static constexpr size_t max_tries = 6;

    // The boxes in the way of `box` going to `target`: the path it would
    // take alone on the board (the player starting on `player`) is found,
    // and every other box on a square of it (where the box passes or the
    // player pushes from) is set in `blockers` (cleared first; words()
    // words). False when even alone it has no path. The lone path depends
    // only on (box, the player's side of it, target), so its squares are
    // kept per triple after the first search (searched afresh, they could
    // take nearly half of fess's time).
    // `squares` (optional) gets the lone path's squares themselves.
    bool blockers(const uint64_t* boxes, board::Cell player, board::Cell box, board::Cell target,
                  std::vector<uint64_t>& blockers, std::vector<uint64_t>* squares = nullptr);

    // The number of separate areas the free squares form around `boxes`
    // (FeatureVector::regions). The labelling is kept for the
    // destinations() of the same boxes, so an expansion that asks for both
    // floods the board once.
    int areas(const uint64_t* boxes) {
        label_areas(boxes);
        return areas_;
    }

private:
    // Breadth-first search over (box square, player side) from the box on
    // `box`; calls stop(square, area, pushes) for each state after the
    // start as it is dequeued (area: the player's piece, see piece()), and
    // ends at the first that returns true (its index into from_, or -1).
    // The box is lifted off `boxes` during the search.
    template <class Stop>
    int search(uint64_t* boxes, board::Cell player, board::Cell box, Stop&& stop);

    const board::Board& board_;
    std::vector<int32_t> from_;  // per (cell * 4 + side): the state it was reached from, -2 unvisited
    std::vector<int32_t> queue_;
    std::vector<std::pair<uint16_t, board::Cell>> ranked_;  // (distance alone, box)
    std::vector<uint64_t> alone_;  // one box on the board
    std::vector<moves::Push> alone_path_;
    std::vector<int> goal_index_;  // cell -> index into goals(), -1 off goals
    std::vector<uint16_t> depth_;  // per state of from_: pushes from the start
    board::Cell start_player_ = board::no_cell;  // search(): the normalized player at the start
    // Per (target goal, box cell, side): index of its squares in lone_squares_
    // (words() words each), not_searched, or no_path.
    std::vector<int32_t> lone_;
    std::vector<uint64_t> lone_squares_;
    static constexpr int32_t not_searched = -1, no_path = -2;

    // The free squares of a state, every box standing, as a depth-first
    // forest with Tarjan's low points: one tree per area, rooted at its
    // smallest square (label_areas(), once per state). A box of the state
    // lifted and standing on a square `at` instead: the free squares
    // without `at` are at's area cut into pieces (the subtree of a child
    // of `at` that no back edge joins to the squares above it, or the rest
    // of the tree) and the other areas as they are, and the lifted box's
    // square joins the pieces beside it into one. So one traversal per
    // state answers every box's search (a tree per box was a third of
    // fess-box-plan's instructions), and a piece's smallest square (the
    // normalized player) and the number of regions follow from the forest.
    void label_areas(const uint64_t* boxes);
    // search(): the box lifted off lifted_ (its free neighbours
    // lifted_next_) stands on `at` (lifted_: back on its square); the
    // pieces beside lifted_ are merged_.
    void place(board::Cell at);
    // The piece holding free square v (or lifted_) != at_: a child of at_
    // (its subtree cut off), rest(area) (an area, or what is left of at_'s
    // without the cut-off subtrees), or joined (the pieces lifted_ joins).
    int piece(board::Cell v) const;
    int forest_piece(board::Cell v) const;  // the same in the forest, lifted_ left out
    board::Cell piece_min(int piece) const;  // its smallest square (the normalized player)
    int regions() const;  // how many areas the free squares form with the box on at_
    static constexpr int joined = -1;
    static int rest(int area) { return -area - 2; }
    // (tin_ and parent_ of a cell are stale while it holds a box: label_ first.)
    bool child_of(board::Cell c, board::Cell at) const {
        return c != board::no_cell && label_[c] >= 0 && tin_[c] > tin_[at] && parent_[c] == at;
    }
    std::vector<int16_t> tin_, tout_, low_;  // preorder number, last preorder number in the subtree, low point
    std::vector<board::Cell> parent_, submin_;  // submin_: the subtree's smallest square
    std::vector<std::pair<board::Cell, int8_t>> dfs_stack_;
    std::vector<int16_t> label_;             // per cell: its area, -1 on a box
    std::vector<board::Cell> area_root_;     // per area: its root, its smallest square
    board::Cell at_ = board::no_cell, lifted_ = board::no_cell;
    board::Cell lifted_next_[4];
    int lifted_k_ = 0;
    int merged_[4];
    int merged_k_ = 0;
    board::Cell cut_[4];  // place(): at_'s children whose subtrees are cut off
    int cut_k_ = 0;
    int at_area_ = -2;    // at_'s area (-2: at_ is lifted_)
    // destinations(): per cell the last destination found on it (-1: none;
    // reset on return) and per destination the one before it on its cell.
    std::vector<int32_t> first_at_, next_at_;
    std::vector<uint64_t> labelled_;
    int areas_ = 0;
};

}  // namespace hdasoko::fess
