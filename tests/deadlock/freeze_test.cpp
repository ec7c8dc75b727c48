// tests/deadlock/freeze_test: freeze deadlocks on small hand-made boards.
// Each board's boxes are the state; the box named by (x, y) is the one just
// pushed. A group of frozen boxes is a deadlock when one of them is off a
// goal; a box free to move along one axis is not frozen.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/deadlock.hpp"
#include "generate/push_bfs.hpp"
#include "level/level.hpp"
#include "position.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;

namespace {

struct Position : testing::BoardState {
    using BoardState::BoardState;
    bool frozen_dead(int x, int y) const {
        const Cell c = at(x, y);
        REQUIRE(state::has_box(boxes.data(), c));
        return deadlock::is_freeze_deadlock(board, boxes.data(), c, board.initial_player());
    }
    bool frozen(int x, int y) const {
        return deadlock::is_frozen(board, boxes.data(), at(x, y), board.initial_player());
    }
    // The reference breadth-first search (no pruning): solvable or not.
    bool solvable() const {
        const generate::BfsAnswer answer = generate::bfs(level, 1'000'000);
        REQUIRE(answer.kind != generate::BfsAnswer::too_large);
        return answer.kind == generate::BfsAnswer::solved;
    }
};

// Closed diagonal (the Sokoban wiki's "closed diagonal deadlock"): the boxes
// on (4,2) and (3,3) shut in the dead corner (4,3). Each has a wall on one
// side of one axis and the corner on one side of the other, with a free
// square opposite: taken one at a time neither looks frozen, but the player
// never reaches the corner, so neither box can be pushed off it, and a push
// into it is a push onto a dead square.
const char* const closed_diagonal = R"(
#######
#.  . #
#   $##
#  $ ##
#@ ####
#######
)";

}  // namespace

TEST_CASE("freeze: two boxes side by side on a wall off goal are dead") {
    // The goals at both ends keep the top row live: no dead square helps.
    const Position p(R"(
########
#. $$ .#
#      #
#@     #
########
)");
    CHECK_FALSE(p.board.is_dead(p.board.cell_at(2, 1)));
    CHECK_FALSE(p.board.is_dead(p.board.cell_at(5, 1)));
    CHECK(p.frozen_dead(3, 1));
    CHECK(p.frozen_dead(4, 1));
}

TEST_CASE("freeze: the same two boxes on goals are not dead") {
    const Position p(R"(
########
#  **  #
#      #
#@     #
########
)");
    CHECK_FALSE(p.frozen_dead(3, 1));
    CHECK_FALSE(p.frozen_dead(4, 1));
}

TEST_CASE("freeze: a frozen box on a goal next to a frozen box off goal is dead") {
    const Position p(R"(
########
#. *$  #
#      #
#@     #
########
)");
    CHECK(p.frozen_dead(3, 1));  // on its goal, but its neighbour is stuck off one
    CHECK(p.frozen_dead(4, 1));
}

TEST_CASE("freeze: a 2x2 block of boxes in the open is dead") {
    const Position p(R"(
########
#      #
# $$   #
# $$   #
#      #
#@ ....#
########
)");
    for (int y = 2; y <= 3; ++y)
        for (int x = 2; x <= 3; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            CHECK(p.frozen_dead(x, y));
        }
}

TEST_CASE("freeze: a 2x2 block of boxes all on goals is not dead") {
    const Position p(R"(
#######
#     #
# **  #
# **  #
#@    #
#######
)");
    for (int y = 2; y <= 3; ++y)
        for (int x = 2; x <= 3; ++x) CHECK_FALSE(p.frozen_dead(x, y));
}

TEST_CASE("freeze: a box blocked on one axis only is not frozen") {
    SUBCASE("against a wall, free to slide along it") {
        const Position p(R"(
#######
#. $  #
#     #
#@    #
#######
)");
        CHECK_FALSE(p.board.is_dead(p.board.cell_at(2, 1)));
        CHECK_FALSE(p.frozen_dead(3, 1));
    }
    SUBCASE("two boxes side by side in the open") {
        const Position p(R"(
#######
#     #
# $$  #
#     #
#@ .. #
#######
)");
        CHECK_FALSE(p.frozen_dead(2, 2));
        CHECK_FALSE(p.frozen_dead(3, 2));
    }
    SUBCASE("a box under a box that can still slide along the wall") {
        const Position p(R"(
#######
#. $  #
#  $  #
#@  . #
#######
)");
        CHECK_FALSE(p.frozen_dead(3, 1));
        CHECK_FALSE(p.frozen_dead(3, 2));
    }
}

TEST_CASE("freeze: dead squares on both sides block an axis like walls") {
    // Boxes may only use the middle column: the side columns are dead. The
    // box on the goal at the top cannot move usefully, so the box below it
    // cannot be pushed down to the other goal: frozen off goal.
    const Position p(R"(
#####
# * #
# $ #
# . #
# @ #
#####
)");
    CHECK(p.board.is_dead(p.board.cell_at(1, 2)));
    CHECK(p.board.is_dead(p.board.cell_at(3, 2)));
    CHECK_FALSE(p.board.is_dead(p.board.cell_at(2, 2)));
    CHECK(p.frozen_dead(2, 2));
}

TEST_CASE("freeze: a box below a free goal, with room to push it up, is not frozen") {
    // Same column: the goal above the lower box is free and the player can
    // stand below it, so it is blocked sideways only.
    const Position p(R"(
#####
# * #
# . #
# $ #
# @ #
#####
)");
    CHECK_FALSE(p.frozen_dead(2, 3));
}

// Regression: the box just pushed onto a goal is frozen by the wall above
// it, so its own proof never visits the box below it, which it has frozen off
// goal; the boxes next to the moved one are checked too.
TEST_CASE("freeze: a box pushed onto a goal that freezes a box off goal is dead") {
    // Just pushed right from (2,1) onto the goal (3,1): (3,1) and (4,1) lock
    // each other against the wall and (3,2) can neither go up nor be pushed
    // down (the player would have to stand on (3,1)).
    const Position p(R"(
#######
# @** #
###$###
#  .  #
#     #
#######
)");
    CHECK(p.frozen_dead(3, 2));  // seen from the box off goal it is found
    CHECK(p.frozen_dead(3, 1));
}

TEST_CASE("freeze: two boxes on a diagonal shutting in a dead corner are dead; the breadth-first search agrees") {
    const Position p(closed_diagonal);
    CHECK(p.board.is_dead(p.at(4, 3)));
    CHECK_FALSE(p.board.is_dead(p.at(4, 1)));  // each box has a live free square on the corner's axis
    CHECK_FALSE(p.board.is_dead(p.at(2, 3)));
    CHECK(p.frozen_dead(4, 2));
    CHECK(p.frozen_dead(3, 3));
    CHECK_FALSE(p.solvable());
}

TEST_CASE("freeze: the closed diagonal on goals is frozen but not dead") {
    const Position p(R"(
#######
#     #
#   *##
#  * ##
#@ ####
#######
)");
    CHECK(p.frozen(4, 2));
    CHECK(p.frozen(3, 3));
    CHECK_FALSE(p.frozen_dead(4, 2));
}

TEST_CASE("freeze: the closed diagonal is alive when the player stands in the corner, or a side opens") {
    // The player in the corner pushes (4,2) up onto its goal, then (3,3)
    // left and on to the other goal.
    const Position inside(R"(
#######
#.  . #
#   $##
#  $@##
#  ####
#######
)");
    CHECK_FALSE(inside.frozen_dead(4, 2));
    CHECK_FALSE(inside.frozen_dead(3, 3));
    CHECK(inside.solvable());
    // (3,4) opened: (3,3) can be pushed up from below, so the corner opens.
    const Position open(R"(
#######
#.  . #
#   $##
#  $ ##
#@  ###
#######
)");
    CHECK_FALSE(open.frozen_dead(4, 2));
    CHECK_FALSE(open.frozen_dead(3, 3));
    CHECK(open.solvable());
    // A goal in the corner: it is not dead, so a box may go in.
    const Position goal(R"(
#######
#.    #
#   $##
#  $.##
#@ ####
#######
)");
    CHECK_FALSE(goal.frozen_dead(4, 2));
    CHECK_FALSE(goal.frozen_dead(3, 3));
}

TEST_CASE("freeze: every state it calls dead on random walks through Microban is unsolvable for the breadth-first search") {
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    std::mt19937 rng(20261126);
    int dead_found = 0, checked = 0;
    for (const level::Level& level : collection) {
        const Board board(level);
        if (board.boxes() > 4) continue;
        dead_found += testing::walk_to_dead_states(
            board, rng, 20, 40,
            [&](const uint64_t* boxes, Cell player, Cell, Cell to) {
                return deadlock::is_freeze_deadlock(board, boxes, to, player);
            },
            [&](const std::string& text) {
                INFO("microban level ", level.number, ", called dead:\n", text);
                const level::Level walked = level::parse_collection(text, "walk").at(0);
                const generate::BfsAnswer answer = generate::bfs(walked, 2'000'000);
                if (answer.kind == generate::BfsAnswer::too_large) return;
                ++checked;
                CHECK(answer.kind == generate::BfsAnswer::unsolvable);
            });
    }
    MESSAGE(dead_found, " states called dead, ", checked, " of them checked by the breadth-first search");
    CHECK(checked >= 50);
}
