// tests/heuristic/pair_conflicts_test: pair conflicts
// (heuristic/pair_conflicts.hpp). On hand-made boards a box that must move
// out of another's way costs its BFS optimum, above the matching, and a pair
// that cannot be solved makes the state dead; the table's C of a pair and a goal pair equals the BFS optimum
// of the level with those two boxes and those two goals alone (seeded
// random levels, every pair of the start's boxes); along random walks the
// matching and PDB bounds with conflicts, fresh and incremental, never
// exceed the BFS optimum, never fall below the bounds without, and rise
// above them somewhere.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <new>
#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "children.hpp"
#include "deadlock/position.hpp"
#include "generate/level_generator.hpp"
#include "generate/push_bfs.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/pair_conflicts.hpp"
#include "heuristic/pdb.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using heuristic::PairConflicts;

namespace {

generate::BfsAnswer exact(const std::string& text) {
    return generate::bfs(level::parse_collection(text, "inline").at(0), 200000);
}

// `board` with boxes on a and b and goals on g and h only, the player on p.
std::string two_box_level(const Board& board, Cell a, Cell b, Cell g, Cell h, Cell p) {
    std::vector<uint64_t> boxes(board.words(), 0);
    state::set_box(boxes.data(), a);
    state::set_box(boxes.data(), b);
    std::string text = testing::draw_state(board, boxes.data(), p);
    size_t row = 0, at = 0;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++row;
            at = 0;
            continue;
        }
        const Cell c = board.cell_at(static_cast<int>(at++), static_cast<int>(row));
        if (c == board::no_cell || !board.is_goal(c) || c == g || c == h) continue;
        text[i] = text[i] == '*' ? '$' : text[i] == '+' ? '@' : ' ';
    }
    return text;
}

// A hand-made board with its table and the matching bound at the start,
// without and with pair conflicts.
struct Start : testing::BoardState {
    PairConflicts conflicts;
    Cell player;
    uint32_t matching, with_conflicts;
    explicit Start(const char* text) : BoardState(text), conflicts(board) {
        REQUIRE(conflicts.available());
        moves::Reachability area(board);
        player = area.compute(boxes.data(), board.initial_player());
        matching = heuristic::Heuristic(board, heuristic::Kind::matching).evaluate(boxes.data(), player);
        with_conflicts =
            heuristic::Heuristic(board, heuristic::Kind::matching, nullptr, &conflicts).evaluate(boxes.data(), player);
    }
};

}  // namespace

TEST_CASE("pair conflicts: a box that must move out of another's way costs its BFS optimum, above the matching") {
    // The box on (3,2) goes down one push to (3,3), the matching's 1 (the
    // others are on goals); but the player must stand on (3,1) to push it,
    // where a box on its goal sits: that box leaves and comes back, 3 pushes.
    const char* text = R"(
#######
#* *@ #
#  $  #
#  .  #
# #   #
#  #  #
#######
)";
    REQUIRE(exact(text).pushes == 3);
    const Start s(text);
    CHECK(s.matching == 1);
    CHECK(s.with_conflicts == 3);
    // The pair alone to its own two goals: the same 3 pushes.
    int g = 0, h = 0;
    for (int k = 0; k < s.board.boxes(); ++k) {
        if (s.board.goals()[k] == s.at(3, 1)) g = k;
        if (s.board.goals()[k] == s.at(3, 3)) h = k;
    }
    CHECK(s.conflicts.cost(s.at(3, 1), s.at(3, 2), s.player, g, h) == 3);
}

TEST_CASE("pair conflicts: a pair that cannot reach any two goals together makes the state dead") {
    // A one-wide corridor: the player cannot get between the two boxes.
    const char* text = R"(
########
#@ $$ ..#
#      #
########
)";
    REQUIRE(exact(text).kind == generate::BfsAnswer::unsolvable);
    const Start s(text);
    CHECK(s.matching != heuristic::dead);
    CHECK(s.with_conflicts == heuristic::dead);
}

TEST_CASE("pair conflicts: the table's cost of a pair equals the BFS optimum of those two boxes and goals alone") {
    int checked = 0, above_lone = 0;
    for (uint64_t seed = 1; seed <= 40; ++seed) {
        const level::Level level = level::parse_collection(generate::pulled_level(seed), "pulled").at(0);
        const Board board(level);
        if (board.boxes() < 2) continue;
        // Built on 3 threads: the parallel build is what is checked.
        const PairConflicts conflicts(board, PairConflicts::default_memory_limit, nullptr, 3);
        REQUIRE(conflicts.available());
        const auto& boxes = board.initial_boxes();
        const auto& goals = board.goals();
        const Cell p = board.initial_player();
        for (size_t i = 0; i < boxes.size(); ++i)
            for (size_t j = i + 1; j < boxes.size() && j < i + 3; ++j)
                for (int g = 0; g < board.boxes() && g < 3; ++g)
                    for (int h = g + 1; h < board.boxes() && h < 4; ++h) {
                        const std::string text = two_box_level(board, boxes[i], boxes[j], goals[g], goals[h], p);
                        const generate::BfsAnswer a = exact(text);
                        if (a.kind == generate::BfsAnswer::too_large) continue;
                        INFO("seed ", seed, ", goals ", g, " and ", h, ":\n", text);
                        const uint16_t c = conflicts.cost(boxes[i], boxes[j], p, g, h);
                        if (board.is_dead(boxes[i]) || board.is_dead(boxes[j])) continue;
                        if (a.kind == generate::BfsAnswer::unsolvable) CHECK(c == board::unreachable);
                        else CHECK(c == a.pushes);
                        if (a.kind == generate::BfsAnswer::solved) {
                            const int lone =
                                std::min(board.distance_from(g, boxes[i], p) + board.distance_from(h, boxes[j], p),
                                         board.distance_from(h, boxes[i], p) + board.distance_from(g, boxes[j], p));
                            above_lone += a.pushes > lone;
                        }
                        ++checked;
                    }
    }
    MESSAGE(checked, " pairs checked against BFS, ", above_lone, " above their lone-box distances");
    CHECK(checked > 200);
    CHECK(above_lone > 0);
}

TEST_CASE("pair conflicts: along random walks the bounds with conflicts stay admissible and rise somewhere") {
    std::mt19937_64 rng(29);
    int checked = 0, raised = 0;
    for (uint64_t seed = 1; seed <= 150; ++seed) {
        const level::Level level = level::parse_collection(generate::pulled_level(seed), "pulled").at(0);
        const Board board(level);
        const PairConflicts conflicts(board);
        const heuristic::Pdb pdb(board);
        for (heuristic::Kind kind : {heuristic::Kind::matching, heuristic::Kind::pdb}) {
            heuristic::Heuristic plain(board, kind, &pdb), fresh(board, kind, &pdb, &conflicts),
                incremental(board, kind, &pdb, &conflicts);
            moves::Reachability area(board);
            std::vector<uint64_t> boxes(board.words());
            state::initial_boxes(board, boxes.data());
            Cell player = board.initial_player();
            for (int step = 0; step < 8; ++step) {
                const Cell normalized = area.compute(boxes.data(), player);
                const uint32_t without = plain.evaluate(boxes.data(), normalized);
                const uint32_t with = fresh.evaluate(boxes.data(), normalized);
                if (without == heuristic::dead) break;
                const std::string text = testing::draw_state(board, boxes.data(), player);
                INFO("seed ", seed, " ", heuristic::kind_name(kind), " step ", step, ":\n", text);
                CHECK(with >= without);
                const generate::BfsAnswer a = exact(text);
                if (a.kind != generate::BfsAnswer::too_large) {
                    if (with == heuristic::dead) CHECK(a.kind == generate::BfsAnswer::unsolvable);
                    else if (a.kind == generate::BfsAnswer::solved) CHECK(with <= static_cast<uint32_t>(a.pushes));
                    raised += with > without;
                    ++checked;
                }
                if (with == heuristic::dead) break;
                // Every child scored incrementally from this parent: at
                // least the bound without conflicts, at most the optimum.
                const std::vector<moves::Push> pushes = testing::scored_children(
                    board, boxes, area, normalized, incremental,
                    [&](const std::vector<uint64_t>& child, Cell child_player, const moves::Push& push, uint32_t h) {
                        const uint32_t base = plain.evaluate(child.data(), child_player);
                        if (base == heuristic::dead) return;
                        CHECK(h >= base);
                        if (h == heuristic::dead || h == base) return;
                        const generate::BfsAnswer b = exact(testing::draw_state(board, child.data(), push.box));
                        if (b.kind == generate::BfsAnswer::solved) CHECK(h <= static_cast<uint32_t>(b.pushes));
                        if (b.kind == generate::BfsAnswer::too_large) return;
                        if (b.kind == generate::BfsAnswer::unsolvable) return;
                        ++checked;
                    });
                if (pushes.empty()) break;
                const moves::Push push = pushes[rng() % pushes.size()];
                state::clear_box(boxes.data(), push.box);
                state::set_box(boxes.data(), board.neighbor(push.box, push.dir));
                player = push.box;
            }
        }
    }
    MESSAGE(checked, " states checked against BFS, ", raised, " raised by conflicts");
    CHECK(checked > 300);
    CHECK(raised > 0);
}

TEST_CASE("pair conflicts: a cancel set while the table builds leaves it unavailable") {
    const Board board(level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(49));
    REQUIRE(PairConflicts(board).available());
    std::atomic<bool> cancel{true};
    for (int threads : {1, 2}) {
        const PairConflicts cut(board, PairConflicts::default_memory_limit, &cancel, threads);
        CHECK_FALSE(cut.available());
        CHECK(cut.why_unavailable() == "cancelled");
    }
}

TEST_CASE("pair conflicts: an exception beside the build leaves the constructor once the other threads stop" *
          doctest::test_suite("threads")) {
    const Board board(level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(49));
    for (int threads : {1, 2})
        CHECK_THROWS_AS(PairConflicts(board, PairConflicts::default_memory_limit, nullptr, threads,
                                      [] { throw std::bad_alloc(); }),
                        std::bad_alloc);
}

TEST_CASE("pair conflicts: the table built on several threads is the table built on one" * doctest::test_suite("threads")) {
    const Board board(level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(49));
    const PairConflicts one(board, PairConflicts::default_memory_limit, nullptr, 1);
    // With work beside on the calling thread (search::build_shared_tables):
    // it runs once while the other three begin the goal pairs.
    int beside = 0;
    const PairConflicts four(board, PairConflicts::default_memory_limit, nullptr, 4, [&] { ++beside; });
    REQUIRE(one.available());
    REQUIRE(four.available());
    CHECK(beside == 1);
    CHECK(one.bytes() == four.bytes());
    const size_t goal_pairs = static_cast<size_t>(board.boxes()) * (board.boxes() - 1) / 2;
    std::mt19937_64 rng(49);
    int rows = 0;
    while (rows < 20000) {
        const Cell a = static_cast<Cell>(rng() % board.cells()), b = static_cast<Cell>(rng() % board.cells());
        const Cell p = static_cast<Cell>(rng() % board.cells());
        if (a == b || p == a || p == b) continue;
        const uint16_t* r1 = one.row(a, b, p);
        const uint16_t* r4 = four.row(a, b, p);
        REQUIRE((r1 == nullptr) == (r4 == nullptr));
        if (!r1) continue;
        CHECK(std::equal(r1, r1 + goal_pairs, r4));
        ++rows;
    }
}

// Issue 68: a 10x10 level on which the default solver took the whole
// machine. A* with pair conflicts and tunnel macros took these parents in
// this order; from the last, the macro of 3 pushes (1,3) -> (1,6) made the
// pushed box's potential feasible with a dual sum of -2, the bound wrapped
// to 2^32 - 2 as an unsigned value and the open list grew to that many
// buckets. The conflict bound is now at least 0.
TEST_CASE("pair conflicts: a tunnel macro that leaves the dual sum below zero scores within the optimum (issue 68)") {
    const std::string text =
        "##########\n#  @ #####\n#$ $ #####\n#. $######\n# #.######\n"
        "# ########\n#. $ #####\n#    #####\n#.  ######\n##########\n";
    const level::Level level = level::parse_collection(text, "issue 68").at(0);
    const Board board(level);
    const PairConflicts conflicts(board);
    REQUIRE(conflicts.available());
    heuristic::Heuristic plain(board, heuristic::Kind::matching), incremental(board, heuristic::Kind::matching,
                                                                              nullptr, &conflicts);
    const std::vector<std::vector<std::pair<int, int>>> parents = {
        {{1, 2}, {3, 2}, {3, 3}, {3, 6}}, {{1, 2}, {3, 2}, {3, 3}, {2, 6}}, {{1, 2}, {2, 2}, {3, 3}, {2, 6}},
        {{1, 2}, {2, 2}, {3, 4}, {2, 6}}, {{1, 2}, {2, 3}, {3, 4}, {2, 6}}, {{1, 3}, {2, 3}, {3, 4}, {2, 6}},
        {{2, 3}, {3, 4}, {1, 6}, {2, 6}}, {{2, 3}, {3, 4}, {2, 6}, {1, 7}}, {{2, 3}, {3, 4}, {2, 6}, {1, 8}},
        {{1, 3}, {3, 4}, {2, 6}, {1, 8}}};
    moves::Reachability area(board);
    std::vector<uint64_t> boxes(board.words());
    for (const auto& parent : parents) {
        std::fill(boxes.begin(), boxes.end(), 0);
        for (const auto& [x, y] : parent) state::set_box(boxes.data(), board.cell_at(x, y));
        REQUIRE(incremental.set_parent(boxes.data(), area.compute(boxes.data(), board.initial_player())) !=
                heuristic::dead);
    }
    const Cell from = board.cell_at(1, 3), to = board.cell_at(1, 6);
    state::clear_box(boxes.data(), from);
    state::set_box(boxes.data(), to);
    const Cell player = area.compute(boxes.data(), board.cell_at(1, 5));
    const uint32_t h = incremental.evaluate_push(from, to, player, 3);
    // The child is unsolvable (the box on (2,6) can no longer reach a
    // goal), so any bound is admissible; but a finite bound is a bucket of
    // the open list: far above any push count on a 10x10 board is the wrap.
    CHECK(exact(testing::draw_state(board, boxes.data(), player)).kind == generate::BfsAnswer::unsolvable);
    CHECK(h >= plain.evaluate(boxes.data(), player));
    CHECK((h == heuristic::dead || h < static_cast<uint32_t>(board.cells() * board.boxes())));
}
