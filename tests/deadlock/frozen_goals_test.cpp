// tests/deadlock/frozen_goals_test: boxes frozen on goals taken as walls, on
// hand-made goal rooms where the freeze test alone (every frozen box is on a
// goal) and the matching bound (distances on the empty board) see nothing.
#include <doctest/doctest.h>

#include "deadlock/deadlock.hpp"
#include "deadlock/frozen_goals.hpp"
#include "heuristic/heuristic.hpp"
#include "level/level.hpp"
#include "position.hpp"
#include "search/search.hpp"

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

TEST_CASE("frozen goals in A*: the room is packed from the back, and the pruned orders change no push count") {
    // Six boxes, a goal room two squares wide and three deep behind a door
    // row. Packing the door row or the middle row first freezes a 2x2 block
    // in front of empty goals; A* with the check prunes those pushes and
    // finds the same optimum as A* without it.
    const char* const room = R"(
#########
#@      #
# $ $ $ #
# $ $ $ #
#       #
###..####
  #..#
  #..#
  ####
)";
    const level::Level level = level::parse_collection(room, "room").at(0);
    const board::Board board(level);
    search::Options options;
    options.pi_corral = false;  // every order of the pushes is open to the search
    options.goal_patterns = false;
    options.deadlock_search = false;
    options.frozen_goals = false;
    const search::SearchResult off = search::astar(board, options);
    options.frozen_goals = true;
    const search::SearchResult on = search::astar(board, options);
    REQUIRE(off.outcome == search::Outcome::solved);
    REQUIRE(on.outcome == search::Outcome::solved);
    CHECK(on.pushes.size() == off.pushes.size());
    CHECK(off.stats.pruned_frozen_goals == 0);
    CHECK(on.stats.pruned_frozen_goals > 0);
    MESSAGE("optimum ", on.pushes.size(), "; expanded ", off.stats.expanded, " without the check, ",
            on.stats.expanded, " with it (", on.stats.pruned_frozen_goals, " pushes pruned)");
}
