// engine/board: static analysis of one level, computed once and read-only
// afterwards (shared by every worker without locking).
// Owns: cell indexing (interior squares numbered 0..n-1 in row-major order,
// with a neighbour table per cell), dead squares, player-side-aware push
// distances, and Zobrist keys; goal zone, maze zone and entrance are a
// separate GoalZone built from a Board on demand (board/goal_zone.hpp).
// Leaves states, move generation and search to state/, moves/ and search/.
// A Board is built from a validated level::Level.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "level/level.hpp"

namespace hdasoko::board {

// An interior square. Row-major numbering makes the smallest reachable cell
// the top-left one, which is the normalized player position.
using Cell = int16_t;
constexpr Cell no_cell = -1;

// Directions in LURD order; opposite(d) == d ^ 2.
enum Dir : uint8_t { left = 0, up = 1, right = 2, down = 3 };
constexpr int opposite(int d) { return d ^ 2; }
constexpr char walk_letter[4] = {'l', 'u', 'r', 'd'};
constexpr char push_letter[4] = {'L', 'U', 'R', 'D'};
constexpr int dx[4] = {-1, 0, 1, 0};
constexpr int dy[4] = {0, -1, 0, 1};

// "No route": a push distance that does not exist.
constexpr uint16_t unreachable = 0xFFFF;

class Board {
public:
    explicit Board(const level::Level& level);

    int cells() const { return static_cast<int>(x_.size()); }
    int width() const { return width_; }
    int height() const { return height_; }
    int words() const { return (cells() + 63) / 64; }  // box bitset words

    // Neighbour of c in direction d, or no_cell for a wall.
    Cell neighbor(Cell c, int d) const { return next_[c * 4 + d]; }
    const Cell* neighbors() const { return next_.data(); }  // neighbor(c, d) at [c * 4 + d]
    int x(Cell c) const { return x_[c]; }
    int y(Cell c) const { return y_[c]; }
    // No_cell off the interior. Inline: the deadlock search's cluster walk
    // calls it for the 8 squares round each box of every pushed cluster.
    Cell cell_at(int x, int y) const {
        if (x < 0 || y < 0 || x >= width_ || y >= height_) return no_cell;
        return cell_of_[y * width_ + x];
    }

    bool is_goal(Cell c) const { return goal_[c]; }
    bool is_dead(Cell c) const { return dead_[c]; }
    const std::vector<Cell>& goals() const { return goals_; }
    const std::vector<Cell>& initial_boxes() const { return initial_boxes_; }
    Cell initial_player() const { return initial_player_; }
    int boxes() const { return static_cast<int>(goals_.size()); }

    // One-way tunnel square for a box pushed along direction d's axis
    // (board/tunnels.cpp): c is not a goal, both squares beside it across
    // the axis are walls, and c is the only way between its two neighbours
    // on the axis (their sides of c differ). A box pushed onto such a square
    // is pushed on at once by some optimal solution (Junghanns and
    // Schaeffer's tunnel macros, here with a proof): let a box B be pushed
    // in direction d onto c, the player behind it on a, the square ahead e
    // free. B is not on a goal, so it moves again; the walls beside c allow
    // only pushes along the axis, and while B stays the player cannot reach
    // e (c is the only way there), so B's next push is to e. Until then the
    // player, and every box it pushes, stays on a's side of c (a box pushed
    // from that side lands beside its old square, never on c), so nothing
    // on e's side moves. Pushing B to e first and then making the same other
    // pushes is therefore legal (they never used c, e or anything beyond;
    // with B on e the player keeps a's side, c included) and reaches the
    // same state with as many pushes. So the state after the second push is
    // exactly one push nearer the goal: a search may replace a push onto c
    // by the run of pushes through the tunnel, each push counted.
    bool is_tunnel(Cell c, int d) const { return (tunnel_[c] >> (d & 1)) & 1; }

    // Zobrist keys: one per (cell, box) and one per (cell, player).
    uint64_t box_key(Cell c) const { return box_key_[c]; }
    uint64_t player_key(Cell c) const { return player_key_[c]; }

    // Abstract Zobrist hashing (board/abstract_zobrist.cpp): the low 32 bits
    // of a state's hash choose its HDA* owner (search/view.hpp, shard_of);
    // the high 32 bits its closed-table slot. This makes the low half a hash
    // of an abstraction of the state, which zone of the floor each box is in
    // (the player left out), so that a push inside a zone keeps the child on
    // its parent's worker. Zones hold about zone_cells cells each. Returns
    // the number of zones; zone(c) gives each cell's.
    int abstract_owner_keys(int zone_cells);
    // The low halves abstract_owner_keys() gives the box keys, per cell, on
    // a board left as it is (an HDA* search that moves to abstract owners
    // when it grows: search/hda.hpp).
    std::vector<uint32_t> zone_owner_keys(int zone_cells) const;
    int zone(Cell c) const { return zone_.empty() ? 0 : zone_[c]; }

    // Which side of a box at c the player at p stands on: the component of p
    // in the interior with c removed, numbered 0..3 by c's first neighbour in
    // it. Defined for p != c.
    int side(Cell c, Cell p) const { return side_[static_cast<size_t>(c) * cells() + p]; }

    // Fewest pushes to bring a lone box from c to goal number g (index into
    // goals()) when the player starts on side s of it; unreachable if none.
    uint16_t distance(int g, Cell c, int s) const {
        return distance_[(static_cast<size_t>(g) * cells() + c) * 4 + s];
    }
    // Same with the player at p (p != c).
    uint16_t distance_from(int g, Cell c, Cell p) const { return distance(g, c, side(c, p)); }
    // Per (cell, side), index c * 4 + s: the least distance() over every
    // goal, the pushes a lone box needs to reach any goal.
    std::vector<uint16_t> nearest_goal_distances() const;

    // The board drawn as XSB with `mark` on every cell where pred(c) holds
    // (for analysis output and tests).
    template <class Pred>
    std::string draw(Pred pred, char mark) const;

private:
    void index_cells(const level::Level& level);
    void compute_dead_squares();
    void compute_sides();
    void compute_push_distances();
    void compute_tunnels();
    void compute_zobrist(uint64_t seed);
    // zone_owner_keys(), with each cell's zone into `zones`.
    std::vector<uint32_t> zone_owner_keys(int zone_cells, std::vector<int>& zones) const;

    int width_ = 0, height_ = 0;
    std::vector<Cell> cell_of_;  // width*height squares -> cell or no_cell
    std::vector<Cell> next_;     // cells*4 neighbours
    std::vector<int16_t> x_, y_;
    std::vector<uint8_t> goal_, dead_, wall_;
    std::vector<uint8_t> tunnel_;      // per cell: bit 0 horizontal, bit 1 vertical one-way tunnel
    std::vector<Cell> goals_, initial_boxes_;
    Cell initial_player_ = no_cell;
    std::vector<uint64_t> box_key_, player_key_;
    std::vector<int> zone_;            // abstract_owner_keys(): cells -> zone
    std::vector<uint8_t> side_;        // cells*cells
    std::vector<uint16_t> distance_;   // goals*cells*4
};

// Sorts k cells ascending (insertion sort: k is a handful of boxes, usually
// in order but for one that just moved).
inline void sort_cells(Cell* a, int k) {
    for (int i = 1; i < k; ++i)
        for (int j = i; j > 0 && a[j] < a[j - 1]; --j) std::swap(a[j], a[j - 1]);
}

template <class Pred>
std::string Board::draw(Pred pred, char mark) const {
    std::string out;
    for (int y = 0; y < height_; ++y) {
        std::string row;
        for (int x = 0; x < width_; ++x) {
            Cell c = cell_at(x, y);
            if (c == no_cell) row += wall_[y * width_ + x] ? '#' : ' ';
            else if (pred(c)) row += mark;
            else row += goal_[c] ? '.' : ' ';
        }
        while (!row.empty() && row.back() == ' ') row.pop_back();
        out += row;
        out += '\n';
    }
    return out;
}

}  // namespace hdasoko::board
