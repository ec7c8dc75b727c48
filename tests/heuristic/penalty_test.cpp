// tests/heuristic/penalty_test: penalty patterns (heuristic/penalty.hpp) on
// hand-made boards: a pair's searched cost equals the BFS optimum of the
// pair alone and exceeds its lone-box distances; an unsolvable pair is
// infinite; the table keys on the player (same boxes, other area, other
// value) and on the whole board (the cache-key trap: one window, infinite on
// one board and 2 on another); a search cut off early still gives a bound
// between the lone-box sum and the optimum. On seeded random levels the
// bound P never exceeds the BFS optimum of any state along random walks,
// and it exceeds the matching bound on some of them.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/penalty.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"
#include "generate/level_generator.hpp"
#include "generate/push_bfs.hpp"
#include "deadlock/position.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using heuristic::PenaltyPatterns;

namespace {

using testing::draw_state;

// A hand-made board (tests/deadlock/position.hpp) and its BFS optimum.
struct Position : testing::BoardState {
    using BoardState::BoardState;
    int bfs_pushes() const {
        const generate::BfsAnswer a = generate::bfs(level, 200000);
        REQUIRE(a.kind != generate::BfsAnswer::too_large);
        return a.kind == generate::BfsAnswer::solved ? a.pushes : -1;
    }
};

// Two boxes in a row, both nearest to the goal (5,2): lone-box distances
// 2 + 3 = 5, but one of them must take (5,3): 6 pushes.
const char* shared_goal = R"(
#######
#     #
#@$$ .#
#    .#
#######
)";

// The pair that is unsolvable with the player below, and the same 4x3
// window with a corridor outside it, solved in 2 pushes (position.hpp).
const char* shut_in = testing::shut_in_pair;
const char* corridor = testing::corridor_pair;

}  // namespace

TEST_CASE("penalty: a pair that shares its nearest goal costs its BFS optimum, more than its lone distances") {
    const Position p(shared_goal);
    const Cell cells[] = {p.at(2, 2), p.at(3, 2)};
    const Cell player = p.at(1, 2);
    PenaltyPatterns patterns(p.board);
    CHECK(patterns.pattern_cost(cells, 2, player) == 6);
    CHECK(p.bfs_pushes() == 6);
    // The whole state is this one group: P = 6, raised above the lone sum 5.
    CHECK(patterns.bound(p.boxes.data(), player) == 6);
    CHECK(patterns.raised() == 1);
    CHECK(patterns.searches() == 1);  // the second look came from the table
    CHECK(patterns.cache_hits() == 1);
    // Cut off after 1, 2, 3 ... expansions: between the lone sum and the optimum.
    for (int limit : {1, 2, 3, 5, 8}) {
        PenaltyPatterns cut(p.board, 4, limit);
        const uint32_t v = cut.pattern_cost(cells, 2, player);
        CAPTURE(limit);
        CHECK(v >= 5);
        CHECK(v <= 6);
    }
}

TEST_CASE("penalty: an unsolvable pair is infinite, and the bound calls the state dead") {
    const Position p(shut_in);
    const Cell cells[] = {p.at(3, 3), p.at(2, 3)};  // any order
    PenaltyPatterns patterns(p.board);
    CHECK(patterns.pattern_cost(cells, 2, p.at(3, 4)) == PenaltyPatterns::infinite);
    CHECK(patterns.bound(p.boxes.data(), p.at(3, 4)) == PenaltyPatterns::infinite);
    CHECK(p.bfs_pushes() == -1);
}

TEST_CASE("penalty: the table keys on the player, not on the boxes alone") {
    const Position p(shut_in);
    const Cell cells[] = {p.at(2, 3), p.at(3, 3)};
    PenaltyPatterns patterns(p.board);
    CHECK(patterns.pattern_cost(cells, 2, p.at(3, 4)) == PenaltyPatterns::infinite);
    // With the player on (2,2): (2,3) down onto its goal, then (3,3) down,
    // round, and up twice onto (3,2): 4 pushes. A box-only key would answer
    // "infinite" from the first search.
    CHECK(patterns.pattern_cost(cells, 2, p.at(2, 2)) == 4);
    CHECK(patterns.searches() == 2);
    CHECK(patterns.pattern_cost(cells, 2, p.at(3, 4)) == PenaltyPatterns::infinite);
    CHECK(patterns.pattern_cost(cells, 2, p.at(2, 2)) == 4);
    CHECK(patterns.cache_hits() == 2);
    // The same player area from the other side of the table: the same answers.
    PenaltyPatterns other(p.board);
    CHECK(other.pattern_cost(cells, 2, p.at(2, 2)) == 4);
    CHECK(other.pattern_cost(cells, 2, p.at(3, 4)) == PenaltyPatterns::infinite);
}

TEST_CASE("penalty: the cache-key trap, one window infinite on one board and 2 pushes on another") {
    const Position dead(shut_in), alive(corridor);
    const Cell cells[] = {dead.at(2, 3), dead.at(3, 3)};
    // Same coordinates, so the same cells of each board's window; only the
    // squares outside the window differ (the corridor on the right).
    REQUIRE(alive.at(2, 3) == alive.board.cell_at(2, 3));
    const Cell alive_cells[] = {alive.at(2, 3), alive.at(3, 3)};
    PenaltyPatterns on_dead(dead.board), on_alive(alive.board);
    CHECK(on_dead.pattern_cost(cells, 2, dead.at(3, 4)) == PenaltyPatterns::infinite);
    CHECK(on_alive.pattern_cost(alive_cells, 2, alive.at(3, 4)) == 2);
    CHECK(alive.bfs_pushes() == 2);
}

TEST_CASE("penalty: on random levels P never exceeds the BFS optimum, and beats the matching bound somewhere") {
    std::mt19937_64 rng(15);
    int checked = 0, above_matching = 0, dead_called = 0;
    for (uint64_t seed = 1; seed <= 200; ++seed) {
        const level::Level level = level::parse_collection(generate::pulled_level(seed), "pulled").at(0);
        const Board board(level);
        PenaltyPatterns patterns(board, 10, 200);
        heuristic::Heuristic matching(board, heuristic::Kind::matching);
        moves::Reachability area(board);
        std::vector<uint64_t> boxes(board.words());
        state::initial_boxes(board, boxes.data());
        Cell player = board.initial_player();
        for (int step = 0; step < 6; ++step) {
            const Cell normalized = area.compute(boxes.data(), player);
            const uint32_t p = patterns.bound(boxes.data(), normalized);
            if (p != 0) {
                const std::string text = draw_state(board, boxes.data(), player);
                const generate::BfsAnswer exact =
                    generate::bfs(level::parse_collection(text, "walk").at(0), 200000);
                if (exact.kind != generate::BfsAnswer::too_large) {
                    INFO("seed ", seed, " step ", step, ", P = ", p, ":\n", text);
                    if (p == PenaltyPatterns::infinite) {
                        CHECK(exact.kind == generate::BfsAnswer::unsolvable);
                        ++dead_called;
                    } else {
                        if (exact.kind == generate::BfsAnswer::solved) CHECK(p <= static_cast<uint32_t>(exact.pushes));
                        const uint32_t m = matching.evaluate(boxes.data(), normalized);
                        if (m != heuristic::dead && p > m) ++above_matching;
                    }
                    ++checked;
                }
            }
            std::vector<moves::Push> pushes;
            moves::for_each_push(board, boxes.data(), area, [&](const moves::Push& push) { pushes.push_back(push); });
            if (pushes.empty()) break;
            const moves::Push push = pushes[rng() % pushes.size()];
            state::clear_box(boxes.data(), push.box);
            state::set_box(boxes.data(), board.neighbor(push.box, push.dir));
            player = push.box;
        }
    }
    MESSAGE(checked, " raised states checked against BFS; ", above_matching, " above the matching bound, ",
            dead_called, " called dead");
    CHECK(checked > 50);
    CHECK(above_matching > 0);
}
