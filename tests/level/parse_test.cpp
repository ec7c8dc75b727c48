// tests/level/parse_test: the XSB parser. The bad-level corpus in tests/parse/
// (one file per error, each checked for line, column and message), the good
// forms (floor aliases, titles, collections, CRLF), selection by number and
// title, the shipped collections, and inputs that must not crash it.
#include <doctest/doctest.h>

#include <filesystem>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "level/level.hpp"

using namespace hdasoko::level;

namespace {

std::string source_path(const std::string& relative) {
    return std::string(HDASOKO_SOURCE_DIR) + "/" + relative;
}

struct Expected {
    const char* file;
    int line;
    int column;
    const char* message;  // a substring of ParseError::message()
};

// One row per file of tests/parse/; a file without a row fails the suite.
const Expected corpus[] = {
    {"unknown_character.xsb", 5, 4, "unknown character 'x' in a board row"},
    {"tab_in_board.xsb", 4, 2, "tab in a board row: use spaces"},
    {"no_player.xsb", 3, 1, "no player ('@' or '+') in the level"},
    {"two_players.xsb", 5, 2, "more than one player: the first is at line 4, column 2"},
    {"no_boxes.xsb", 3, 1, "no boxes in the level"},
    {"box_goal_mismatch.xsb", 3, 1, "boxes and goals differ: 2 boxes, 1 goal"},
    {"board_not_closed.xsb", 6, 3,
     "board not closed: the player can walk off the board at line 6, column 3"},
    {"board_not_closed_short_line.xsb", 5, 4,
     "board not closed: the player can walk off the board at line 5, column 4"},
    {"box_outside_area.xsb", 5, 7, "box outside the player's area is not on a goal"},
    {"goal_outside_area.xsb", 5, 6, "goal outside the player's area has no box"},
    {"too_large.xsb", 3, 1, "level too large: 1444 interior squares (limit 1024)"},
    {"too_wide.xsb", 3, 257, "level too wide: 300 columns (limit 256)"},
    {"too_tall.xsb", 259, 1, "level too tall: 300 rows (limit 256)"},
    {"too_many_boxes.xsb", 3, 1, "too many boxes: 256 (limit 255)"},
    {"empty_file.xsb", 0, 0, "empty file: no level in it"},
    {"no_level.xsb", 0, 0, "no level in file"},
    {"rle_run_without_square.xsb", 4, 7, "run length 7 without a character after it"},
    {"rle_run_out_of_range.xsb", 3, 10, "run length 0 out of range (1..4096)"},
    {"rle_two_players.xsb", 3, 6, "more than one player: the first is at line 3, column 5"},
    {"solution_run_without_move.xsb", 10, 3, "bad solution: run length 3 without a move after it"},
    {"solution_unclosed_group.xsb", 8, 2, "bad solution: '(' without a ')' after it"},
    {"solution_before_level.xsb", 1, 1, "solution section before any level"},
};

void check_error(const Expected& expected) {
    CAPTURE(expected.file);
    const std::string path = source_path(std::string("tests/parse/") + expected.file);
    try {
        load_collection(path);
        FAIL("no ParseError for ", expected.file);
    } catch (const ParseError& error) {
        CHECK(error.file() == path);
        CHECK(error.line() == expected.line);
        CHECK(error.column() == expected.column);
        CHECK_MESSAGE(error.message().find(expected.message) != std::string::npos,
                      error.message());
    }
}

// The ParseError of parsing `text`, or a failed check when it parses.
ParseError error_of(const std::string& text) {
    try {
        parse_collection(text, "inline");
    } catch (const ParseError& error) {
        return error;
    }
    FAIL("no ParseError for:\n", text);
    return ParseError("", 0, 0, "");
}

const char* const small = R"(; 7
#####
#@$.#
#####
)";

}  // namespace

TEST_CASE("parse corpus: every bad level fails at its line and column") {
    for (const Expected& expected : corpus) check_error(expected);
}

TEST_CASE("parse corpus: every file of tests/parse is checked") {
    std::set<std::string> listed;
    for (const Expected& expected : corpus) listed.insert(expected.file);
    int files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(source_path("tests/parse"))) {
        const std::string name = entry.path().filename().string();
        CHECK_MESSAGE(listed.count(name) == 1, name, " has no row in the corpus table");
        ++files;
    }
    CHECK(files == static_cast<int>(listed.size()));
}

TEST_CASE("parse error: what() reads file:line:column: message") {
    const ParseError error("a.xsb", 3, 7, "no player");
    CHECK(std::string(error.what()) == "a.xsb:3:7: no player");
}

TEST_CASE("parse: a small level in canonical form") {
    const std::vector<Level> levels = parse_collection(small, "small.xsb");
    REQUIRE(levels.size() == 1);
    const Level& level = levels[0];
    CHECK(level.title == "7");
    CHECK(level.source == "small.xsb");
    CHECK(level.number == 1);
    CHECK(level.first_line == 2);
    CHECK(level.width == 5);
    CHECK(level.height == 3);
    CHECK(level.at(1, 1) == '@');
    CHECK(level.at(2, 1) == '$');
    CHECK(level.at(3, 1) == '.');
    CHECK(to_xsb(level) == "#####\n#@$.#\n#####");
}

TEST_CASE("parse: '-' and '_' are floor; short rows are padded") {
    const char* text = "####\n#.-###\n#_@$ #\n######\n";
    const Level level = parse_collection(text, "x").at(0);
    CHECK(level.width == 6);
    CHECK(level.rows[0] == "####  ");
    CHECK(level.rows[1] == "#. ###");
    CHECK(level.rows[2] == "# @$ #");
    CHECK(to_xsb(level) == "####\n#. ###\n# @$ #\n######");
}

TEST_CASE("parse: '*' and '+' are a box and a player on a goal") {
    const char* text = "######\n#+$* #\n######\n";
    const Level level = parse_collection(text, "x").at(0);
    CHECK(level.at(1, 1) == '+');
    CHECK(level.at(3, 1) == '*');
}

TEST_CASE("parse: a box on a goal may sit outside the player's area") {
    const char* text = "#########\n#@$.#   #\n#   # * #\n#########\n";
    CHECK(parse_collection(text, "x").at(0).at(6, 2) == '*');
}

TEST_CASE("parse: titles from comments and Title: lines") {
    SUBCASE("the last comment before the board") {
        const char* text = "; Collection header\n; First\n\n#####\n#@$.#\n#####\n";
        CHECK(parse_collection(text, "x").at(0).title == "First");
    }
    SUBCASE("a Title: line after the board wins over the comment") {
        const char* text = "; 12\n#####\n#@$.#\n#####\nTitle:  Real name  \nAuthor: someone\n";
        CHECK(parse_collection(text, "x").at(0).title == "Real name");
    }
    SUBCASE("a Title: line belongs to the board before it, not the next") {
        const char* text = "#####\n#@$.#\n#####\nTitle: A\n\n; b\n#####\n#@$.#\n#####\n";
        const std::vector<Level> levels = parse_collection(text, "x");
        CHECK(levels.at(0).title == "A");
        CHECK(levels.at(1).title == "b");
    }
    SUBCASE("no comment and no Title: gives an empty title") {
        CHECK(parse_collection("#####\n#@$.#\n#####", "x").at(0).title.empty());
    }
    SUBCASE("empty comments do not name a level") {
        CHECK(parse_collection("; A\n;\n#####\n#@$.#\n#####", "x").at(0).title == "A");
    }
}

TEST_CASE("parse: a collection numbers its levels and records their lines") {
    const char* text = "; one\n\n#####\n#@$.#\n#####\n\n; two\n\n######\n#@$ .#\n######\n";
    const std::vector<Level> levels = parse_collection(text, "c.xsb");
    REQUIRE(levels.size() == 2);
    CHECK(levels[0].number == 1);
    CHECK(levels[0].first_line == 3);
    CHECK(levels[1].number == 2);
    CHECK(levels[1].first_line == 9);
    CHECK(levels[1].title == "two");
    CHECK(levels[1].width == 6);
}

TEST_CASE("parse: an error in the second level names its line") {
    const ParseError error =
        error_of("#####\n#@$.#\n#####\n\n#####\n#@$.#\n#@$.#\n#####\n");
    CHECK(error.line() == 7);
    CHECK(error.column() == 2);
    CHECK(error.message().find("more than one player") != std::string::npos);
}

TEST_CASE("parse: CRLF line endings read like LF") {
    const char* text = "; 1\r\n\r\n#####\r\n#@$.#\r\n#####\r\nTitle: CR\r\n";
    const Level level = parse_collection(text, "x").at(0);
    CHECK(level.title == "CR");
    CHECK(level.width == 5);
    CHECK(level.rows[1] == "#@$.#");
}

TEST_CASE("parse: a line of board characters with a wall is a board row") {
    // Its left wall is missing: it still belongs to the board, which is open.
    const ParseError error = error_of("#####\n#@$.#\n  ###\n");
    CHECK(error.line() == 3);
    CHECK(error.message().find("board not closed") != std::string::npos);
}

TEST_CASE("parse: unknown characters are quoted readably") {
    CHECK(error_of("#####\n#@$.#\n#\x01###\n").message().find("'\\x01'") != std::string::npos);
    CHECK(error_of("#####\n#@$.#\r\r\n#####\n").message().find("'\\r'") != std::string::npos);
}

TEST_CASE("select_level: by number, and out of range names the file and range") {
    const std::vector<Level> levels = parse_collection(small, "s.xsb");
    CHECK(&select_level(levels, 1, "s.xsb") == &levels[0]);
    for (int number : {0, 2, -1}) {
        CAPTURE(number);
        try {
            select_level(levels, number, "s.xsb");
            FAIL("no ParseError");
        } catch (const ParseError& error) {
            CHECK(error.message() == "level " + std::to_string(number) +
                                         " out of range: s.xsb has 1 level (1..1)");
            CHECK(error.line() == 0);
        }
    }
}

TEST_CASE("select_level_by_title: finds the first match, else a ParseError") {
    const std::vector<Level> levels = load_collection(source_path("levels/xsokoban.xsb"));
    CHECK(select_level_by_title(levels, "42", "xsokoban.xsb").number == 42);
    CHECK_THROWS_WITH_AS(select_level_by_title(levels, "91", "xsokoban.xsb"),
                         doctest::Contains("no level titled \"91\""), ParseError);
}

TEST_CASE("load_collection: the shipped collections parse, titled 1..n") {
    for (const auto& [file, count] : {std::pair{"levels/xsokoban.xsb", 90},
                                      std::pair{"levels/microban.xsb", 155}}) {
        CAPTURE(file);
        const std::vector<Level> levels = load_collection(source_path(file));
        REQUIRE(levels.size() == static_cast<size_t>(count));
        for (int i = 0; i < count; ++i) {
            CHECK(levels[i].number == i + 1);
            CHECK(levels[i].title == std::to_string(i + 1));
        }
        CHECK(select_level(levels, count, file).number == count);
        CHECK_THROWS_WITH_AS(select_level(levels, count + 1, file),
                             doctest::Contains("out of range"), ParseError);
    }
}

TEST_CASE("load_collection: canonical text parses back to the same level") {
    for (const Level& level : load_collection(source_path("levels/xsokoban.xsb"))) {
        const Level again = parse_collection(to_xsb(level), "again").at(0);
        CHECK(again.rows == level.rows);
    }
}

TEST_CASE("load_collection: an unreadable file is a ParseError with the OS reason") {
    SUBCASE("missing") {
        const std::string path = source_path("tests/parse/does_not_exist.xsb");
        CHECK_THROWS_WITH_AS(load_collection(path),
                             doctest::Contains(":0:0: cannot open file: No such file"), ParseError);
    }
    SUBCASE("a directory") {
        CHECK_THROWS_WITH_AS(load_collection(source_path("tests/parse")),
                             doctest::Contains("Is a directory"), ParseError);
    }
}

TEST_CASE("parse: hostile input never crashes") {
    SUBCASE("empty lines, blanks only, a lone wall") {
        for (const char* text :
             {"", "\n", "\n\n\n", "   \n\t\n", "#", "#\n#", "\r", ";", "Title:"}) {
            CAPTURE(text);
            CHECK_THROWS_AS(parse_collection(text, "x"), ParseError);
        }
    }
    SUBCASE("a huge line and binary data") {
        CHECK_THROWS_AS(parse_collection(std::string(1 << 22, '#'), "x"), ParseError);
        std::string binary(4096, '\0');
        for (size_t i = 0; i < binary.size(); ++i) binary[i] = static_cast<char>(i * 131);
        CHECK_THROWS_AS(parse_collection(binary, "x"), ParseError);
        CHECK_THROWS_AS(parse_collection("#" + binary, "x"), ParseError);
    }
    SUBCASE("random edits of valid levels") {
        const unsigned seed = 20240611;
        std::mt19937 random(seed);
        const std::string alphabet = "#  @$.*+-_\n\r\t;x";
        const std::string base = "; t\n  ####\n###  ####\n#     $ #\n# #  #$ #\n# . .#@ #\n"
                                 "#########\n\n####\n# .#\n#  ###\n#*@  #\n#  $ #\n#  ###\n####\n";
        REQUIRE(parse_collection(base, "base").size() == 2);
        int parsed = 0;
        for (int round = 0; round < 3000; ++round) {
            std::string text = base;
            for (int edit = 1 + random() % 3; edit > 0; --edit) {
                const size_t at = random() % text.size();
                const char c = alphabet[random() % alphabet.size()];
                switch (random() % 3) {
                case 0: text[at] = c; break;
                case 1: text.insert(text.begin() + at, c); break;
                default: text.erase(at, 1 + random() % 4); break;
                }
            }
            CAPTURE(seed);
            CAPTURE(round);
            try {
                for (const Level& level : parse_collection(text, "fuzz")) {
                    ++parsed;
                    CHECK(static_cast<int>(level.rows.size()) == level.height);
                    for (const std::string& row : level.rows) {
                        CHECK(static_cast<int>(row.size()) == level.width);
                    }
                }
            } catch (const ParseError& error) {
                CHECK(error.line() >= 1);
                CHECK(error.column() >= 1);
            }
        }
        CHECK(parsed > 0);
    }
}
