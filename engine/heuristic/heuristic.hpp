// engine/heuristic: admissible lower bounds on the pushes left (h).
// simple: each box's nearest goal, summed (boxes may share a goal).
// matching: minimum-cost perfect matching of boxes to goals (Hungarian); no
// perfect matching means the state is a deadlock. Both read board/'s
// player-side-aware push distances, which makes both consistent: a push
// changes one box's row by at most one and no other box's side.
// pdb, pdb-static: maze part + goal part over the two-box pattern database
// (heuristic/pdb.hpp, after Pereira, Ritt and Buriol). Maze part: the maze
// boxes split into pairs scored by the PDB and singles scored by their
// lone-box distance to the entrance; pdb takes the best split (dynamic
// partitioning, heuristic/partition.hpp), pdb-static pairs them in cell order
// (neighbours in a row pair up). Goal part: the min-cost matching with every
// maze box on the entrance (cost row Pdb::entrance_row()) and the other boxes
// where they are. With groups (Options::pdb_group: 3 or 4) the maze part
// also splits off triples (and groups of four) scored by the databases of
// group_pdb.hpp, where such a group scores above its split into smaller ones;
// with 5, each pattern of five (five_patterns.hpp) whose boxes all stand
// where it has them is scored by its value plus the usual split of the other
// maze boxes, and the maze part is the larger of that and the split.
// Admissible (see pdb.hpp: the maze part bounds the pushes
// before each maze box first reaches the entrance, the goal part those
// after). Not consistent in general, so the searches reopen (they do): a
// push lowers each PDB value and single by at most one (a push is a move of
// the two-box level) and leaves the pairs without the pushed box alone, so
// the exact best split drops by at most one; but a box pushed off the
// entrance back into the maze swaps its goal row for the entrance row, a
// minimum over the maze sides that can sit far lower, and components of more
// than Partition::exact_limit boxes are paired greedily, not best. Levels
// without an entrance use the matching bound.
// A Heuristic holds scratch space: one per worker, no allocation per call.
// Children are evaluated incrementally from their parent: set_parent() once
// per expansion, then evaluate_push() per child (only the pushed box's row
// changes; the other boxes keep their player side). For the PDB kinds only
// the goal part is incremental; the maze part is scored afresh per child.
// set_parent() is incremental too (matching and PDB kinds): a box keeps its
// row from one parent to the next, the boxes that moved take the rows of
// the squares they left, and only the rows whose costs differ are matched
// again (Hungarian::update), so that a parent one push from the last (a
// search diving along its best line) costs O(n^2), not a fresh O(n^3)
// matching (which was half of A*'s time with the PDB bound).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/pull_distances.hpp"
#include "heuristic/hungarian.hpp"
#include "heuristic/pair_conflicts.hpp"
#include "heuristic/partition.hpp"
#include "heuristic/pdb.hpp"
#include "heuristic/group_pdb.hpp"
#include "heuristic/five_patterns.hpp"

namespace hdasoko::heuristic {

enum class Kind { simple, matching, pdb, pdb_static };

// Parses "simple" / "matching" / "pdb" / "pdb-static"; false for anything else.
bool parse_kind(const std::string& name, Kind& kind);
const char* kind_name(Kind kind);

// What evaluate() returns for a state it proves dead.
constexpr uint32_t dead = 0xFFFFFFFF;

class Heuristic {
public:
    // The PDB kinds read `pdb` (shared, read-only; it must outlive this);
    // without one, or when it is not available, they fall back to matching.
    // With `conflicts` (shared, read-only; it must outlive this) the matching
    // and PDB kinds add pair conflicts (heuristic/pair_conflicts.hpp) to
    // their matching: the bound becomes the larger of the two.
    // With `group` 3 or 4 the PDB kinds' maze part also scores groups of up
    // to that many maze boxes by the group databases (pdb->group(), those
    // built); with 5 also the patterns of five (pdb->fives(), when built).
    Heuristic(const board::Board& board, Kind kind, const Pdb* pdb = nullptr,
              const PairConflicts* conflicts = nullptr, int group = 2);
    // The patterns of five off or on again (between evaluations: on when
    // constructed with them). Returns whether the bound has them to turn.
    bool use_fives(bool on) {
        fives_ = on ? fives_built_ : nullptr;
        return fives_built_ != nullptr;
    }
    // The reverse search's bound: the matching of boxes to the initial box
    // squares on pull distances (`pulls` must outlive this); the player is
    // not read. Consistent as the push matching is: a pull moves one box one
    // square, which lowers each of its distances by at most one.
    Heuristic(const board::Board& board, const board::PullDistances& pulls);

    // Lower bound for the boxes with the (normalized) player on `player`,
    // or `dead`.
    uint32_t evaluate(const uint64_t* boxes, board::Cell player);

    // Keeps `boxes` as the base of evaluate_push(); returns the base bound
    // (as evaluate()), for the PDB kinds the goal part alone.
    uint32_t set_parent(const uint64_t* boxes, board::Cell player);
    // The bound after the box on `from` is pushed to `to` by `pushes` pushes
    // (more than one: a tunnel macro), with the child's player on `player`;
    // equals evaluate() on the child (without pair conflicts; with them at
    // least the bound without: the conflicts' potentials are the parent's,
    // with the pushed box's own made feasible, where evaluate() solves afresh,
    // and a different optimum of the potentials gives different extras).
    uint32_t evaluate_push(board::Cell from, board::Cell to, board::Cell player, int pushes = 1);

    Kind kind() const { return kind_; }

private:
    // The cost row of the box on `box` (n goals): push distances from the
    // player's side, forbidden where unreachable; a PDB maze box's row is
    // the entrance row.
    void fill_costs(board::Cell box, board::Cell player, int* out) const;
    void fill_row(int row, board::Cell box, board::Cell player) {
        fill_costs(box, player, &cost_[static_cast<size_t>(row) * board_.boxes()]);
    }
    // Gives the boxes of `boxes` the rows of the last parent's boxes (a box
    // that stayed keeps its row, a moved one takes a row left free); false
    // when there is no last parent.
    bool follow_rows(const uint64_t* boxes);
    // Pair conflicts (heuristic/conflict_bound.cpp): after the Hungarian's
    // base is set (solve or update), the base's potentials, the boxes of the
    // rows (row_cell_) and every pair's extra; returns the bonus (the best
    // pairing), or -1 when a pair is dead.
    int conflicts_base(board::Cell player);
    // The conflict bound of the child whose box on row `row` moved to `to`
    // (the row's costs already the child's), goal part only (no maze part);
    // `excluded`: the box is a PDB maze box now (it pairs with none).
    uint32_t conflicts_child(int row, board::Cell to, board::Cell player, bool excluded);
    bool pairs_with(int row) const { return !pdb_ || !pdb_->in_maze(row_cell_[row]); }
    // PDB kinds (heuristic/pdb_bound.cpp).
    uint32_t evaluate_pdb(const uint64_t* boxes, board::Cell player);
    uint32_t evaluate_push_pdb(board::Cell from, board::Cell to, board::Cell player, int pushes);
    // Rows of the cost matrix (in box order) and the maze boxes in cell order.
    void fill_pdb_rows(const uint64_t* boxes, board::Cell player, std::vector<board::Cell>& maze);
    uint32_t maze_part(const board::Cell* maze, int k, board::Cell player);
    // What groups of three and four add to the best pairing `pairing` of
    // gain_ (k x k, the diagonal zeroed; single_ holds the singles): the
    // best found of disjoint groups plus a pairing of the rest, minus
    // `pairing`; 0 when no group beats its split; -1 when one is dead.
    int group_bonus(const board::Cell* maze, int k, board::Cell player, int pairing);
    // The maze part `split` (of maze_part, without patterns) raised by the
    // patterns of five that match: a pattern's value plus the split of the
    // other maze boxes; dead when a matching pattern or the rest is dead.
    uint32_t with_fives(const board::Cell* maze, int k, board::Cell player, uint32_t split);

    const board::Board& board_;
    Kind kind_;
    std::vector<int> cost_;           // boxes x goals: a row per box of the parent (row_of_)
    std::vector<int16_t> row_of_;     // cell -> row of the parent's box on it
    std::vector<int> parent_row_;     // the pushed box's row saved while a child is scored
    uint32_t parent_h_ = dead;
    Hungarian hungarian_;
    // The last parent's boxes, whose matching and rows (row_of_, cost_) the
    // Hungarian keeps; base_ false: none (evaluate() overwrites them).
    std::vector<uint64_t> base_boxes_;
    bool base_ = false;
    std::vector<board::Cell> left_, entered_;  // squares boxes left and entered since the last parent
    std::vector<int> costs_, changed_;         // one row's costs; the rows that changed
    // PDB kinds.
    const Pdb* pdb_ = nullptr;
    const board::PullDistances* pulls_ = nullptr;  // the reverse search's costs
    std::vector<board::Cell> maze_, child_maze_;  // the parent's maze boxes, a child's
    std::vector<int> gain_;                       // k x k pair gains
    // Groups (heuristic/group_pdb.hpp): null when off.
    const GroupPdb* triples_ = nullptr;
    const GroupPdb* quads_ = nullptr;
    std::vector<int> single_, list_index_, rest_gain_;
    struct Group {
        int excess, gain, size;  // excess over the group's best split, gain over its singles
        int box[GroupPdb::max_size];
    };
    std::vector<Group> candidates_;
    const FivePatterns* fives_ = nullptr;        // null when off
    const FivePatterns* fives_built_ = nullptr;  // the patterns use_fives() turns on; null when none
    std::vector<board::Cell> rest_;        // the maze boxes outside a pattern
    bool scoring_rest_ = false;            // maze_part() called by with_fives()
    std::vector<char> used_;
    // Groups tried first (group_bonus), each seeding a greedy packing: with
    // 4 the greedy packing fell short of the best one on some states, with
    // 16 it found the best on every state checked, at the same node rate.
    static constexpr int max_group_tries = 16;
    Partition partition_;
    // Pair conflicts.
    const PairConflicts* conflicts_ = nullptr;
    std::vector<int> u_, v_;             // the base's potentials: per row, per goal
    std::vector<board::Cell> row_cell_;  // row -> the base's box on it
    std::vector<int> pair_gain_;         // rows x rows: the base's extras
    std::vector<int> saved_gain_;        // the pushed row's extras while a child is scored
    int dual_sum_ = 0;                   // sum of the base's potentials (its matching)
    int base_bonus_ = 0;                 // the base's best pairing
};

}  // namespace hdasoko::heuristic
