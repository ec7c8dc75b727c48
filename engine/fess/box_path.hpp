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
    // kept per triple after the first search (about 40 % of fess's time
    // went to these searches on XSokoban 29 before).
    bool blockers(const uint64_t* boxes, board::Cell player, board::Cell box, board::Cell target,
                  std::vector<uint64_t>& blockers);

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
    // open_known: `boxes` are the ones label_areas() saw last (open_ holds
    // their free neighbours), as in destinations().
    template <class Stop>
    int search(uint64_t* boxes, board::Cell player, board::Cell box, bool open_known, Stop&& stop);

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

    // search(): the free squares with the moving box lifted, as a
    // depth-first tree from the player with Tarjan's low points. With the
    // box on a square `at` of the tree, the player's area is a piece of it:
    // the subtree of a child of `at` that no back edge joins to the squares
    // above `at`, or the rest of the tree. So one traversal per search
    // replaces a flood fill per square the box visits (half of fess-box's
    // time went to those floods and to counting regions per child), and
    // the regions of each destination follow from the pieces and from the
    // areas outside the tree (label_areas()).
    template <bool open_known>
    void build_tree(const uint64_t* boxes, board::Cell root);
    // The piece holding tree square v != at when the box stands on `at`:
    // the child of `at` whose subtree holds v if that subtree is cut off
    // (no back edge from it above `at`; every child when `at` is the
    // root), else -1 for the rest of the tree.
    int piece(board::Cell v, board::Cell at) const;
    board::Cell piece_min(int piece, board::Cell at) const;  // its smallest square (the normalized player)
    int pieces(board::Cell at) const;  // how many pieces the tree falls into with the box on `at`
    bool in_tree(board::Cell v) const { return tin_[v] >= 0; }
    bool child_of(board::Cell c, board::Cell at) const {
        return c != board::no_cell && tin_[c] > tin_[at] && parent_[c] == at;
    }
    std::vector<int16_t> tin_, tout_, low_;  // preorder number, last preorder number in the subtree, low point
    std::vector<board::Cell> parent_, submin_, order_;  // order_: the squares in preorder, order_size_ of them
    size_t order_size_ = 0;
    // The smallest square of each prefix and suffix of order_, for the
    // piece holding the root (piece_min()); found on first use after a
    // build_tree(): a find() needs them only for the start (a quarter of
    // build_tree's time went to them).
    void order_minima() const;
    mutable std::vector<board::Cell> prefix_min_, suffix_min_;
    mutable bool minima_ = false;
    std::vector<std::pair<board::Cell, int8_t>> dfs_stack_;
    board::Cell root_ = board::no_cell;
    // destinations(), areas(): the areas of free squares of the boxes last
    // seen (labelled_), labelled once per state rather than flooded per box.
    void label_areas(const uint64_t* boxes);
    std::vector<int16_t> label_;  // per cell: its area, -1 on a box
    // Per cell and direction: the neighbour there when it holds no box of
    // labelled_, else no_cell; kept for the free cells (label_areas() fills
    // it as it floods them) and for a box's cell while search() lifts it.
    // build_tree() reads it instead of testing the boxes at every step.
    std::vector<board::Cell> open_;
    // destinations(): per cell the last destination found on it (-1: none;
    // reset on return) and per destination the one before it on its cell.
    std::vector<int32_t> first_at_, next_at_;
    std::vector<uint64_t> labelled_;
    int areas_ = 0;
};

}  // namespace hdasoko::fess
