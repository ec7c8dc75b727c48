// Rooms and passages of a level; see rooms.hpp. Two flood fills per level.
#include "fess/rooms.hpp"

#include <algorithm>

#include "state/state.hpp"

namespace hdasoko::fess {

using board::Cell;
using board::no_cell;

Rooms::Rooms(const board::Board& board) : words_(board.words()), room_(board.cells(), -1) {
    const int n = board.cells();
    std::vector<uint8_t> roomy(n, 0);
    auto floor_rect = [&](int x0, int y0, int w, int h) {
        for (int y = y0; y < y0 + h; ++y)
            for (int x = x0; x < x0 + w; ++x)
                if (board.cell_at(x, y) == no_cell) return false;
        return true;
    };
    for (Cell c = 0; c < n; ++c) {
        for (const auto& [w, h] : {std::pair{3, 2}, std::pair{2, 3}}) {
            if (!floor_rect(board.x(c), board.y(c), w, h)) continue;
            for (int y = 0; y < h; ++y)
                for (int x = 0; x < w; ++x) roomy[board.cell_at(board.x(c) + x, board.y(c) + y)] = 1;
        }
    }
    // Connected groups of squares alike (room or passage); group[c] numbers them.
    std::vector<int> group(n, -1);
    std::vector<Cell> stack;
    int groups = 0;
    for (Cell s = 0; s < n; ++s) {
        if (group[s] >= 0) continue;
        group[s] = groups;
        stack.assign(1, s);
        while (!stack.empty()) {
            const Cell c = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const Cell m = board.neighbor(c, d);
                if (m == no_cell || group[m] >= 0 || roomy[m] != roomy[s]) continue;
                group[m] = groups;
                stack.push_back(m);
            }
        }
        ++groups;
    }
    // Rooms numbered 0.. in order of their first square.
    std::vector<int> room_of_group(groups, -1);
    for (Cell c = 0; c < n; ++c) {
        if (!roomy[c]) continue;
        if (room_of_group[group[c]] < 0) room_of_group[group[c]] = rooms_++;
        room_[c] = room_of_group[group[c]];
    }
    // Each passage: the rooms it touches, and its squares off the goals.
    std::vector<std::vector<int>> touches(groups);
    for (Cell c = 0; c < n; ++c) {
        if (roomy[c]) continue;
        for (int d = 0; d < 4; ++d) {
            const Cell m = board.neighbor(c, d);
            if (m != no_cell && roomy[m]) touches[group[c]].push_back(room_[m]);
        }
    }
    squares_.assign(words_, 0);
    std::vector<uint8_t> linking(groups, 0);
    for (int g = 0; g < groups; ++g) {
        std::vector<int>& t = touches[g];
        std::sort(t.begin(), t.end());
        t.erase(std::unique(t.begin(), t.end()), t.end());
        if (t.size() < 2) continue;
        linking[g] = 1;
        links_ += static_cast<int>(t.size()) - 1;
    }
    for (Cell c = 0; c < n; ++c)
        if (!roomy[c] && linking[group[c]] && !board.is_goal(c)) state::set_box(squares_.data(), c);
}

}  // namespace hdasoko::fess
