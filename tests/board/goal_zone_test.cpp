// tests/board/goal_zone_test: goal zone, maze zone and entrance on hand-made
// boards, drawn as pictures ('g' goal zone, 'm' maze zone, 'E' entrance;
// dead squares and goals off the zones are left as they are), plus levels
// that have no entrance.
#include <doctest/doctest.h>

#include <string>

#include "board/board.hpp"
#include "board/goal_zone.hpp"
#include "level/level.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using board::GoalZone;

namespace {

level::Level level_of(const char* text) { return level::parse_collection(text, "inline").at(0); }

std::string zones_picture(const Board& b, const GoalZone& z) {
    std::string picture = "\n";
    picture += b.draw([&](Cell c) { return c == z.entrance(); }, 'E');
    const std::string goal = b.draw([&](Cell c) { return z.in_goal_zone(c); }, 'g');
    const std::string maze = b.draw([&](Cell c) { return z.in_maze(c); }, 'm');
    for (size_t i = 0; i + 1 < picture.size(); ++i) {
        if (goal[i] == 'g') picture[i + 1] = 'g';
        if (maze[i] == 'm') picture[i + 1] = 'm';
    }
    return picture;
}

}  // namespace

TEST_CASE("goal zone: a doorway between a maze room and a goal room is the entrance") {
    // Live cells: rows 2-3 of each room away from the side walls, and the
    // doorway (6,2). Both the doorway and (7,2), the goal room's first square,
    // cut the maze off; without (7,2) the rest of the goal room stays in one
    // piece through (7,3)-(8,3) (pushed left from (9,3)), a goal side of 7
    // cells against 8 behind the doorway, so (7,2) is the entrance.
    const Board b(level_of(R"(
#############
#@    #     #
# $ $    .  #
#     #  .  #
#     #     #
#############
)"));
    const GoalZone z(b);
    REQUIRE(z.has_entrance());
    CHECK(z.entrance() == b.cell_at(7, 2));
    CHECK(zones_picture(b, z) == R"(
#############
#     #     #
# mmmmmEggg #
# mmmm#gggg #
#     #     #
#############
)");
    CHECK(z.goal_zone_cells() == 7);
    CHECK(z.maze_cells() == 9);
}

TEST_CASE("goal zone: along a corridor the entrance is next to the goals") {
    // Live cells form the path (2,2)..(8,2) ((9,2) is against the right wall:
    // dead); every inner cell is an articulation point and the one just
    // before the first goal leaves the smallest goal side, the two goals.
    const Board b(level_of(R"(
###########
#@   #    #
# $$   .. #
#    #    #
###########
)"));
    const GoalZone z(b);
    REQUIRE(z.has_entrance());
    CHECK(z.entrance() == b.cell_at(6, 2));
    CHECK(z.goal_zone_cells() == 2);
    CHECK(z.maze_cells() == 4);
    for (int x = 2; x <= 5; ++x) CHECK(z.in_maze(b.cell_at(x, 2)));
    CHECK(z.in_goal_zone(b.cell_at(7, 2)));
    CHECK(z.in_goal_zone(b.cell_at(8, 2)));
    CHECK(z.articulation_points().size() == 5);  // (3,2) .. (7,2)
    for (Cell c : z.articulation_points()) CHECK_FALSE(b.is_dead(c));
}

TEST_CASE("goal zone: an open room has no entrance") {
    const Board b(level_of(R"(
#######
#@    #
# $ . #
# .$  #
#     #
#######
)"));
    const GoalZone z(b);
    CHECK_FALSE(z.has_entrance());
    CHECK(z.articulation_points().empty());
    CHECK(z.goal_zone_cells() == 0);
    CHECK(z.maze_cells() == 0);
}

TEST_CASE("goal zone: goals on both ends of a corridor give no entrance") {
    const Board b(level_of(R"(
##########
#.$ @  $.#
##########
)"));
    const GoalZone z(b);
    CHECK_FALSE(z.has_entrance());
    CHECK_FALSE(z.articulation_points().empty());
}
