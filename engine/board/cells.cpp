// Cell indexing: the interior of a level (every square the player reaches
// through floor and boxes) numbered row-major, with a neighbour table, and the
// Board constructor that runs each analysis in dependency order.
#include <cassert>

#include "board/board.hpp"

namespace hdasoko::board {

Board::Board(const level::Level& level) {
    index_cells(level);
    compute_dead_squares();
    compute_sides();
    compute_push_distances();
    compute_tunnels();
    compute_zobrist(0x9E3779B97F4A7C15ULL);
}

void Board::index_cells(const level::Level& level) {
    width_ = level.width;
    height_ = level.height;
    const int squares = width_ * height_;
    wall_.assign(squares, 0);
    std::vector<uint8_t> inside(squares, 0);
    int player = -1;
    for (int y = 0; y < height_; ++y)
        for (int x = 0; x < width_; ++x) {
            char ch = level.at(x, y);
            wall_[y * width_ + x] = ch == '#';
            if (ch == '@' || ch == '+') player = y * width_ + x;
        }
    assert(player >= 0);

    // Flood fill from the player through every non-wall square; the parser
    // guarantees it never leaves the rectangle.
    std::vector<int> stack{player};
    inside[player] = 1;
    while (!stack.empty()) {
        int s = stack.back();
        stack.pop_back();
        int sx = s % width_, sy = s / width_;
        for (int d = 0; d < 4; ++d) {
            int nx = sx + dx[d], ny = sy + dy[d];
            if (nx < 0 || ny < 0 || nx >= width_ || ny >= height_) continue;
            int n = ny * width_ + nx;
            if (inside[n] || wall_[n]) continue;
            inside[n] = 1;
            stack.push_back(n);
        }
    }

    cell_of_.assign(squares, no_cell);
    for (int s = 0; s < squares; ++s) {
        if (!inside[s]) continue;
        Cell c = static_cast<Cell>(x_.size());
        cell_of_[s] = c;
        x_.push_back(static_cast<int16_t>(s % width_));
        y_.push_back(static_cast<int16_t>(s / width_));
        char ch = level.at(s % width_, s / width_);
        goal_.push_back(ch == '.' || ch == '*' || ch == '+');
        if (goal_.back()) goals_.push_back(c);
        if (ch == '$' || ch == '*') initial_boxes_.push_back(c);
        if (s == player) initial_player_ = c;
    }
    // Squares off the player's area (say an enclosed '*') act as walls.
    for (int s = 0; s < squares; ++s)
        if (!inside[s] && level.at(s % width_, s / width_) != ' ') wall_[s] = 1;

    next_.assign(x_.size() * 4, no_cell);
    for (Cell c = 0; c < cells(); ++c)
        for (int d = 0; d < 4; ++d) next_[c * 4 + d] = cell_at(x_[c] + dx[d], y_[c] + dy[d]);
}

}  // namespace hdasoko::board
