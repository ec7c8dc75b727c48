// The PDB bounds (pdb, pdb-static): maze part from the pattern database,
// goal part from the min-cost matching with maze boxes on the entrance. The
// goal part is incremental as the matching bound is (one row changes per
// push, none when a maze box moves within the maze); the maze part is scored
// afresh per child: O(k^2) table reads and the partition for k maze boxes.
// The matching bound's "parent - 1" shortcut applies to the goal part only,
// and only to pushes that keep the box out of the maze (see below); the maze
// part has no such property (it is not consistent).
#include <algorithm>
#include <cassert>

#include "heuristic/heuristic.hpp"
#include "state/state.hpp"

namespace hdasoko::heuristic {

using board::Cell;

void Heuristic::fill_pdb_rows(const uint64_t* boxes, Cell player, std::vector<Cell>& maze) {
    maze.clear();
    int row = 0;
    state::for_each_box(boxes, board_.words(), [&](Cell c) {
        if (pdb_->in_maze(c)) maze.push_back(c);
        fill_row(row++, c, player);
    });
}

uint32_t Heuristic::maze_part(const Cell* maze, int k, Cell player) {
    uint32_t total = 0;
    if (kind_ == Kind::pdb_static) {
        // Neighbours in cell order pair up; an odd last box counts alone.
        for (int i = 0; i + 1 < k; i += 2) {
            const uint16_t both = pdb_->pair(maze[i], maze[i + 1], player);
            if (both == board::unreachable) return dead;
            total += both;
        }
        if (k % 2) {
            const uint16_t alone = pdb_->single(maze[k - 1], player);
            if (alone == board::unreachable) return dead;
            total += alone;
        }
        return total;
    }
    int* single = &gain_[0];  // the diagonal holds the singles while the gains are filled
    for (int i = 0; i < k; ++i) {
        const uint16_t alone = pdb_->single(maze[i], player);
        if (alone == board::unreachable) return dead;
        single[i * k + i] = alone;
        total += alone;
    }
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j) {
            const uint16_t both = pdb_->pair(maze[i], maze[j], player);
            if (both == board::unreachable) return dead;  // the pair never reaches the entrance
            // A pair never scores below its singles (pdb.hpp); the gain is
            // what pairing them adds.
            const int gain = static_cast<int>(both) - gain_[i * k + i] - gain_[j * k + j];
            assert(gain >= 0);
            gain_[i * k + j] = gain_[j * k + i] = std::max(gain, 0);
        }
    for (int i = 0; i < k; ++i) {
        if (triples_) single_[i] = gain_[i * k + i];
        gain_[i * k + i] = 0;
    }
    const int pairing = partition_.max_pairing(k, gain_.data());
    if (!triples_ || k < 3) return total + pairing;
    const int bonus = group_bonus(maze, k, player, pairing);
    if (bonus < 0) return dead;
    const uint32_t split = total + pairing + bonus;
    return fives_ && !scoring_rest_ && k >= FivePatterns::size ? with_fives(maze, k, player, split) : split;
}

// A pattern and the other maze boxes are disjoint groups, each scored
// admissibly (five_patterns.hpp), so their sum bounds the maze part as the
// split does; a pattern dead in the player's area makes the state dead.
uint32_t Heuristic::with_fives(const Cell* maze, int k, Cell player, uint32_t split) {
    uint32_t best = split;
    for (const FivePatterns::Pattern& pattern : fives_->patterns()) {
        // The maze boxes are in cell order, as the pattern's.
        rest_.clear();
        int m = 0;
        for (int i = 0; i < k; ++i) {
            if (m < FivePatterns::size && maze[i] == pattern.box[m]) ++m;
            else if (m < FivePatterns::size && maze[i] > pattern.box[m]) break;  // pattern.box[m] holds no box
            else rest_.push_back(maze[i]);
        }
        if (m < FivePatterns::size) continue;
        const uint16_t value = pattern.at(player);
        if (value == board::unreachable) return dead;
        scoring_rest_ = true;
        const uint32_t rest = maze_part(rest_.data(), k - FivePatterns::size, player);
        scoring_rest_ = false;
        if (rest == dead) return dead;
        best = std::max(best, value + rest);
    }
    return best;
}

// Any disjoint groups, pairs and singles give an admissible maze part
// (group_pdb.hpp), so the search for a good split may be greedy: the
// groups that score above their own best split into smaller ones (few: the
// databases mark the groups that never do, and the pairs and triples that
// are part of none, so that most are never read), taken in order of that
// excess, each of the first few tried first, and the best pairing of the
// boxes they leave.
int Heuristic::group_bonus(const Cell* maze, int k, Cell player, int pairing) {
    int* const index = list_index_.data();
    for (int i = 0; i < k; ++i) index[i] = triples_->index_of(maze[i]);
    candidates_.clear();
    auto gain_of = [&](const int* box, int size, uint16_t value) {
        int gain = value;
        for (int m = 0; m < size; ++m) gain -= single_[box[m]];
        return gain;
    };
    auto pair_gain = [&](int a, int b) { return gain_[a * k + b]; };
    for (int b = 1; b < k; ++b)
        for (int a = 0; a < b; ++a) {
            const int ab[2] = {index[a], index[b]};
            const bool in_triple = triples_->part_beats(ab, 2), in_quad = quads_ && quads_->part_beats(ab, 2);
            if (!in_triple && !in_quad) continue;
            for (int c = b + 1; c < k; ++c) {
                const int abc[3] = {index[a], index[b], index[c]};
                if (in_triple && triples_->beats_split(abc)) {
                    const uint16_t t = triples_->value_at(abc, player);
                    if (t == board::unreachable) return -1;  // the three never all reach the entrance
                    const int boxes[3] = {a, b, c};
                    const int gain = gain_of(boxes, 3, t);
                    const int excess = gain - std::max({pair_gain(a, b), pair_gain(a, c), pair_gain(b, c)});
                    if (excess > 0) candidates_.push_back({excess, gain, 3, {a, b, c, 0}});
                }
                if (!in_quad || !quads_->part_beats(abc, 3)) continue;
                for (int d = c + 1; d < k; ++d) {
                    const int abcd[4] = {index[a], index[b], index[c], index[d]};
                    if (!quads_->beats_split(abcd)) continue;
                    const uint16_t q = quads_->value_at(abcd, player);
                    if (q == board::unreachable) return -1;
                    const int boxes[4] = {a, b, c, d};
                    const int gain = gain_of(boxes, 4, q);
                    // Its best split: two pairs, or a triple and a single.
                    int split = std::max({pair_gain(a, b) + pair_gain(c, d), pair_gain(a, c) + pair_gain(b, d),
                                          pair_gain(a, d) + pair_gain(b, c)});
                    for (int drop = 0; drop < 4 && split < gain; ++drop) {
                        int three[3], of[3], m = 0;
                        for (int i = 0; i < 4; ++i)
                            if (i != drop) {
                                three[m] = abcd[i];
                                of[m++] = boxes[i];
                            }
                        const uint16_t t = triples_->value_at(three, player);
                        if (t != board::unreachable) split = std::max(split, gain_of(of, 3, t));
                    }
                    if (gain > split) candidates_.push_back({gain - split, gain, 4, {a, b, c, d}});
                }
            }
        }
    if (candidates_.empty()) return 0;
    std::sort(candidates_.begin(), candidates_.end(),
              [](const Group& x, const Group& y) { return x.excess > y.excess; });
    int best = pairing;
    const int tries = std::min<int>(static_cast<int>(candidates_.size()), max_group_tries);
    for (int first = 0; first < tries; ++first) {
        std::fill(used_.begin(), used_.begin() + k, 0);
        int sum = 0;
        auto take = [&](const Group& g) {
            for (int m = 0; m < g.size; ++m)
                if (used_[g.box[m]]) return;
            for (int m = 0; m < g.size; ++m) used_[g.box[m]] = 1;
            sum += g.gain;
        };
        take(candidates_[first]);
        for (const Group& g : candidates_) take(g);
        std::copy(gain_.begin(), gain_.begin() + static_cast<size_t>(k) * k, rest_gain_.begin());
        for (int i = 0; i < k; ++i) {
            if (!used_[i]) continue;
            for (int j = 0; j < k; ++j) rest_gain_[i * k + j] = rest_gain_[j * k + i] = 0;
        }
        best = std::max(best, sum + partition_.max_pairing(k, rest_gain_.data()));
    }
    return best - pairing;
}

uint32_t Heuristic::evaluate_pdb(const uint64_t* boxes, Cell player) {
    fill_pdb_rows(boxes, player, child_maze_);
    const uint32_t maze = maze_part(child_maze_.data(), static_cast<int>(child_maze_.size()), player);
    if (maze == dead) return dead;
    int goal = hungarian_.solve(board_.boxes(), cost_.data());
    if (goal < 0) return dead;
    if (conflicts_) {
        int row = 0;
        state::for_each_box(boxes, board_.words(), [&](Cell c) { row_cell_[row++] = c; });
        const int bonus = conflicts_base(player);
        if (bonus < 0) return dead;
        goal = std::max(goal, dual_sum_ + bonus);
    }
    return maze + static_cast<uint32_t>(goal);
}

uint32_t Heuristic::evaluate_push_pdb(Cell from, Cell to, Cell player, int pushes) {
    assert(parent_h_ != dead);
    const int n = board_.boxes();
    const bool was_maze = pdb_->in_maze(from), is_maze = pdb_->in_maze(to);
    // The child's maze boxes, still in cell order.
    child_maze_.clear();
    for (Cell c : maze_) {
        if (c == from) continue;
        if (is_maze && to < c && (child_maze_.empty() || child_maze_.back() < to)) child_maze_.push_back(to);
        child_maze_.push_back(c);
    }
    if (is_maze && (child_maze_.empty() || child_maze_.back() < to)) child_maze_.push_back(to);
    const uint32_t maze = maze_part(child_maze_.data(), static_cast<int>(child_maze_.size()), player);
    if (maze == dead) return dead;
    if (was_maze && is_maze) {  // the goal part's rows are unchanged, and its pairs (a maze box pairs with none)
        const uint32_t goal = conflicts_ ? std::max<uint32_t>(parent_h_, dual_sum_ + base_bonus_) : parent_h_;
        return maze + goal;
    }
    const int row = row_of_[from];
    int* r = &cost_[static_cast<size_t>(row) * n];
    std::copy(r, r + n, parent_row_.begin());
    if (is_maze) std::copy(pdb_->entrance_row(), pdb_->entrance_row() + n, r);
    else fill_row(row, to, player);
    int goal;
    const int col = hungarian_.column_of(row);
    if (!was_maze && !is_maze && r[col] < Hungarian::forbidden && r[col] == parent_row_[col] - pushes) {
        // The box moved within the goal zone and the entrance, where its row
        // holds lone-box distances: no entry drops by more than one per push
        // (the push is a lone-box move), so a drop of `pushes` at its matched
        // goal keeps the parent's matching optimal (as the matching bound's
        // shortcut). Not for a box entering or leaving the maze: the entrance
        // row is a minimum over sides and may sit far below the distances it
        // replaces.
        goal = static_cast<int>(parent_h_) - pushes;
    } else {
        goal = hungarian_.resolve_row(n, cost_.data(), row);
    }
    if (conflicts_ && goal >= 0) {
        const uint32_t with_pairs = conflicts_child(row, to, player, is_maze);
        goal = with_pairs == dead ? -1 : std::max(goal, static_cast<int>(with_pairs));
    }
    std::copy(parent_row_.begin(), parent_row_.end(), r);
    return goal < 0 ? dead : maze + static_cast<uint32_t>(goal);
}

}  // namespace hdasoko::heuristic
