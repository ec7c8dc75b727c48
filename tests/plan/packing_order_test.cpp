// tests/plan: the packing order on hand-made goal rooms and on XSokoban
// levels whose goal boxes block one another.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "plan/packing_order.hpp"

using namespace hdasoko;

namespace {

level::Level inline_level(const char* text) { return level::parse_collection(text, "inline").at(0); }

}  // namespace

TEST_CASE("packing order: a dead-end corridor of goals is filled from its far end") {
    // Goals at x=5,6,7 in a corridor closed on the right: the box on x=5
    // blocks the others, so x=7 is filled first and x=5 last.
    const level::Level level = inline_level(
        "#########\n"
        "#@$$$...#\n"
        "#########\n");
    const board::Board board(level);
    const plan::PackingOrder order(board);
    REQUIRE(order.order().size() == 3);
    CHECK(order.stuck() == 0);
    CHECK(order.order()[0] == board.cell_at(7, 1));
    CHECK(order.order()[1] == board.cell_at(6, 1));
    CHECK(order.order()[2] == board.cell_at(5, 1));
    CHECK(order.rank(board.cell_at(5, 1)) == 2);
    CHECK(order.rank(board.cell_at(2, 1)) == -1);
}

TEST_CASE("packing order: a goal corridor open at both ends is filled from the middle out") {
    // Goals x=3..6 in a corridor with an entrance at each end: a box on an
    // end goal blocks its side, so the ends are packed last (either first
    // of the two), the middle goals first.
    const level::Level level = inline_level(
        "#############\n"
        "#   #####   #\n"
        "# $ ##### $ #\n"
        "#@$ .... $  #\n"
        "#   #####   #\n"
        "#############\n");
    const board::Board board(level);
    const plan::PackingOrder order(board);
    REQUIRE(order.order().size() == 4);
    CHECK(order.stuck() == 0);
    const int left_end = order.rank(board.cell_at(4, 3)), right_end = order.rank(board.cell_at(7, 3));
    CHECK(std::min(left_end, right_end) >= 2);
    CHECK(order.rank(board.cell_at(5, 3)) < 2);
    CHECK(order.rank(board.cell_at(6, 3)) < 2);
}

TEST_CASE("packing order: where no lone box can leave, boxes pulled together order the rest") {
    // XSokoban 42, 46, 47 and 88: after the single-box pulls 8, 12, 12 and 17
    // goals were left that no box could leave alone (packed first in cell
    // order); pulling several boxes orders every goal. The order is a
    // permutation of the goals either way.
    const auto xsokoban = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb");
    for (int number : {42, 46, 47, 88}) {
        CAPTURE(number);
        const board::Board board(xsokoban.at(number - 1));
        const plan::PackingOrder order(board);
        CHECK(order.stuck() == 0);
        CHECK(order.together() > 0);
        std::vector<board::Cell> sorted = order.order(), goals = board.goals();
        std::sort(sorted.begin(), sorted.end());
        std::sort(goals.begin(), goals.end());
        CHECK(sorted == goals);
        for (size_t i = 0; i < order.order().size(); ++i) CHECK(order.rank(order.order()[i]) == static_cast<int>(i));
    }
}
