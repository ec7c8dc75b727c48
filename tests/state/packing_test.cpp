// tests/state/packing_test: how the search's arenas keep states
// (state::Packing): boxes as bits over the live (not dead) cells, then the
// player. Packing and unpacking give the state back on rooms of many sizes
// (the player's bits straddling a word boundary among them); stored forms
// are equal exactly when the states are; XSokoban 7 (64 cells, 43 live)
// takes one word instead of two; a level with nothing to gain keeps the
// working layout.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "state/packing.hpp"

using namespace hdasoko;

namespace {

level::Level level_of(const std::string& text) { return level::parse_collection(text, "inline").at(0); }

// A room of width x height floor squares with one box, its goal in the
// middle and the player.
std::string room(int width, int height) {
    std::string text = std::string(width + 2, '#') + "\n";
    for (int y = 0; y < height; ++y) {
        std::string row(width, ' ');
        if (y == 0) row[0] = '@';
        if (y == height / 2) row[width / 2] = '.', row[width / 2 - 1] = '$';
        text += "#" + row + "#\n";
    }
    return text + std::string(width + 2, '#') + "\n";
}

// Random states: boxes on random live cells, the player on any cell.
void check_round_trips(const board::Board& b) {
    const state::Packing packing(b);
    const int words = b.words();
    std::mt19937_64 rng(7);
    std::vector<uint64_t> s(words + 1), t(words + 1), stored(packing.stride()), other(packing.stride()),
        back(words + 1);
    for (int round = 0; round < 100; ++round) {
        for (int w = 0; w <= words; ++w) s[w] = 0;
        for (board::Cell c = 0; c < b.cells(); ++c)
            if (!b.is_dead(c) && rng() % 3 == 0) state::set_box(s.data(), c);
        s[words] = round == 0 ? b.cells() - 1 : rng() % b.cells();
        packing.pack(s.data(), stored.data());
        packing.unpack(stored.data(), back.data());
        REQUIRE(back == s);
        CHECK(packing.equal(stored.data(), s.data()));
        t = s;  // another player, or a box more or less
        if (round % 2) t[words] = (t[words] + 1) % b.cells();
        else if (state::has_box(t.data(), b.goals()[0])) state::clear_box(t.data(), b.goals()[0]);
        else state::set_box(t.data(), b.goals()[0]);
        packing.pack(t.data(), other.data());
        CHECK(other != stored);
        CHECK_FALSE(packing.equal(stored.data(), t.data()));
    }
}

}  // namespace

TEST_CASE("packing: states come back unchanged on rooms of every size") {
    for (int width = 3; width <= 24; ++width)
        for (int height = 2; height <= 12; ++height) {
            CAPTURE(width);
            CAPTURE(height);
            const board::Board b(level_of(room(width, height)));
            const state::Packing packing(b);
            CHECK(packing.stride() <= b.words() + 1);
            check_round_trips(b);
        }
}

TEST_CASE("packing: XSokoban 7 takes one word per state instead of two") {
    const std::string path = std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb";
    const board::Board b(level::select_level(level::load_collection(path), 7, path));
    CHECK(b.cells() == 64);
    CHECK(b.words() == 1);
    CHECK(state::Packing(b).stride() == 1);
    check_round_trips(b);
}

TEST_CASE("packing: a level with no word to gain keeps the working layout") {
    // 64 cells, none dead (a goal in every corner): 64 box bits and the
    // player need two words, as the working state does.
    const board::Board b(level_of(R"(
##########
#.      .#
#        #
#  $ $   #
#        #
#  $ $   #
#        #
#@       #
#.      .#
##########
)"));
    CHECK(b.cells() == 64);
    for (board::Cell c = 0; c < b.cells(); ++c) CHECK_FALSE(b.is_dead(c));
    CHECK(state::Packing(b).stride() == 2);
    check_round_trips(b);
    // A small room saves the player's word.
    CHECK(state::Packing(board::Board(level_of(room(3, 2)))).stride() == 1);
}
