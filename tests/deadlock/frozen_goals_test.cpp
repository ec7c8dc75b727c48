// tests/deadlock/frozen_goals_test: boxes frozen on goals taken as walls, on
// hand-made goal rooms where the freeze test alone (every frozen box is on a
// goal) and the matching bound (distances on the empty board) see nothing.
#include <doctest/doctest.h>

#include "deadlock/deadlock.hpp"
#include "deadlock/frozen_goals.hpp"
#include "heuristic/heuristic.hpp"
#include "position.hpp"

using namespace hdasoko;
using testing::BoardState;

TEST_CASE("frozen goals: a 2x2 block packed at the door of a goal room seals the goals behind it") {
    // Four boxes fill the upper goals of the room below; the two goals under
    // them can no longer be reached. Every box of the block is on a goal.
    BoardState p(R"(
#########
#@      #
#  $ $  #
#       #
###**####
  #**#
  #..#
  ####
)");
    CHECK_FALSE(deadlock::is_freeze_deadlock(p.board, p.boxes.data(), p.at(4, 5), p.board.initial_player()));
    CHECK(deadlock::is_frozen(p.board, p.boxes.data(), p.at(4, 5), p.board.initial_player()));
    heuristic::Heuristic h(p.board, heuristic::Kind::matching);
    CHECK(h.evaluate(p.boxes.data(), p.board.initial_player()) != heuristic::dead);
    deadlock::FrozenGoals frozen(p.board);
    CHECK(frozen.is_dead(p.boxes.data(), p.at(4, 5), p.board.initial_player()));
    CHECK(frozen.checks() == 1);
}

TEST_CASE("frozen goals: the same block at the back of the room leaves the door goals open") {
    BoardState p(R"(
#########
#@      #
#  $ $  #
#       #
###..####
  #**#
  #**#
  ####
)");
    deadlock::FrozenGoals frozen(p.board);
    CHECK_FALSE(frozen.is_dead(p.boxes.data(), p.at(4, 6), p.board.initial_player()));
    CHECK(frozen.checks() == 1);
    // The frozen set's reach is reused, not computed again.
    CHECK_FALSE(frozen.is_dead(p.boxes.data(), p.at(3, 6), p.board.initial_player()));
    CHECK(frozen.reach_sets() == 1);
}

TEST_CASE("frozen goals: two boxes that can reach only one goal between them are dead") {
    // The block seals the goal under it; each free box can still reach the
    // corner goal on (7,1), so no box is without a goal, but two boxes
    // cannot share one: the matching fails. The matching bound (distances
    // on the empty board) finds a perfect matching.
    BoardState p(R"(
#########
#@     .#
#  $ $  #
#       #
###**####
  #**#
  #.##
  ####
)");
    heuristic::Heuristic h(p.board, heuristic::Kind::matching);
    CHECK(h.evaluate(p.boxes.data(), p.board.initial_player()) != heuristic::dead);
    deadlock::FrozenGoals frozen(p.board);
    CHECK(frozen.is_dead(p.boxes.data(), p.at(4, 5), p.board.initial_player()));
}

TEST_CASE("frozen goals: a push that freezes no box on a goal is not checked") {
    BoardState p(R"(
#######
#@    #
# $ $ #
#  .  #
#  .  #
#######
)");
    deadlock::FrozenGoals frozen(p.board);
    CHECK_FALSE(frozen.is_dead(p.boxes.data(), p.at(2, 2), p.board.initial_player()));
    CHECK(frozen.checks() == 0);
}
