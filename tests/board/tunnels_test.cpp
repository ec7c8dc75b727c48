// tests/board/tunnels_test: one-way tunnel squares (Board::is_tunnel) on
// small hand-made boards, drawn with 'T' on every square that is one on
// either axis: a straight corridor between two rooms, a goal inside it, a
// widening (a square where a box can be parked and the player turn), and a
// corridor the player can walk round.
#include <doctest/doctest.h>

#include <string>

#include "board/board.hpp"
#include "level/level.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;

namespace {

level::Level level_of(const char* text) { return level::parse_collection(text, "inline").at(0); }

std::string tunnel_picture(const char* text) {
    const Board b(level_of(text));
    std::string picture = "\n";
    picture += b.draw([&](Cell c) { return b.is_tunnel(c, board::left) || b.is_tunnel(c, board::up); }, 'T');
    return picture;
}

}  // namespace

TEST_CASE("tunnels: a straight corridor between two rooms is a one-way tunnel") {
    CHECK(tunnel_picture(R"(
#############
#    ###    #
# $ $      .#
#@   ###   .#
#############
)") == R"(
#############
#    ###    #
#    TTT   .#
#    ###   .#
#############
)");
    const Board b(level_of(R"(
#######
#@$  .#
#######
)"));
    // A corridor row: every square has walls above and below, but the end
    // squares have one neighbour on the axis, so only the middle ones count;
    // and only along the axis.
    const Cell c = b.cell_at(3, 1);
    CHECK(b.is_tunnel(c, board::left));
    CHECK(b.is_tunnel(c, board::right));
    CHECK_FALSE(b.is_tunnel(c, board::up));
    CHECK_FALSE(b.is_tunnel(b.cell_at(1, 1), board::right));
}

TEST_CASE("tunnels: a goal in the corridor is not a tunnel square") {
    CHECK(tunnel_picture(R"(
#############
#    ###    #
# $ $  .   .#
#@   ###    #
#############
)") == R"(
#############
#    ###    #
#    TT.   .#
#    ###    #
#############
)");
}

TEST_CASE("tunnels: a widening where a box can be parked ends the tunnel") {
    CHECK(tunnel_picture(R"(
##############
#    #  #    #
# $ $       .#
#@   ## #   .#
##############
)") == R"(
##############
#    #  #    #
#    T  T   .#
#    ## #   .#
##############
)");
}

TEST_CASE("tunnels: a corridor the player can walk round is not one-way") {
    CHECK(tunnel_picture(R"(
#############
#    ###    #
# $ $      .#
#@   ###   .#
#           #
#############
)") == R"(
#############
#    ###    #
#          .#
#    ###   .#
#           #
#############
)");
}
