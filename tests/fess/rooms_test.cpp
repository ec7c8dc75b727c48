// tests/fess/rooms_test: rooms, passages and obstructed links on hand-made
// levels.
#include <doctest/doctest.h>

#include <vector>

#include "board/board.hpp"
#include "fess/rooms.hpp"
#include "level/level.hpp"
#include "state/state.hpp"

using namespace hdasoko;

namespace {

board::Board board_of(const char* text) { return board::Board(level::parse_collection(text, "inline").at(0)); }

}  // namespace

TEST_CASE("rooms: two rooms joined by a corridor; a box in the corridor obstructs it, one on a goal or in a room does not") {
    // Left room x 1..3, right room x 7..9, rows 1..2; the corridor row 1,
    // x 4..6, holds a goal at x 5.
    const board::Board board = board_of(R"(
###########
#@  $.$   #
#   ###  .#
###########
)");
    auto at = [&](int x, int y) { return board.cell_at(x, y); };
    const fess::Rooms rooms(board);
    CHECK(rooms.rooms() == 2);
    CHECK(rooms.links() == 1);
    CHECK(rooms.room(at(1, 1)) >= 0);
    CHECK(rooms.room(at(3, 2)) == rooms.room(at(1, 1)));
    CHECK(rooms.room(at(9, 2)) >= 0);
    CHECK(rooms.room(at(9, 2)) != rooms.room(at(1, 1)));
    for (int x = 4; x <= 6; ++x) CHECK(rooms.room(at(x, 1)) == -1);
    CHECK(rooms.linking(at(4, 1)));
    CHECK_FALSE(rooms.linking(at(5, 1)));  // the corridor's goal
    CHECK_FALSE(rooms.linking(at(1, 1)));

    std::vector<uint64_t> boxes(board.words(), 0);
    CHECK(rooms.obstructed(boxes.data()) == 0);
    state::set_box(boxes.data(), at(4, 1));
    CHECK(rooms.obstructed(boxes.data()) == 1);
    state::set_box(boxes.data(), at(6, 1));
    CHECK(rooms.obstructed(boxes.data()) == 2);
    std::fill(boxes.begin(), boxes.end(), 0);
    state::set_box(boxes.data(), at(5, 1));  // on the corridor's goal
    state::set_box(boxes.data(), at(2, 2));  // in a room
    CHECK(rooms.obstructed(boxes.data()) == 0);
}

TEST_CASE("rooms: a dead-end corridor links nothing, and an open level is one room") {
    const board::Board dead_end = board_of(R"(
#########
#@  $  .#
#   #####
#   #
#####
)");
    const fess::Rooms rooms(dead_end);
    CHECK(rooms.rooms() == 1);
    CHECK(rooms.links() == 0);
    std::vector<uint64_t> boxes(dead_end.words(), 0);
    state::set_box(boxes.data(), dead_end.cell_at(5, 1));
    CHECK(rooms.obstructed(boxes.data()) == 0);

    const board::Board open = board_of(R"(
#######
#@ $ .#
#     #
#######
)");
    const fess::Rooms one(open);
    CHECK(one.rooms() == 1);
    CHECK(one.links() == 0);
}

TEST_CASE("rooms: a corridor meeting three rooms makes two links") {
    // Rooms top left (x 1..3, rows 1..2), top right (x 7..9) and bottom
    // (rows 5..6); the corridor runs along row 1 from x 4 to 6 and down
    // x 5 to row 4.
    const board::Board board = board_of(R"(
###########
#@  $ $  .#
#   # #   #
#####.#####
##### #####
#   $    .#
#         #
###########
)");
    const fess::Rooms rooms(board);
    CHECK(rooms.rooms() == 3);
    CHECK(rooms.links() == 2);
    std::vector<uint64_t> boxes(board.words(), 0);
    state::set_box(boxes.data(), board.cell_at(5, 1));
    CHECK(rooms.obstructed(boxes.data()) == 1);
    state::set_box(boxes.data(), board.cell_at(5, 3));  // a goal
    CHECK(rooms.obstructed(boxes.data()) == 1);
}
