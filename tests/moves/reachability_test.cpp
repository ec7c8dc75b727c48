// tests/moves/reachability_test: the player's area after a push or a pull,
// derived from the area before it (Reachability::after_move), against a
// flood fill of the child: the same normalized player and the same area, for
// every push and pull of every state on random walks through Microban and
// XSokoban, and on a hand-made board where the square a pushed box leaves
// opens a pocket.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "moves/pulls.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;

namespace {

struct Tally {
    long pushes = 0;  // pushes and pulls
    long cuts = 0;    // of them, those after which the area is not the parent's less `boxed` (plus `freed`)
};

// Every push and every pull from (boxes, player): after_move against compute.
void check_moves(const Board& board, const std::vector<uint64_t>& boxes, Cell player, Tally& tally) {
    moves::Reachability parent(board), derived(board), full(board);
    parent.compute(boxes.data(), player);
    std::vector<uint64_t> child(boxes);
    // freed: the square the box leaves; boxed: the one it enters; stand: the player's after.
    auto check = [&](Cell freed, Cell boxed, Cell stand) {
        child = boxes;
        state::clear_box(child.data(), freed);
        state::set_box(child.data(), boxed);
        const Cell expected = full.compute(child.data(), stand);
        const Cell got = derived.after_move(parent, child.data(), freed, boxed, stand);
        CHECK(got == expected);
        bool same_area = true, simple = true;
        for (Cell c = 0; c < board.cells(); ++c) {
            same_area &= derived.reached(c) == full.reached(c);
            simple &= full.reached(c) == ((c == freed && full.reached(c)) || (c != boxed && parent.reached(c)));
        }
        CHECK(same_area);
        ++tally.pushes;
        if (!simple) ++tally.cuts;
    };
    moves::for_each_push(board, boxes.data(), parent, [&](const moves::Push& push) {
        check(push.box, board.neighbor(push.box, push.dir), push.box);
    });
    moves::for_each_pull(board, boxes.data(), parent, [&](const moves::Push& pull) {
        const Cell to = board.neighbor(pull.box, pull.dir);
        check(pull.box, to, board.neighbor(to, pull.dir));
    });
}

}  // namespace

TEST_CASE("reachability after a push: the square the box leaves opens a pocket the player could not reach") {
    // The pocket above the box is reached only through the box's square.
    const level::Level level = level::parse_collection(R"(
######
## ###
#@$ .#
######
)",
                                                       "inline")
                                   .at(0);
    const Board board(level);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    Tally tally;
    check_moves(board, boxes, board.initial_player(), tally);
    CHECK(tally.pushes == 1);  // to the right (no pull: the wall behind the player)
    CHECK(tally.cuts == 1);    // the pocket joins the area
}

TEST_CASE("reachability after a push: the same area as a flood fill on random walks") {
    std::mt19937 rng(20261124);
    Tally tally;
    for (const char* file : {"microban.xsb", "xsokoban.xsb"}) {
        const std::vector<level::Level> collection =
            level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/" + file);
        for (const level::Level& level : collection) {
            const Board board(level);
            moves::Reachability area(board);
            for (int walk = 0; walk < 4; ++walk) {
                std::vector<uint64_t> boxes(board.words());
                state::initial_boxes(board, boxes.data());
                Cell player = board.initial_player();
                for (int step = 0; step < 30; ++step) {
                    check_moves(board, boxes, player, tally);
                    area.compute(boxes.data(), player);
                    std::vector<moves::Push> pushes;
                    moves::for_each_push(board, boxes.data(), area,
                                         [&](const moves::Push& push) { pushes.push_back(push); });
                    if (pushes.empty()) break;
                    const moves::Push push = pushes[rng() % pushes.size()];
                    state::clear_box(boxes.data(), push.box);
                    state::set_box(boxes.data(), board.neighbor(push.box, push.dir));
                    player = push.box;
                }
            }
        }
    }
    MESSAGE(tally.pushes, " pushes and pulls checked, ", tally.cuts, " of them changing the area beyond the two squares");
    CHECK(tally.pushes > 50000);
    CHECK(tally.cuts > 0);
}
