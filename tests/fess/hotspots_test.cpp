// tests/fess/hotspots_test: box heats on a hand-made level where one box
// stands in the only passage between the boxes and the goals.
#include <doctest/doctest.h>

#include <vector>

#include "board/board.hpp"
#include "fess/hotspots.hpp"
#include "level/level.hpp"
#include "state/state.hpp"

using namespace hdasoko;

TEST_CASE("hotspots: the box in the passage to the goals is the hottest, and moving it through is not cooling") {
    // Row 2 narrows to one square wide at x 4..5. The boxes on (2,2) and
    // (3,2) must pass (4,2), (5,2), (6,2) and (7,2) to reach their nearest
    // goal, (7,1), pushed up from (7,3): (6,1) would need the player on
    // (6,3), which a box on (6,2) cuts off from the left.
    const level::Level level = level::parse_collection(R"(
##########
#@  ##...#
# $$ $   #
#   ##   #
##########
)",
                                                       "inline")
                                   .at(0);
    const board::Board board(level);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    auto at = [&](int x, int y) { return board.cell_at(x, y); };

    // Lone paths: (2,2)'s runs over (3,2) and (5,2); (3,2)'s over (5,2).
    fess::Hotspots hot(board);
    CHECK(state::has_box(hot.path(at(2, 2)), at(3, 2)));
    CHECK(state::has_box(hot.path(at(2, 2)), at(5, 2)));
    CHECK(state::has_box(hot.path(at(2, 2)), at(7, 1)));
    CHECK(state::has_box(hot.path(at(2, 2)), at(7, 3)));  // the player pushes from here
    CHECK_FALSE(state::has_box(hot.path(at(2, 2)), at(6, 1)));
    CHECK_FALSE(state::has_box(hot.path(at(2, 2)), at(8, 2)));

    hot.set(boxes.data());
    CHECK(hot.hottest() == at(5, 2));
    CHECK(hot.heat() == 2);
    CHECK(hot.heat_at(at(6, 2)) == 2);  // still in the way
    CHECK(hot.heat_at(at(8, 2)) == 0);  // out of the way
}
