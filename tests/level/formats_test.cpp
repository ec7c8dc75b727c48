// tests/level/formats_test: the level and solution formats beside plain XSB:
// the `p P b B` letters, run-length encoded rows (`4#|#@$.#`), run-length
// solutions (`3r2U`, groups `2(lu)`), and SOK collections with their
// comment blocks and solution sections. Bad input of each kind is in the
// parse corpus (tests/parse/rle_*, solution_*).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "level/level.hpp"
#include "level/run_length.hpp"

using namespace hdasoko::level;

namespace {

Level one(const std::string& text) { return parse_collection(text, "x").at(0); }

std::string decoded(const std::string& text) {
    std::string lurd, error;
    int at = -1;
    REQUIRE_MESSAGE(decode_solution(text, lurd, error, at), error);
    return lurd;
}

std::string decode_error(const std::string& text, int& at) {
    std::string lurd, error;
    CHECK_FALSE(decode_solution(text, lurd, error, at));
    return error;
}

}  // namespace

TEST_CASE("formats: p P b B read as @ + $ *") {
    const Level letters = one("#######\n#pb.  #\n#  B  #\n#######\n");
    const Level symbols = one("#######\n#@$.  #\n#  *  #\n#######\n");
    CHECK(letters.rows == symbols.rows);
    CHECK(one("######\n#Pb  #\n######\n").at(1, 1) == '+');
}

TEST_CASE("formats: run-length rows expand, `|` separates rows") {
    const Level plain = one("#######\n#@$ . #\n#######\n");
    SUBCASE("one line") { CHECK(one("7#|#@$-.-#|7#").rows == plain.rows); }
    SUBCASE("a row per line, mixed with plain rows") {
        const Level mixed = one("7#\n#@$ . #\n7#\n");
        CHECK(mixed.rows == plain.rows);
        CHECK(mixed.first_line == 1);
    }
    SUBCASE("counts of several digits and letters as squares") {
        const Level wide = one("15#|#pb10-.#|15#");
        CHECK(wide.width == 15);
        CHECK(wide.rows[1] == "#@$          .#");
    }
}

TEST_CASE("formats: errors in run-length rows point at the source column") {
    try {
        parse_collection("8#|#@$..$ #|8#", "x");  // 2 boxes, 2 goals: valid
    } catch (const ParseError& error) {
        FAIL(error.what());
    }
    try {
        parse_collection("6#|#@ $.#|#  #|6#", "x");  // row 3 is short: open at its end
        FAIL("no ParseError");
    } catch (const ParseError& error) {
        CHECK(error.line() == 1);
        CHECK(error.message().find("board not closed") != std::string::npos);
    }
}

// Found by the parse fuzzer: a leading `|` made an empty first row, which
// to_xsb wrote as a blank line, so the level did not read back the same.
TEST_CASE("formats: a separator at either end of a run-length line adds no row; inside, an empty row is an error") {
    const Level plain = one("#######\n#@$ . #\n#######\n");
    CHECK(one("|7#|#@$-.-#|7#").rows == plain.rows);
    CHECK(one("7#|#@$-.-#|7#|").rows == plain.rows);
    CHECK(one("3-|7#|#@$-.-#|7#").rows == plain.rows);
    const Level first = one("|7#|#@$-.-#|7#");
    CHECK(parse_collection(to_xsb(first), "again").at(0).rows == first.rows);
    try {
        parse_collection("7#|#@$-.-#||7#", "x");
        FAIL("no ParseError");
    } catch (const ParseError& error) {
        CHECK(error.line() == 1);
        CHECK(error.column() == 12);
        CHECK(error.message().find("empty row") != std::string::npos);
    }
}

// Found by the parse fuzzer: a `|` part of boxes on goals only ("6#|31B")
// made a row without a wall, which XSB does not read as a board row, so the
// level did not read back the same.
TEST_CASE("formats: a run-length row without a wall is an error at its column") {
    try {
        parse_collection("5#|#@$.#|5#|3*", "x");
        FAIL("no ParseError");
    } catch (const ParseError& error) {
        CHECK(error.line() == 1);
        CHECK(error.column() == 14);  // its first square
        CHECK(error.message().find("row without a wall") != std::string::npos);
    }
    const Level walled = one("5#|#@$.#|5#|#3*");  // a wall in the row: a row
    CHECK(parse_collection(to_xsb(walled), "again").at(0).rows == walled.rows);
}

TEST_CASE("formats: run-length solutions") {
    CHECK(decoded("3r2U") == "rrrUU");
    CHECK(decoded("lurd") == "lurd");
    CHECK(decoded("2(lu)R") == "luluR");
    CHECK(decoded("2(l2(uR))") == "luRuRluRuR");
    CHECK(decoded("10l\n 2R") == "llllllllllRR");
    int at = -1;
    CHECK(decode_error("3", at) == "run length 3 without a move after it");
    CHECK(at == 0);
    CHECK(decode_error("ur 0l", at) == "run length 0 out of range (1..4096)");
    CHECK(at == 3);
    CHECK(decode_error("lu)", at) == "')' without a '(' before it");
    CHECK(at == 2);
    CHECK(decode_error("l(u", at) == "'(' without a ')' after it");
    CHECK(at == 1);
    CHECK(decode_error("99999l", at).find("out of range") != std::string::npos);
}

TEST_CASE("formats: SOK collections with comment blocks and solution sections") {
    const char* text = R"(::   Wall   #  #   ::
::   Pusher p  @   ::
Comment:
####### this block is text, not a board
Comment-End:

; first
#####
#@$.#
#####
Title: One
Author: someone
Solution (1/1)
R

Solution (2/2) a longer one
l
r2R

#######
#@ $ .#
#######
Title: Two
Solution: 2R
)";
    const std::vector<Level> levels = parse_collection(text, "c.sok");
    REQUIRE(levels.size() == 2);
    CHECK(levels[0].title == "One");
    REQUIRE(levels[0].solutions.size() == 2);
    CHECK(levels[0].solutions[0].name == "(1/1)");
    CHECK(levels[0].solutions[0].line == 13);
    CHECK(levels[0].solutions[0].lurd == "R");
    CHECK(levels[0].solutions[1].name == "(2/2) a longer one");
    CHECK(levels[0].solutions[1].lurd == "lrRR");
    CHECK(levels[1].title == "Two");
    REQUIRE(levels[1].solutions.size() == 1);
    CHECK(levels[1].solutions[0].lurd == "RR");
}

TEST_CASE("formats: a line starting with 'Solutions' is not a section") {
    const Level level = one("#####\n#@$.#\n#####\nSolutions are welcome\nR\n");
    CHECK(level.solutions.empty());
}
