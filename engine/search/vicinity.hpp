// Vicinity: the box configurations a solution passes through, and the
// states whose boxes are near one of them; a search restricted to it looks
// for a shorter solution among small changes of a known one (the vicinity
// search of solution optimizers such as Brian Damgaard's YASO, as the
// Sokoban wiki describes it). A state is in the vicinity when its boxes
// differ from the boxes of some configuration on the solution by at most
// `boxes_off` boxes (each such box on another square).
//
// Not a proof of anything: a search with Options::vicinity explores a
// subgraph of the level, so a solution it finds is a real solution (every
// state on it is reached by pushes from the start) but not a shortest one,
// and "no solution" or its lower bound says nothing about the level. Only
// answer improvement uses it (improve_in_vicinity below: `solve --mode any
// --improve`, and the optimal portfolio's improver, which lowers the bound
// the provers prune with), and it never marks a result optimal.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"
#include "search/search.hpp"

namespace hdasoko::search {

class Vicinity {
public:
    // The configurations of `pushes` applied from the initial state (each
    // run of a tunnel macro unrolled), and the states within `boxes_off`
    // boxes of one.
    Vicinity(const board::Board& board, const std::vector<moves::Push>& pushes, int boxes_off);

    // True when the boxes (the board's words) differ from some
    // configuration of the solution in at most boxes_off() boxes.
    bool contains(const uint64_t* boxes) const {
        for (size_t at = 0; at < configurations_.size(); at += words_) {
            int differ = 0;  // squares holding a box in one of the two: twice the boxes moved
            for (int w = 0; w < words_ && differ <= limit_; ++w)
                differ += __builtin_popcountll(boxes[w] ^ configurations_[at + w]);
            if (differ <= limit_) return true;
        }
        return false;
    }
    int boxes_off() const { return limit_ / 2; }
    size_t configurations() const { return configurations_.size() / words_; }

private:
    int words_;
    int limit_;
    std::vector<uint64_t> configurations_;  // words_ words each, duplicates left out
};

// Vicinity searches for a solution shorter than `pushes`: HDA* in A* order
// with options' bound and threads, pruned by the shorter of `pushes` and
// options.shared_bound, over the vicinity of k boxes, k = 1 to
// max_vicinity_boxes; each shorter solution found is passed to better()
// and, when it takes it (returns true), the searches start again at k = 1
// around it. Each search has half of the time left of
// options.limits.time_limit_s (0: no limit). Returns the counts of every
// search run. Nothing it finds or fails to find is a proof.
constexpr int max_vicinity_boxes = 3;
SearchStats improve_in_vicinity(const board::Board& board, const Options& options, std::vector<moves::Push> pushes,
                                const std::function<bool(const SearchResult&)>& better);

}  // namespace hdasoko::search
