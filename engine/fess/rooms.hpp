// Room connectivity (the fourth feature of FESS; Shoham and Schaeffer, "The
// FESS algorithm", IEEE CoG 2020, sec. 3): the level falls into rooms, open
// areas, joined by passages, and a box standing in a passage obstructs the
// links that passage makes between rooms, whether or not the player can
// walk around it (player connectivity, the regions feature, sees only the
// latter). Here a square is a room square when some 2x3 or 3x2 rectangle of
// floor holds it; rooms are the connected groups of room squares, passages
// the connected groups of the other floor squares, and a passage touching k
// rooms makes k - 1 links. obstructed() counts the boxes off the goals on
// the squares of such passages (a box on a goal in a passage is where the
// packing order puts it). Built once per level; read-only afterwards.
#pragma once

#include <cstdint>
#include <vector>

#include "board/board.hpp"

namespace hdasoko::fess {

class Rooms {
public:
    explicit Rooms(const board::Board& board);

    // Boxes off the goals on passage squares that link rooms.
    int obstructed(const uint64_t* boxes) const {
        int n = 0;
        for (int w = 0; w < words_; ++w) n += __builtin_popcountll(boxes[w] & squares_[w]);
        return n;
    }
    int rooms() const { return rooms_; }
    // Links of every passage that makes any (0: the level is one room, or
    // its rooms are joined only by room squares).
    int links() const { return links_; }
    // Square c is in a passage that links rooms and is not a goal (obstructed() counts a box there).
    bool linking(board::Cell c) const { return (squares_[c >> 6] >> (c & 63)) & 1; }
    // The room of square c, or -1 for a passage square.
    int room(board::Cell c) const { return room_[c]; }

private:
    int words_;
    int rooms_ = 0;
    std::vector<int> room_;
    std::vector<uint64_t> squares_;  // the squares of passages that link rooms, off the goals
    int links_ = 0;
};

}  // namespace hdasoko::fess
