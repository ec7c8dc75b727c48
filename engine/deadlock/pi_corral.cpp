// PI-corral detection: label the corrals (components of free cells off the
// player's area), check each one alone, joining the others its failed
// pushes lead to until it passes or cannot be mended, then all of them
// together, and keep the one with the fewest pushes. Each check reads only
// the cells of its union.
#include "deadlock/pi_corral.hpp"

#include "state/state.hpp"

namespace hdasoko::deadlock {

using board::Cell;
using board::no_cell;

namespace {
constexpr uint8_t out = 0, member = 1, queued = 2;  // in_union_ values
}  // namespace

PiCorral::PiCorral(const board::Board& board, bool unions)
    : board_(board), label_(board.cells(), -1), boxes_of_(board.words()), unions_(unions) {
    stack_.reserve(board.cells());
    cells_.reserve(board.cells());
}

bool PiCorral::mend(const uint64_t* boxes, Cell c) {
    auto join = [&](Cell n) {
        const int k = label_[n];
        if (k < 0 || in_union_[k] == member) return false;
        if (in_union_[k] == out) {
            in_union_[k] = queued;
            merge_.push_back(k);
        }
        return true;
    };
    if (!state::has_box(boxes, c)) return join(c);
    // A box outside the union: joining a corral beside it makes it one of the union's boxes.
    bool found = false;
    for (int d = 0; d < 4; ++d) {
        const Cell n = board_.neighbor(c, d);
        if (n != no_cell && !state::has_box(boxes, n)) found |= join(n);
    }
    return found;
}

int PiCorral::check(const uint64_t* boxes, const moves::Reachability& area) {
    const int words = board_.words();
    auto in_corral = [&](Cell c) { return label_[c] >= 0 && in_union_[label_[c]] == member; };
    std::fill(boxes_of_.begin(), boxes_of_.end(), 0);
    merge_.clear();
    bool unsolved = false;
    for (int k : union_)
        for (int i = first_[k]; i < first_[k + 1]; ++i) {
            const Cell c = cells_[i];
            unsolved |= board_.is_goal(c);  // a free goal inside
            for (int d = 0; d < 4; ++d) {
                Cell n = board_.neighbor(c, d);
                if (n != no_cell && state::has_box(boxes, n)) state::set_box(boxes_of_.data(), n);
            }
        }
    int pushes = 0;
    bool pi = true, mendable = true;
    state::for_each_box(boxes_of_.data(), words, [&](Cell b) {
        if (!mendable) return;
        unsolved |= !board_.is_goal(b);
        for (int d = 0; d < 4 && mendable; ++d) {
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
                    mendable = mend(boxes, behind);
                    continue;
                }
                ++pushes;
            } else {
                pi = false;  // a push out of or along the corral (I fails)
                const bool by_to = mend(boxes, to);
                mendable = mend(boxes, behind) || by_to;
            }
        }
    });
    if (!mendable) {
        for (int k : merge_) in_union_[k] = out;
        merge_.clear();
    }
    return pi && unsolved ? pushes : -1;
}

CorralVerdict PiCorral::analyze(const uint64_t* boxes, const moves::Reachability& area,
                                std::vector<uint64_t>& only_boxes) {
    const int cells = board_.cells();
    std::fill(label_.begin(), label_.end(), -1);
    cells_.clear();
    first_.assign(1, 0);
    int corrals = 0;
    for (Cell s = 0; s < cells; ++s) {
        if (label_[s] >= 0 || state::has_box(boxes, s) || area.reached(s)) continue;
        label_[s] = static_cast<int16_t>(corrals);
        stack_.assign(1, s);
        while (!stack_.empty()) {
            Cell c = stack_.back();
            stack_.pop_back();
            cells_.push_back(c);
            for (int d = 0; d < 4; ++d) {
                Cell n = board_.neighbor(c, d);
                if (n == no_cell || label_[n] >= 0 || state::has_box(boxes, n)) continue;
                label_[n] = static_cast<int16_t>(corrals);
                stack_.push_back(n);
            }
        }
        ++corrals;
        first_.push_back(static_cast<int>(cells_.size()));
    }
    corrals_ = corrals;
    chosen_ = 0;
    if (corrals == 0) return CorralVerdict::none;
    in_union_.assign(corrals, out);

    int best = -1;
    bool tried_all = false;
    auto consider = [&](int pushes) {
        if (pushes < 0 || (best >= 0 && pushes >= best)) return;
        best = pushes;
        only_boxes = boxes_of_;
        chosen_ = static_cast<int>(union_.size());
    };
    for (int k = 0; k < corrals && best != 0; ++k) {
        union_.assign(1, k);
        in_union_[k] = member;
        while (true) {
            const int pushes = check(boxes, area);
            if (pushes >= 0 || merge_.empty() || !unions_) {
                consider(pushes);
                break;
            }
            for (int j : merge_) in_union_[j] = member;
            union_.insert(union_.end(), merge_.begin(), merge_.end());
        }
        tried_all |= static_cast<int>(union_.size()) == corrals;
        for (int j : union_) in_union_[j] = out;
    }
    if (!tried_all && best != 0) {
        union_.clear();
        for (int k = 0; k < corrals; ++k) {
            union_.push_back(k);
            in_union_[k] = member;
        }
        consider(check(boxes, area));  // every corral is in: nothing to join
    }
    if (best < 0) return CorralVerdict::none;
    return best == 0 ? CorralVerdict::dead : CorralVerdict::restrict;
}

}  // namespace hdasoko::deadlock
