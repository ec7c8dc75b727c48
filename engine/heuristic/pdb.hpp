// Two-box pattern database after Pereira, Ritt and Buriol ("Optimal Sokoban
// solving using pattern databases with specific domain knowledge", AIJ 2015):
// for every placement of two boxes in the maze zone and every player area,
// a lower bound on the pushes those two boxes need before each of them has
// reached the entrance. Built once per level by one backward breadth-first
// search of pulls, then read-only: every worker reads it without locking.
//
// Definition (what a value bounds, and why it is admissible). Every goal lies
// behind the entrance v, an articulation point of the box-movement graph, so
// in any solution each maze box reaches v at least once; split its pushes
// into `pre` (before its first arrival at v) and `post` (from then on). Before
// its first arrival a maze box stays on maze cells. For two maze boxes a and b
// let PDB(a, b, area) be the minimum, over push sequences of a two-box level
// (the other boxes removed: they only take pushes and squares away), of
//     pushes until the first of the two reaches v
//   + lone-box pushes from the other box's square (and player side) to v,
// the second term dropping the box already on v, another relaxation. The
// pushes of a and b in a real solution restricted to themselves form such a
// sequence (other boxes moving only change where the player is, inside the
// two-box area), so PDB(a, b, area) <= pre(a) + pre(b). The terminal states
// (one box on v) are the sources of the search, each at its lone-box
// distance; a pull adds one push. A pair with no value cannot reach v at all:
// a deadlock. `post` is bounded by the goal part of the heuristic (see
// heuristic.hpp): the box is on v with the player on the maze side it came
// from, so `post` >= min over those sides of the push distance to its goal.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "board/board.hpp"
#include "board/goal_zone.hpp"
#include "heuristic/build_stop.hpp"
#include "heuristic/pair_areas.hpp"

namespace hdasoko::heuristic {

class GroupPdb;
class FivePatterns;

class Pdb {
public:
    // Builds the database unless the level has no entrance or the database
    // would need more than `memory_limit_bytes`; then available() is false.
    // Then the databases of 3 .. `max_group` boxes over the same maze
    // (heuristic/group_pdb.hpp), each while the one below it was built and
    // `stop` does not say stop: a group database cut short is left out, with
    // the ones above it (the bound then uses the smaller groups). With
    // `max_group` 5, the patterns of five (heuristic/five_patterns.hpp) after
    // the groups of four, until `stop` says stop. The pair database itself
    // (a fraction of a second) is always built.
    static constexpr uint64_t default_memory_limit = uint64_t{1} << 30;
    // The patterns of five search on up to `threads` threads.
    explicit Pdb(const board::Board& board, uint64_t memory_limit_bytes = default_memory_limit, int max_group = 3,
                 const BuildStop& stop = {}, int threads = 1);
    ~Pdb();

    // The database of `size` boxes (3 or 4); null when not built.
    const GroupPdb* group(int size) const {
        return size >= 3 && size - 3 < static_cast<int>(groups_.size()) ? groups_[size - 3].get() : nullptr;
    }

    // The patterns of five maze boxes; null when not built.
    const FivePatterns* fives() const { return fives_.get(); }

    bool available() const { return available_; }
    const std::string& why_unavailable() const { return why_; }
    const board::GoalZone& zone() const { return zone_; }

    bool in_maze(board::Cell c) const { return index_of_[c] >= 0 && index_of_[c] < maze_; }
    // The database's indexing, which the group databases share: maze cells
    // 0 .. maze_cells() - 1 in cell order, then the entrance; -1 elsewhere.
    int maze_cells() const { return maze_; }
    const std::vector<int16_t>& index_of() const { return index_of_; }
    const std::vector<board::Cell>& cell_of() const { return cell_of_; }

    // Lone-box pushes from maze cell c to the entrance over maze cells with
    // the player on p (p != c); board::unreachable if none.
    uint16_t single(board::Cell c, board::Cell p) const { return to_entrance_[c * 4 + board_.side(c, p)]; }

    // PDB value of maze boxes a != b with the player on p (not a or b);
    // board::unreachable when the pair is a deadlock.
    uint16_t pair(board::Cell a, board::Cell b, board::Cell p) const {
        int i = index_of_[a], j = index_of_[b];
        if (i > j) std::swap(i, j);
        return values_[areas_.state(PairAreas::pair_id(i, j), p)];
    }

    // Cost row of a maze box in the goal part: per goal, the fewest pushes
    // from the entrance entered from the maze side; forbidden (as Hungarian)
    // when unreachable.
    const int* entrance_row() const { return entrance_row_.data(); }

    // Size: two-box states (pairs x player areas, entries) and bytes held.
    uint64_t entries() const { return values_.size(); }
    uint64_t bytes() const;  // with the group databases'
    uint64_t groups_bytes() const;
    double build_seconds() const { return build_seconds_; }

private:
    void compute_to_entrance();
    void compute_entrance_row();
    bool label_areas(uint64_t memory_limit_bytes);
    void search();

    const board::Board& board_;
    board::GoalZone zone_;
    bool available_ = false;
    std::string why_;
    int cells_ = 0;
    int maze_ = 0;                       // maze cells; the entrance has index maze_
    std::vector<int16_t> index_of_;      // cell -> 0..maze_-1 maze, maze_ entrance, -1 other
    std::vector<board::Cell> cell_of_;   // index -> cell
    std::vector<uint16_t> to_entrance_;  // cells*4, by player side
    std::vector<int> entrance_row_;      // goals
    PairAreas areas_;                    // of the indexed cells
    std::vector<uint16_t> values_;       // per state of areas_
    std::vector<std::unique_ptr<const GroupPdb>> groups_;  // sizes 3, 4, ...
    std::unique_ptr<const FivePatterns> fives_;
    double build_seconds_ = 0;
};

}  // namespace hdasoko::heuristic
