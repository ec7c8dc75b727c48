// A hand-made board for the deadlock tests: the level parsed from inline
// text, its Board, and its initial boxes as the state under test.
#pragma once

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "state/state.hpp"

namespace hdasoko::testing {

struct BoardState {
    level::Level level;
    board::Board board;
    std::vector<uint64_t> boxes;

    explicit BoardState(const std::string& text)
        : level(level::parse_collection(text, "inline").at(0)), board(level), boxes(board.words()) {
        state::initial_boxes(board, boxes.data());
    }
    // The interior cell at (x, y); it must be one.
    board::Cell at(int x, int y) const {
        const board::Cell c = board.cell_at(x, y);
        REQUIRE(c != board::no_cell);
        return c;
    }
};

}  // namespace hdasoko::testing
