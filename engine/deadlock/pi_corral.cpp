// PI-corral detection: label the corrals (components of free cells off the
// player's area), check each one alone, then all of them together (a box
// between two corrals can make each fail alone), and keep the one with the
// fewest pushes. Cost per expanded state: O(cells).
#include "deadlock/pi_corral.hpp"

#include "state/state.hpp"

namespace hdasoko::deadlock {

using board::Cell;
using board::no_cell;

PiCorral::PiCorral(const board::Board& board)
    : board_(board), label_(board.cells(), -1), boxes_of_(board.words()) {
    stack_.reserve(board.cells());
}

int PiCorral::check(const uint64_t* boxes, const moves::Reachability& area, int first, int last) {
    const int words = board_.words();
    auto in_corral = [&](Cell c) { return label_[c] >= first && label_[c] <= last; };
    std::fill(boxes_of_.begin(), boxes_of_.end(), 0);
    bool unsolved = false;
    for (Cell c = 0; c < board_.cells(); ++c) {
        if (!in_corral(c)) continue;
        unsolved |= board_.is_goal(c);  // a free goal inside
        for (int d = 0; d < 4; ++d) {
            Cell n = board_.neighbor(c, d);
            if (n != no_cell && state::has_box(boxes, n)) state::set_box(boxes_of_.data(), n);
        }
    }
    int pushes = 0;
    bool pi = true;
    state::for_each_box(boxes_of_.data(), words, [&](Cell b) {
        if (!pi) return;
        unsolved |= !board_.is_goal(b);
        for (int d = 0; d < 4; ++d) {
            Cell to = board_.neighbor(b, d);
            Cell behind = board_.neighbor(b, board::opposite(d));
            // Pushes that cannot happen before a corral box moves.
            if (to == no_cell || behind == no_cell) continue;
            if (state::has_box(boxes_of_.data(), to) || state::has_box(boxes_of_.data(), behind)) continue;
            if (!state::has_box(boxes, behind) && in_corral(behind)) continue;  // player would be inside
            if (!state::has_box(boxes, to) && in_corral(to)) {
                // Into the corral: the player must be able to make it now (P).
                if (state::has_box(boxes, behind) || !area.reached(behind)) {
                    pi = false;
                    return;
                }
                ++pushes;
            } else {
                pi = false;  // a push out of or along the corral (I fails)
                return;
            }
        }
    });
    return pi && unsolved ? pushes : -1;
}

CorralVerdict PiCorral::analyze(const uint64_t* boxes, const moves::Reachability& area,
                                std::vector<uint64_t>& only_boxes) {
    const int cells = board_.cells();
    std::fill(label_.begin(), label_.end(), -1);
    int corrals = 0;
    for (Cell s = 0; s < cells; ++s) {
        if (label_[s] >= 0 || state::has_box(boxes, s) || area.reached(s)) continue;
        label_[s] = static_cast<int16_t>(corrals);
        stack_.assign(1, s);
        while (!stack_.empty()) {
            Cell c = stack_.back();
            stack_.pop_back();
            for (int d = 0; d < 4; ++d) {
                Cell n = board_.neighbor(c, d);
                if (n == no_cell || label_[n] >= 0 || state::has_box(boxes, n)) continue;
                label_[n] = static_cast<int16_t>(corrals);
                stack_.push_back(n);
            }
        }
        ++corrals;
    }
    if (corrals == 0) return CorralVerdict::none;

    int best = -1;
    auto consider = [&](int first, int last) {
        int pushes = check(boxes, area, first, last);
        if (pushes < 0 || (best >= 0 && pushes >= best)) return;
        best = pushes;
        only_boxes = boxes_of_;
    };
    for (int k = 0; k < corrals && best != 0; ++k) consider(k, k);
    if (corrals > 1 && best != 0) consider(0, corrals - 1);
    if (best < 0) return CorralVerdict::none;
    return best == 0 ? CorralVerdict::dead : CorralVerdict::restrict;
}

}  // namespace hdasoko::deadlock
