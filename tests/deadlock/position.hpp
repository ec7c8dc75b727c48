// A hand-made board for the deadlock and penalty tests: the level parsed
// from inline text, its Board, and its initial boxes as the state under
// test; and a state drawn back as a level (to hand it to a reference search).
#pragma once

#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
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

// Two boxes on (2,3) and (3,3), goals on (3,2) and (2,4), the player below.
// Pushing (3,3) up solves it, but then (2,3) needs the player on (2,2), now
// shut in; pushing (2,3) first needs (2,2) too. Unsolvable, yet lone-box
// distances give 2 (matching) and neither box is frozen.
inline const char* const shut_in_pair = R"(
#######
#######
## .###
##$$###
##.@  #
##    #
##  ###
#######
)";

// The same 4x3 window around the boxes (x 1..4, y 2..4), but a corridor
// outside it leads the player to (2,2): two pushes.
inline const char* const corridor_pair = R"(
#######
##    #
## .# #
##$$# #
##.@  #
##    #
##  ###
#######
)";

// The state drawn as a level (boxes and player on the board's walls and goals).
inline std::string draw_state(const board::Board& board, const uint64_t* boxes, board::Cell player) {
    std::string text = board.draw([](board::Cell) { return false; }, ' ');
    std::vector<std::string> rows;
    for (size_t at = 0, next; at < text.size(); at = next + 1) {
        next = text.find('\n', at);
        rows.push_back(text.substr(at, next - at));
    }
    for (board::Cell c = 0; c < board.cells(); ++c) {
        std::string& row = rows[board.y(c)];
        if (row.size() <= static_cast<size_t>(board.x(c))) row.resize(board.x(c) + 1, ' ');
        char& ch = row[board.x(c)];
        if (state::has_box(boxes, c)) ch = board.is_goal(c) ? '*' : '$';
        else if (c == player) ch = board.is_goal(c) ? '+' : '@';
    }
    std::string out;
    for (const std::string& row : rows) out += row + "\n";
    return out;
}

// One random walk of at most `steps` pushes from the level's start, each
// push drawn among those not onto a dead square: at(boxes, player, from, to)
// is called on the start (from and to board::no_cell) and on each state
// after a push of the box on `from` to `to`; returning true ends the walk.
template <class At>
void random_push_walk(const board::Board& board, std::mt19937& rng, int steps, At&& at) {
    moves::Reachability area(board);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    board::Cell player = board.initial_player();
    if (at(static_cast<const uint64_t*>(boxes.data()), player, board::no_cell, board::no_cell)) return;
    std::vector<moves::Push> pushes;
    for (int step = 0; step < steps; ++step) {
        area.compute(boxes.data(), player);
        pushes.clear();
        moves::for_each_push(board, boxes.data(), area, [&](const moves::Push& push) {
            if (!board.is_dead(board.neighbor(push.box, push.dir))) pushes.push_back(push);
        });
        if (pushes.empty()) return;
        const moves::Push push = pushes[rng() % pushes.size()];
        const board::Cell to = board.neighbor(push.box, push.dir);
        state::clear_box(boxes.data(), push.box);
        state::set_box(boxes.data(), to);
        player = push.box;
        if (at(static_cast<const uint64_t*>(boxes.data()), player, push.box, to)) return;
    }
}

// `walks` random walks of at most `steps` pushes (random_push_walk); after
// each push, dead(boxes, player, from, to) is asked, and the first state it
// calls dead ends the walk and is drawn for found(text). Returns how many
// were found.
template <class Dead, class Found>
int walk_to_dead_states(const board::Board& board, std::mt19937& rng, int walks, int steps, Dead&& dead,
                        Found&& found) {
    int n = 0;
    for (int walk = 0; walk < walks; ++walk)
        random_push_walk(board, rng, steps, [&](const uint64_t* boxes, board::Cell player, board::Cell from,
                                                board::Cell to) {
            if (from == board::no_cell || !dead(boxes, player, from, to)) return false;
            found(draw_state(board, boxes, player));
            ++n;
            return true;
        });
    return n;
}

}  // namespace hdasoko::testing
