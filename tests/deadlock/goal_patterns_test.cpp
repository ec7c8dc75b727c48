// tests/deadlock/goal_patterns_test: goal rooms that can no longer be filled
// (deadlock/goal_patterns.hpp) on hand-made boards where freeze, frozen
// goals and the matching bound see nothing; XSokoban 29's sealed rows (the
// state its searches got stuck in); and soundness: every state it calls
// dead on random walks through Microban is unsolvable for A* without it;
// and the areas a Scratch remembers answer as a fresh fill does.
#include <doctest/doctest.h>

#include <atomic>
#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/deadlock.hpp"
#include "deadlock/frozen_goals.hpp"
#include "deadlock/goal_patterns.hpp"
#include "heuristic/heuristic.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "position.hpp"
#include "search/search.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Cell;
using testing::BoardState;

namespace {

// Row 4 of goals is filled in alternate squares; under it a full row. The
// pocket on (2,4) is entered only by pushing (3,4) left from (4,4), and
// (4,4) only by pushing (5,4) left, after which (4,4) is never empty with
// the player beside it: dead. No box there is frozen but (1,4) and the
// bottom row, and every box can reach an empty goal alone.
const char* const sealed_row = R"(
##########
#@       #
#  $ $   #
######  ##
#*.*.*  #
#*****###
#######
)";

// The same goals with the gaps one square to the right: (4,4) is pushed
// into (3,4) from (5,4), and the row fills from its open end.
const char* const open_row = R"(
##########
#@       #
#  $ $   #
######  ##
#**.*.  #
#*****###
#######
)";

// A* without goal patterns: the reference for the verdicts.
bool astar_unsolvable(const std::string& text) {
    const level::Level level = level::parse_collection(text, "test").at(0);
    const board::Board board(level);
    search::Options options;
    options.goal_patterns = false;
    return search::astar(board, options).outcome == search::Outcome::unsolvable;
}

// Random boxes on the goals of `board` into `boxes` (each goal full with
// probability one half), a random free square for the player and a random
// goal as the square a box moved from.
struct GoalFilling {
    Cell player, from;
};
GoalFilling random_goal_filling(const board::Board& board, std::mt19937& rng, std::vector<uint64_t>& boxes) {
    std::fill(boxes.begin(), boxes.end(), 0);
    for (Cell g : board.goals())
        if (rng() % 2) state::set_box(boxes.data(), g);
    Cell player;
    do player = static_cast<Cell>(rng() % board.cells());
    while (state::has_box(boxes.data(), player));
    return {player, board.goals()[rng() % board.goals().size()]};
}

}  // namespace

TEST_CASE("goal patterns: a row of goals filled in alternate squares is sealed; freeze, frozen goals and matching miss it") {
    BoardState p(sealed_row);
    const Cell player = p.board.initial_player();
    CHECK_FALSE(deadlock::is_freeze_deadlock(p.board, p.boxes.data(), p.at(5, 4), player));
    CHECK_FALSE(deadlock::is_freeze_deadlock(p.board, p.boxes.data(), p.at(3, 4), player));
    heuristic::Heuristic h(p.board, heuristic::Kind::matching);
    CHECK(h.evaluate(p.boxes.data(), player) != heuristic::dead);
    deadlock::FrozenGoals frozen(p.board);
    CHECK_FALSE(frozen.is_dead(p.boxes.data(), p.at(1, 4), player));
    deadlock::GoalPatterns patterns(p.board);
    deadlock::GoalPatterns::Scratch scratch(p.board);
    CHECK(patterns.groups() == 1);
    CHECK(patterns.tested_groups() == 1);
    CHECK(patterns.is_dead(p.boxes.data(), player, board::no_cell, p.at(5, 4), scratch));
    // A move that touches no goal of the group is not tested.
    CHECK_FALSE(patterns.is_dead(p.boxes.data(), player, p.at(3, 1), p.at(4, 1), scratch));
    CHECK(astar_unsolvable(sealed_row));
}

TEST_CASE("goal patterns: the same row with its gaps one square on is alive") {
    BoardState p(open_row);
    deadlock::GoalPatterns patterns(p.board);
    deadlock::GoalPatterns::Scratch scratch(p.board);
    CHECK_FALSE(patterns.is_dead(p.boxes.data(), p.board.initial_player(), board::no_cell, p.at(5, 4), scratch));
    CHECK_FALSE(astar_unsolvable(open_row));
}

TEST_CASE("goal patterns: XSokoban 29, the two goal rows its searches sealed") {
    // The most packed state fess reached on XSokoban 29 in 15 s: row 7 holds
    // boxes on alternate goals, row 8 is full but for (13,8). Every test the
    // searches ran let it through (its matching bound is 83).
    BoardState p(R"(
###################
#   ###############
# $  ##############
## # #       ######
## #    # #   #   #
#  #        #  $  #
#  ### ######### ##
#  ## *..*.*.*@# ##
## ## *******. # ##
# $########## ##$ #
#  $              #
#  #   #   #   #  #
###################
)");
    const Cell player = p.board.initial_player();
    heuristic::Heuristic h(p.board, heuristic::Kind::matching);
    CHECK(h.evaluate(p.boxes.data(), player) != heuristic::dead);
    deadlock::GoalPatterns patterns(p.board);
    deadlock::GoalPatterns::Scratch scratch(p.board);
    CHECK(patterns.tested_groups() == 1);
    CHECK(patterns.is_dead(p.boxes.data(), player, board::no_cell, p.at(13, 7), scratch));
}

TEST_CASE("goal patterns: a group with more relaxed states than the limit is never dead") {
    BoardState p(sealed_row);
    deadlock::GoalPatterns patterns(p.board, 10);
    deadlock::GoalPatterns::Scratch scratch(p.board);
    CHECK(patterns.groups() == 1);
    CHECK(patterns.tested_groups() == 0);
    CHECK(patterns.states() == 0);
    CHECK_FALSE(patterns.is_dead(p.boxes.data(), p.board.initial_player(), board::no_cell, p.at(5, 4), scratch));
}

TEST_CASE("goal patterns: every state it calls dead on random walks through Microban is unsolvable") {
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    std::mt19937 rng(20261125);
    int dead_found = 0, checked_levels = 0;
    for (const level::Level& level : collection) {
        const board::Board board(level);
        if (board.boxes() > 6) continue;
        deadlock::GoalPatterns patterns(board);
        deadlock::GoalPatterns::Scratch scratch(board);
        if (patterns.tested_groups() == 0) continue;
        ++checked_levels;
        dead_found += testing::walk_to_dead_states(
            board, rng, 30, 60,
            [&](const uint64_t* boxes, Cell player, Cell from, Cell to) {
                return patterns.is_dead(boxes, player, from, to, scratch);
            },
            [&](const std::string& text) {
                INFO("microban level ", level.number, ", called dead:\n", text);
                CHECK(astar_unsolvable(text));
            });
    }
    MESSAGE(dead_found, " states called dead on ", checked_levels, " levels, each unsolvable for A*");
    CHECK(checked_levels >= 50);
    CHECK(dead_found >= 20);
}

TEST_CASE("goal patterns: the Scratch's remembered areas give the verdicts of a fresh fill") {
    // Random boxes on the goals (each goal full with probability one half)
    // and a random player square: far more relaxed sets per group than the
    // Scratch's slots, so slots are taken over again and again. One Scratch
    // kept across every call must answer as a new Scratch per call does.
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    std::mt19937 rng(20261128);
    int calls = 0, dead = 0, levels = 0;
    for (const level::Level& level : collection) {
        const board::Board board(level);
        deadlock::GoalPatterns patterns(board);
        if (patterns.tested_groups() == 0) continue;
        ++levels;
        deadlock::GoalPatterns::Scratch kept(board);
        std::vector<uint64_t> boxes(board.words());
        for (int i = 0; i < 200; ++i) {
            const auto [player, from] = random_goal_filling(board, rng, boxes);
            deadlock::GoalPatterns::Scratch fresh(board);
            const bool want = patterns.is_dead(boxes.data(), player, from, board::no_cell, fresh);
            const bool got = patterns.is_dead(boxes.data(), player, from, board::no_cell, kept);
            INFO("microban level ", level.number, ", call ", i);
            REQUIRE(got == want);
            ++calls;
            dead += want;
        }
    }
    MESSAGE(calls, " calls on ", levels, " levels, ", dead, " dead");
    CHECK(levels >= 50);
    CHECK(dead >= calls / 20);
}

TEST_CASE("goal patterns: a cancel set while they are searched leaves the groups untested") {
    const board::Board board(
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(28));  // XSokoban 29
    REQUIRE(deadlock::GoalPatterns(board).tested_groups() > 0);
    std::atomic<bool> cancel{true};
    const deadlock::GoalPatterns cut(board, deadlock::GoalPatterns::default_max_states, &cancel);
    CHECK(cut.tested_groups() == 0);
    CHECK(cut.groups() > 0);
}

TEST_CASE("goal patterns: the table built on several threads is the table built on one" * doctest::test_suite("threads")) {
    // These XSokoban goal rooms reach 9,000-42,000 relaxed states, so the
    // searches share out blocks of their queues; random goal fillings and
    // players must get one thread's verdicts, and a limit cut the same groups.
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb");
    std::mt19937 rng(20261130);
    int shared_out = 0;
    for (int number : {9, 15, 22, 29, 51, 57}) {
        const board::Board board(collection.at(number - 1));
        const deadlock::GoalPatterns one(board);
        if (one.states() >= deadlock::GoalPatterns::parallel_states + deadlock::GoalPatterns::block_heads) ++shared_out;
        for (int threads : {2, 3}) {
            INFO("xsokoban ", number, ", ", threads, " threads");
            const deadlock::GoalPatterns many(board, deadlock::GoalPatterns::default_max_states, nullptr, threads);
            REQUIRE(many.groups() == one.groups());
            REQUIRE(many.tested_groups() == one.tested_groups());
            REQUIRE(many.states() == one.states());
            const size_t limit = one.states() / 2;  // cuts the largest group at least
            const deadlock::GoalPatterns cut_one(board, limit), cut_many(board, limit, nullptr, threads);
            CHECK(cut_many.tested_groups() == cut_one.tested_groups());
            CHECK(cut_many.states() == cut_one.states());
            deadlock::GoalPatterns::Scratch a(board), b(board);
            std::vector<uint64_t> boxes(board.words());
            for (int i = 0; i < 300; ++i) {
                const auto [player, from] = random_goal_filling(board, rng, boxes);
                REQUIRE(many.is_dead(boxes.data(), player, from, board::no_cell, b) ==
                        one.is_dead(boxes.data(), player, from, board::no_cell, a));
            }
        }
    }
    CHECK(shared_out >= 4);
}
