// tests/board/board_test: the static analysis of a level on small hand-made
// boards. Cell indexing (row-major interior, neighbour table, cell_at),
// dead squares (drawn with Board::draw and compared as pictures), player
// sides of a box and the side-aware push distances, Zobrist keys.
#include <doctest/doctest.h>

#include <set>
#include <string>

#include "board/board.hpp"
#include "level/level.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using board::no_cell;

namespace {

level::Level level_of(const char* text) { return level::parse_collection(text, "inline").at(0); }

// The board drawn with 'x' on every dead square; a board has its own walls.
std::string dead_picture(const Board& b) {
    std::string picture = "\n";
    picture += b.draw([&](Cell c) { return b.is_dead(c); }, 'x');
    return picture;
}

Cell at(const Board& b, int x, int y) {
    const Cell c = b.cell_at(x, y);
    REQUIRE_MESSAGE(c != no_cell, "no cell at ", x, ",", y);
    return c;
}

// A doorway at (4,2) between a left room (x 1..3) and a right room (x 5..6);
// the goal is in the right room. From the left the box needs 2 pushes; from
// the right it must first be pushed into the left room, far enough that the
// player can get behind it: 2 pushes left, then 4 right.
const char* const doorway_left = R"(
########
#   #  #
#@  $ .#
#   #  #
########
)";
const char* const doorway_right = R"(
########
#   #  #
#   $@.#
#   #  #
########
)";

}  // namespace

TEST_CASE("cells: the interior is numbered row-major with a neighbour table") {
    const Board b(level_of(R"(
#####
#@$.#
#####
)"));
    CHECK(b.width() == 5);
    CHECK(b.height() == 3);
    REQUIRE(b.cells() == 3);
    CHECK(b.words() == 1);
    CHECK(b.cell_at(1, 1) == 0);
    CHECK(b.cell_at(2, 1) == 1);
    CHECK(b.cell_at(3, 1) == 2);
    for (Cell c = 0; c < 3; ++c) {
        CHECK(b.x(c) == c + 1);
        CHECK(b.y(c) == 1);
        CHECK(b.neighbor(c, board::up) == no_cell);
        CHECK(b.neighbor(c, board::down) == no_cell);
    }
    CHECK(b.neighbor(0, board::left) == no_cell);
    CHECK(b.neighbor(0, board::right) == 1);
    CHECK(b.neighbor(1, board::left) == 0);
    CHECK(b.neighbor(1, board::right) == 2);
    CHECK(b.neighbor(2, board::right) == no_cell);
    CHECK(b.initial_player() == 0);
    CHECK(b.initial_boxes() == std::vector<Cell>{1});
    CHECK(b.goals() == std::vector<Cell>{2});
    CHECK(b.boxes() == 1);
    CHECK(b.is_goal(2));
    CHECK_FALSE(b.is_goal(1));
}

TEST_CASE("cells: walls, squares outside the walls and off the board are not cells") {
    const Board b(level_of(R"(
  ####
###  #
#@$. #
######
)"));
    CHECK(b.cells() == 6);
    CHECK(b.cell_at(0, 0) == no_cell);  // outside, left blank
    CHECK(b.cell_at(1, 0) == no_cell);
    CHECK(b.cell_at(2, 0) == no_cell);  // wall
    CHECK(b.cell_at(-1, 1) == no_cell);
    CHECK(b.cell_at(1, -1) == no_cell);
    CHECK(b.cell_at(6, 2) == no_cell);
    CHECK(b.cell_at(1, 4) == no_cell);
    // Row-major: the two squares of row 1 come before those of row 2.
    CHECK(b.cell_at(3, 1) == 0);
    CHECK(b.cell_at(4, 1) == 1);
    CHECK(b.cell_at(1, 2) == 2);
    CHECK(b.cell_at(4, 2) == 5);
    CHECK(b.neighbor(b.cell_at(3, 1), board::down) == b.cell_at(3, 2));
    CHECK(b.neighbor(b.cell_at(3, 2), board::up) == b.cell_at(3, 1));
    CHECK(b.neighbor(b.cell_at(3, 1), board::left) == no_cell);
}

TEST_CASE("cells: the neighbour table agrees with cell_at and is symmetric") {
    const Board b(level_of(R"(
 #######
##  .  #
#  $#$ #
# .   @#
########
)"));
    for (Cell c = 0; c < b.cells(); ++c) {
        CHECK(b.cell_at(b.x(c), b.y(c)) == c);
        for (int d = 0; d < 4; ++d) {
            CAPTURE(c);
            CAPTURE(d);
            const Cell n = b.neighbor(c, d);
            CHECK(n == b.cell_at(b.x(c) + board::dx[d], b.y(c) + board::dy[d]));
            if (n != no_cell) CHECK(b.neighbor(n, board::opposite(d)) == c);
        }
    }
}

TEST_CASE("cells: a box on a goal walled off from the player is not a cell") {
    const Board b(level_of(R"(
#######
#@$.#*#
#######
)"));
    CHECK(b.cells() == 3);
    CHECK(b.cell_at(5, 1) == no_cell);
    CHECK(b.boxes() == 1);
    CHECK(b.initial_boxes().size() == 1);
    CHECK(b.goals().size() == 1);
    CHECK(dead_picture(b) == "\n#######\n#x .###\n#######\n");
}

TEST_CASE("cells: more than 64 cells need a second bitset word") {
    const Board b(level_of(R"(
###########
#@        #
#         #
#         #
#    $    #
#         #
#         #
#        .#
###########
)"));
    CHECK(b.cells() == 63);
    CHECK(b.words() == 1);
    const Board wide(level_of(R"(
###########
#@        #
#         #
#         #
#    $    #
#         #
#         #
#        .#
#         #
###########
)"));
    CHECK(wide.cells() == 72);
    CHECK(wide.words() == 2);
}

TEST_CASE("dead squares: corners and walls without goals are dead") {
    const Board b(level_of(R"(
#######
#     #
# $. @#
#     #
#######
)"));
    CHECK(dead_picture(b) == R"(
#######
#xxxxx#
#x . x#
#xxxxx#
#######
)");
}

TEST_CASE("dead squares: a goal in a corner keeps its walls live") {
    const Board b(level_of(R"(
######
#.   #
#  $ #
#   @#
######
)"));
    CHECK(dead_picture(b) == R"(
######
#.  x#
#   x#
#xxxx#
######
)");
    CHECK_FALSE(b.is_dead(at(b, 1, 1)));
}

TEST_CASE("dead squares: a goal on a wall makes that wall live up to the corners") {
    const Board b(level_of(R"(
#######
#  .  #
#  $  #
#@    #
#######
)"));
    CHECK(dead_picture(b) == R"(
#######
#x . x#
#x   x#
#xxxxx#
#######
)");
}

TEST_CASE("dead squares: the dead end of a corridor away from the goal") {
    const Board b(level_of(R"(
#######
#@$  .#
#######
)"));
    CHECK(dead_picture(b) == "\n#######\n#x   .#\n#######\n");
}

TEST_CASE("dead squares: a goal is never dead, even with no room to push") {
    const Board b(level_of(R"(
#####
#@$.#
#####
)"));
    CHECK_FALSE(b.is_dead(2));
    CHECK_FALSE(b.is_dead(1));
    CHECK(b.is_dead(0));
}

TEST_CASE("sides: in an open room every square is on one side, the first neighbour's") {
    const Board b(level_of(R"(
#####
#   #
#@$.#
#   #
#####
)"));
    const Cell box = at(b, 2, 2);
    for (Cell p = 0; p < b.cells(); ++p)
        if (p != box) CHECK(b.side(box, p) == board::left);
    // A corner square has no left or up neighbour: its side is named right.
    const Cell corner = at(b, 1, 1);
    for (Cell p = 0; p < b.cells(); ++p)
        if (p != corner) CHECK(b.side(corner, p) == board::right);
}

TEST_CASE("sides: a box in a doorway splits the player's squares in two") {
    const Board b(level_of(doorway_left));
    const Cell box = at(b, 4, 2);
    CHECK(b.side(box, at(b, 1, 1)) == board::left);
    CHECK(b.side(box, at(b, 3, 2)) == board::left);
    CHECK(b.side(box, at(b, 3, 3)) == board::left);
    CHECK(b.side(box, at(b, 5, 2)) == board::right);
    CHECK(b.side(box, at(b, 6, 3)) == board::right);
    CHECK(b.side(box, at(b, 5, 1)) == board::right);
}

TEST_CASE("push distances: a corridor box can only be pushed from one side") {
    const Board b(level_of(R"(
#######
#@ $ .#
#######
)"));
    REQUIRE(b.goals().size() == 1);
    const Cell box = at(b, 3, 1);
    CHECK(b.side(box, at(b, 1, 1)) == board::left);
    CHECK(b.side(box, at(b, 4, 1)) == board::right);
    CHECK(b.distance(0, box, board::left) == 2);
    CHECK(b.distance(0, box, board::right) == board::unreachable);
    CHECK(b.distance_from(0, box, at(b, 2, 1)) == 2);
    CHECK(b.distance_from(0, box, at(b, 5, 1)) == board::unreachable);
    // On the goal itself the distance is 0 from either side.
    const Cell goal = at(b, 5, 1);
    CHECK(b.distance_from(0, goal, at(b, 4, 1)) == 0);
}

TEST_CASE("push distances: from the wrong side of a doorway the box goes round") {
    for (const char* text : {doorway_left, doorway_right}) {
        const Board b(level_of(text));
        const Cell box = at(b, 4, 2);
        CHECK(b.distance(0, box, board::left) == 2);
        CHECK(b.distance(0, box, board::right) == 6);
        CHECK(b.distance_from(0, box, b.initial_player()) == (text == doorway_left ? 2 : 6));
    }
}

TEST_CASE("push distances: in an open room they are Manhattan distances") {
    const Board b(level_of(R"(
#########
#@      #
#       #
#  $   .#
#       #
#       #
#########
)"));
    const Cell goal = b.goals().at(0);
    for (int y = 2; y <= 4; ++y)
        for (int x = 2; x <= 7; ++x) {
            const Cell c = at(b, x, y);
            CAPTURE(x);
            CAPTURE(y);
            const int manhattan = std::abs(x - b.x(goal)) + std::abs(y - b.y(goal));
            CHECK(b.distance_from(0, c, at(b, 1, 1)) == manhattan);
        }
    // Dead squares are unreachable from every side.
    for (Cell c = 0; c < b.cells(); ++c)
        if (b.is_dead(c))
            for (int s = 0; s < 4; ++s) CHECK(b.distance(0, c, s) == board::unreachable);
}

TEST_CASE("zobrist: every box and player key is distinct and the same in every build") {
    const level::Level level = level_of(R"(
##########
#@       #
# $  $   #
#  ##  . #
# .      #
##########
)");
    const Board b(level);
    std::set<uint64_t> keys;
    for (Cell c = 0; c < b.cells(); ++c) {
        keys.insert(b.box_key(c));
        keys.insert(b.player_key(c));
    }
    CHECK(keys.size() == 2 * static_cast<size_t>(b.cells()));
    CHECK(keys.count(0) == 0);
    const Board again(level);
    for (Cell c = 0; c < b.cells(); ++c) {
        CHECK(again.box_key(c) == b.box_key(c));
        CHECK(again.player_key(c) == b.player_key(c));
    }
}

TEST_CASE("abstract zobrist: zones are connected, cover every live cell, and only the owner half changes") {
    const level::Level level = level_of(R"(
############
#@         #
# $  $  $  #
#  ##  #   #
# .  . .   #
############
)");
    const Board plain(level);
    Board b(level);
    const int zones = b.abstract_owner_keys(4);
    REQUIRE(zones >= 3);
    std::vector<int> size(zones + 1, 0);
    for (Cell c = 0; c < b.cells(); ++c) {
        CHECK((b.box_key(c) >> 32) == (plain.box_key(c) >> 32));  // closed-table half untouched
        CHECK((b.player_key(c) >> 32) == (plain.player_key(c) >> 32));
        CHECK(static_cast<uint32_t>(b.player_key(c)) == 0);        // the player never moves an owner
        CHECK((b.zone(c) == 0) == b.is_dead(c));
        ++size[b.zone(c)];
    }
    for (int z = 1; z <= zones; ++z) {
        CHECK(size[z] >= 2);   // scraps joined a neighbour
        CHECK(size[z] <= 8);   // at most a zone and a scrap
        // Connected: a flood fill inside the zone reaches all of it.
        std::vector<Cell> stack;
        std::vector<bool> seen(b.cells(), false);
        for (Cell c = 0; c < b.cells() && stack.empty(); ++c)
            if (b.zone(c) == z) stack.push_back(c), seen[c] = true;
        int reached = 0;
        while (!stack.empty()) {
            const Cell c = stack.back();
            stack.pop_back();
            ++reached;
            for (int d = 0; d < 4; ++d) {
                const Cell m = b.neighbor(c, d);
                if (m != no_cell && !seen[m] && b.zone(m) == z) seen[m] = true, stack.push_back(m);
            }
        }
        CHECK(reached == size[z]);
    }
    // Owner halves: equal within a zone, different across zones.
    for (Cell a = 0; a < b.cells(); ++a)
        for (Cell c = 0; c < b.cells(); ++c)
            if (b.zone(a) != 0 && b.zone(c) != 0)
                CHECK((static_cast<uint32_t>(b.box_key(a)) == static_cast<uint32_t>(b.box_key(c))) ==
                      (b.zone(a) == b.zone(c)));
}
