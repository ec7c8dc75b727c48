// tests/fess/box_path_test: the opener's blockers, whose lone paths are kept
// per (box, player side, target) after the first search: a second call with
// the other boxes elsewhere must see the new boxes, not the old ones.
#include <doctest/doctest.h>

#include <vector>

#include "board/board.hpp"
#include "fess/box_path.hpp"
#include "level/level.hpp"
#include "state/state.hpp"

using namespace hdasoko;

TEST_CASE("box path: blockers are the other boxes on the lone path, also when the path is reused") {
    const level::Level level = level::parse_collection(R"(
#########
#@ $ $ .#
#      .#
#########
)",
                                                       "inline")
                                   .at(0);
    const board::Board board(level);
    auto at = [&](int x, int y) { return board.cell_at(x, y); };
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    fess::BoxPath paths(board);
    std::vector<uint64_t> blockers;

    // Alone, the box on (3,1) goes right along row 1 to the goal (7,1); the
    // box on (5,1) stands on that path.
    REQUIRE(paths.blockers(boxes.data(), at(1, 1), at(3, 1), at(7, 1), blockers));
    CHECK(state::has_box(blockers.data(), at(5, 1)));
    CHECK_FALSE(state::has_box(blockers.data(), at(3, 1)));

    // The same box, side and target (the kept path) with the other box moved
    // off the path: no blockers.
    state::clear_box(boxes.data(), at(5, 1));
    state::set_box(boxes.data(), at(5, 2));
    REQUIRE(paths.blockers(boxes.data(), at(2, 2), at(3, 1), at(7, 1), blockers));
    CHECK_FALSE(state::has_box(blockers.data(), at(5, 1)));
    CHECK_FALSE(state::has_box(blockers.data(), at(5, 2)));

    // And back on it.
    state::clear_box(boxes.data(), at(5, 2));
    state::set_box(boxes.data(), at(6, 1));
    REQUIRE(paths.blockers(boxes.data(), at(1, 1), at(3, 1), at(7, 1), blockers));
    CHECK(state::has_box(blockers.data(), at(6, 1)));
}

TEST_CASE("box path: a box with no lone path to the target has no blockers") {
    // Against the top wall the box on (2,1) can only move sideways, and the
    // goal (2,3) is below it; asked twice (the second answer is the kept one).
    const level::Level level = level::parse_collection(R"(
######
#@$  #
#    #
# .  #
######
)",
                                                       "inline")
                                   .at(0);
    const board::Board board(level);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    fess::BoxPath paths(board);
    std::vector<uint64_t> blockers;
    CHECK_FALSE(paths.blockers(boxes.data(), board.cell_at(1, 1), board.cell_at(2, 1), board.cell_at(2, 3), blockers));
    CHECK_FALSE(paths.blockers(boxes.data(), board.cell_at(1, 1), board.cell_at(2, 1), board.cell_at(2, 3), blockers));
}
