// tests/solution/verify_test: the independent verifier on small hand-made
// boards. Accepts solutions (whitespace ignored, counts pushes and moves) and
// rejects every kind of illegal move at the right step, and unfinished
// solutions; never trusts the level to be well formed.
#include <doctest/doctest.h>

#include <string>

#include "level/level.hpp"
#include "solution/verify.hpp"

using hdasoko::level::Level;
using hdasoko::level::parse_collection;
using hdasoko::solution::verify;
using hdasoko::solution::Verdict;

namespace {

// Player, then a box, then a goal, in a corridor.
const char* const corridor = R"(
#######
#@ $ .#
#######
)";

// Solved by "dRurD": push right, walk around, push down.
const char* const room = R"(
#####
#@  #
# $ #
#  .#
#####
)";

// Two boxes side by side.
const char* const pair = R"(
########
#@$$ ..#
########
)";

Level level_of(const char* text) { return parse_collection(text, "inline").at(0); }

void check_rejected(const char* board, const char* lurd, int step, const char* error) {
    CAPTURE(lurd);
    const Verdict verdict = verify(level_of(board), lurd);
    CHECK_FALSE(verdict.ok);
    CHECK(verdict.step == step);
    CHECK(verdict.error == error);
}

}  // namespace

TEST_CASE("verify: accepts a solution and counts its pushes and moves") {
    const Verdict verdict = verify(level_of(corridor), "rRR");
    CHECK(verdict.ok);
    CHECK(verdict.moves == 3);
    CHECK(verdict.pushes == 2);
    CHECK(verdict.step == 0);
    CHECK(verdict.error.empty());
}

TEST_CASE("verify: accepts a solution that turns corners") {
    const Verdict verdict = verify(level_of(room), "dRurD");
    CHECK(verdict.ok);
    CHECK(verdict.moves == 5);
    CHECK(verdict.pushes == 2);
}

TEST_CASE("verify: whitespace anywhere is ignored") {
    const Verdict verdict = verify(level_of(room), " d R\n u\tr\r\nD \n");
    CHECK(verdict.ok);
    CHECK(verdict.moves == 5);
}

TEST_CASE("verify: legal moves after the last push still solve it") {
    CHECK(verify(level_of(corridor), "rRRll").ok);
}

TEST_CASE("verify: a level already solved is solved by the empty string") {
    const Verdict verdict = verify(level_of("#####\n#@* #\n#####\n"), "");
    CHECK(verdict.ok);
    CHECK(verdict.moves == 0);
}

TEST_CASE("verify: rejects a character that is not a move") {
    check_rejected(corridor, "rxRR", 2, "step 2: 'x' is not a LURD move");
    check_rejected(corridor, "r1", 2, "step 2: '1' is not a LURD move");
    check_rejected(corridor, "r\x01", 2, "step 2: '\\x01' is not a LURD move");
}

TEST_CASE("verify: the step counts letters, not whitespace") {
    check_rejected(corridor, " r \n r", 2, "step 2: 'r' walks into a box (a push is upper case)");
}

TEST_CASE("verify: rejects walking into a wall") {
    check_rejected(corridor, "l", 1, "step 1: 'l' walks into a wall");
    check_rejected(room, "dl", 2, "step 2: 'l' walks into a wall");
}

TEST_CASE("verify: rejects a lower-case move into a box") {
    check_rejected(corridor, "rr", 2, "step 2: 'r' walks into a box (a push is upper case)");
}

TEST_CASE("verify: rejects an upper-case move without a box") {
    check_rejected(corridor, "R", 1, "step 1: 'R' pushes but there is no box to push");
    check_rejected(corridor, "U", 1, "step 1: 'U' pushes into a wall");
}

TEST_CASE("verify: rejects pushing a box into a wall or another box") {
    check_rejected(corridor, "rRRR", 4, "step 4: 'R' pushes a box into a wall");
    check_rejected(room, "dRurDD", 6, "step 6: 'D' pushes a box into a wall");
    check_rejected(pair, "R", 1, "step 1: 'R' pushes a box into another box");
}

TEST_CASE("verify: rejects an unfinished solution") {
    const Verdict partial = verify(level_of(corridor), "rR");
    CHECK_FALSE(partial.ok);
    CHECK(partial.step == 0);
    CHECK(partial.moves == 2);
    CHECK(partial.pushes == 1);
    CHECK(partial.error == "not solved: 1 box is off goals after 2 moves");
    CHECK(verify(level_of(pair), "").error ==
          "not solved: 2 boxes are off goals after 0 moves");
}

TEST_CASE("verify: counts stop at the first bad move") {
    const Verdict verdict = verify(level_of(room), "dRurDDu");
    CHECK(verdict.moves == 5);
    CHECK(verdict.pushes == 2);
    CHECK(verdict.step == 6);
}

TEST_CASE("verify: a malformed level is an error, not a crash") {
    Level open;
    open.rows = {"@$.", " "};  // no walls, ragged rows
    open.width = 3;
    open.height = 2;
    const Verdict off = verify(open, "L");
    CHECK_FALSE(off.ok);
    CHECK(off.error == "step 1: 'L' walks off the board");
    CHECK(verify(open, "RR").error == "step 2: 'R' pushes a box off the board");
    CHECK(verify(open, "d").ok == false);
    CHECK(verify(open, "dr").error == "step 2: 'r' walks off the board");
    Level empty;
    CHECK(verify(empty, "").error == "the level has 0 players; it needs exactly one");
}
