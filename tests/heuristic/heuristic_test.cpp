// tests/heuristic/heuristic_test: the simple and matching lower bounds on
// small hand-made boards with values worked out by hand, deadlocks found by
// the matching (no perfect matching), simple <= matching on every shipped
// level's start, and the player's side of a box counting.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/hungarian.hpp"
#include "level/level.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using heuristic::Heuristic;
using heuristic::Kind;

namespace {

// xorshift64: next(bound) is in [0, bound); the Hungarian tests' matrices.
struct Random {
    uint64_t seed;
    int operator()(int bound) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return static_cast<int>(seed % static_cast<uint64_t>(bound));
    }
};

// The initial state of a level with the bound of both kinds.
struct Start {
    level::Level level;
    Board board;
    std::vector<uint64_t> boxes;

    explicit Start(const level::Level& l) : level(l), board(level), boxes(board.words()) {
        state::initial_boxes(board, boxes.data());
    }
    explicit Start(const char* text) : Start(level::parse_collection(text, "inline").at(0)) {}

    uint32_t h(Kind kind) {
        Heuristic heuristic(board, kind);
        return heuristic.evaluate(boxes.data(), board.initial_player());
    }
};

}  // namespace

TEST_CASE("heuristic: names parse both ways") {
    Kind kind = Kind::simple;
    CHECK(heuristic::parse_kind("matching", kind));
    CHECK(kind == Kind::matching);
    CHECK(heuristic::parse_kind("simple", kind));
    CHECK(kind == Kind::simple);
    CHECK_FALSE(heuristic::parse_kind("pdb?", kind));
    CHECK(kind == Kind::simple);
    CHECK(std::string(heuristic::kind_name(Kind::simple)) == "simple");
    CHECK(std::string(heuristic::kind_name(Kind::matching)) == "matching");
}

TEST_CASE("heuristic: one box in a corridor is its push distance") {
    Start s(R"(
#######
#@$  .#
#######
)");
    CHECK(s.h(Kind::simple) == 3);
    CHECK(s.h(Kind::matching) == 3);
}

TEST_CASE("heuristic: a solved state is 0; a box in a corner is dead") {
    Start s(R"(
########
#@ ** $#
#  .   #
########
)");
    CHECK(s.h(Kind::simple) == heuristic::dead);
    CHECK(s.h(Kind::matching) == heuristic::dead);
    Start solved(R"(
########
#@ **  #
#   *  #
########
)");
    CHECK(solved.h(Kind::simple) == 0);
    CHECK(solved.h(Kind::matching) == 0);
}

TEST_CASE("heuristic: two boxes nearest the same goal: simple 3, matching 5") {
    // Away from the walls lone-box push distances are Manhattan distances.
    // Boxes (2,3), (3,3); goals (4,3), (6,3). Nearest goals: 2 + 1 = 3.
    // Matching: 2 + 3 or 4 + 1 = 5. (The optimum is 7: the left box is in the
    // way of pushing the right one, which has to step aside first.)
    Start s(R"(
#########
#@      #
#       #
# $$. . #
#       #
#       #
#########
)");
    CHECK(s.h(Kind::simple) == 3);
    CHECK(s.h(Kind::matching) == 5);
}

TEST_CASE("heuristic: the matching picks the cheaper assignment") {
    // Boxes (2,2), (6,4); goals (6,2), (2,4). Crossed: 4 + 4; straight: 2 + 2.
    Start s(R"(
#########
#@      #
# $   . #
#       #
# .   $ #
#       #
#########
)");
    CHECK(s.h(Kind::simple) == 4);
    CHECK(s.h(Kind::matching) == 4);
}

TEST_CASE("heuristic: two boxes that can only reach one goal: matching dead, simple not") {
    // Both boxes are stuck in the left column, whose only goal is (1,1).
    Start s(R"(
#######
#.    #
#$    #
#     #
#$   .#
#    @#
#######
)");
    CHECK_FALSE(s.board.is_dead(s.board.cell_at(1, 2)));
    CHECK_FALSE(s.board.is_dead(s.board.cell_at(1, 4)));
    CHECK(s.h(Kind::simple) == 1 + 3);
    CHECK(s.h(Kind::matching) == heuristic::dead);
}

TEST_CASE("heuristic: a box on a dead square is dead for both kinds") {
    Start s(R"(
######
#$ . #
#   @#
######
)");
    CHECK(s.board.is_dead(s.board.cell_at(1, 1)));
    CHECK(s.h(Kind::simple) == heuristic::dead);
    CHECK(s.h(Kind::matching) == heuristic::dead);
}

TEST_CASE("heuristic: the player's side of a box counts") {
    // A box in a doorway: from the left 2 pushes, from the right it has to be
    // pushed back into the left room first (2 left, 4 right).
    Start left(R"(
########
#   #  #
#@  $ .#
#   #  #
########
)");
    Start right(R"(
########
#   #  #
#   $@.#
#   #  #
########
)");
    for (Kind kind : {Kind::simple, Kind::matching}) {
        CAPTURE(heuristic::kind_name(kind));
        CHECK(left.h(kind) == 2);
        CHECK(right.h(kind) == 6);
    }
}

TEST_CASE("heuristic: a box only pushable away from its goal is dead") {
    // (4,1) is live (a player on its right could push it onto the goal), but
    // the player is on its left.
    Start stuck(R"(
#######
#@ .$ #
#######
)");
    CHECK_FALSE(stuck.board.is_dead(stuck.board.cell_at(4, 1)));
    CHECK(stuck.h(Kind::simple) == heuristic::dead);
    CHECK(stuck.h(Kind::matching) == heuristic::dead);
}

TEST_CASE("heuristic: any player square on the same side gives the same bound") {
    Start s(R"(
########
#   #  #
#   $ .#
#@  #  #
########
)");
    Heuristic h(s.board, Kind::matching);
    const Cell box = s.board.cell_at(4, 2);
    for (Cell p = 0; p < s.board.cells(); ++p) {
        if (p == box) continue;
        CAPTURE(p);
        CHECK(h.evaluate(s.boxes.data(), p) == (s.board.x(p) < 4 ? 2u : 6u));
    }
}

TEST_CASE("heuristic: simple <= matching at the start of every shipped level") {
    for (const char* file : {"levels/microban.xsb", "levels/xsokoban.xsb"}) {
        for (const level::Level& l : level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/" + file)) {
            CAPTURE(file);
            CAPTURE(l.number);
            Start s(l);
            const uint32_t simple = s.h(Kind::simple);
            const uint32_t matching = s.h(Kind::matching);
            if (simple == heuristic::dead) CHECK(matching == heuristic::dead);
            else if (matching != heuristic::dead) CHECK(simple <= matching);
        }
    }
}

TEST_CASE("hungarian: resolve_row equals a fresh solve of the matrix with one row changed") {
    // Random matrices with forbidden pairs; the changed row is either the
    // old row plus a constant (the old matching stays optimal: resolve_row
    // answers without augmenting) or a new random row (it usually does not).
    Random next{0x9E3779B97F4A7C15ull};
    int checked = 0, shifted = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const int n = 1 + next(9);
        std::vector<int> cost(static_cast<size_t>(n) * n);
        for (int& c : cost) c = next(10) == 0 ? heuristic::Hungarian::forbidden : next(30);
        heuristic::Hungarian base, fresh;
        if (base.solve(n, cost.data()) < 0) continue;
        const int row = next(n);
        int* r = &cost[static_cast<size_t>(row) * n];
        const bool shift = trial % 2 == 0;
        if (shift) {
            const int add = next(5);
            for (int j = 0; j < n; ++j)
                if (r[j] < heuristic::Hungarian::forbidden) r[j] += add;
        } else {
            for (int j = 0; j < n; ++j) r[j] = next(10) == 0 ? heuristic::Hungarian::forbidden : next(30);
        }
        CAPTURE(trial);
        CHECK(base.resolve_row(n, cost.data(), row) == fresh.solve(n, cost.data()));
        ++checked;
        shifted += shift;
    }
    CHECK(checked > 1000);
    CHECK(shifted > 500);
}

TEST_CASE("hungarian: many rows resolved in turn against one base, each as a fresh solve") {
    // A box's destinations resolve one row many times, then the next box's
    // row: the cost of leaving each column is kept per row between calls.
    Random next{0x2545F4914F6CDD1Dull};
    int checked = 0, dead = 0;
    heuristic::Hungarian base, fresh;  // one base for all trials: a solve() forgets what it kept
    for (int trial = 0; trial < 300; ++trial) {
        const int n = 1 + next(24);
        std::vector<int> cost(static_cast<size_t>(n) * n);
        for (int& c : cost) c = next(8) == 0 ? heuristic::Hungarian::forbidden : next(40);
        if (base.solve(n, cost.data()) < 0) continue;
        for (int call = 0; call < 40; ++call) {
            const int row = call < 20 ? call * n / 20 : next(n);  // runs of one row, then any row
            int* r = &cost[static_cast<size_t>(row) * n];
            const std::vector<int> kept(r, r + n);
            for (int j = 0; j < n; ++j) r[j] = next(6) == 0 ? heuristic::Hungarian::forbidden : next(40);
            CAPTURE(trial);
            CAPTURE(call);
            const int expected = fresh.solve(n, cost.data());
            CHECK(base.resolve_row(n, cost.data(), row) == expected);
            dead += expected < 0;
            ++checked;
            std::copy(kept.begin(), kept.end(), r);
        }
    }
    CHECK(checked > 5000);
    CHECK(dead > 50);  // rows with no perfect matching are among them
}

TEST_CASE("hungarian: update() after some rows change equals a fresh solve, along chains of updates") {
    // A search's parents: each differs from the last in a few rows (a moved
    // box, a box whose side changed), and the base goes on from each update;
    // resolve_row() against an updated base answers as against a solved one.
    Random next{0x5851F42D4C957F2Dull};
    int checked = 0, dead = 0, resolved = 0;
    for (int chain = 0; chain < 200; ++chain) {
        const int n = 1 + next(20);
        std::vector<int> cost(static_cast<size_t>(n) * n);
        for (int& c : cost) c = next(8) == 0 ? heuristic::Hungarian::forbidden : next(40);
        heuristic::Hungarian base, fresh;
        base.solve(n, cost.data());
        for (int step = 0; step < 50; ++step) {
            std::vector<int> rows;
            const int k = next(4);  // 0 to 3 rows, maybe one twice in the draw
            for (int r = 0; r < k; ++r) {
                const int row = next(n);
                if (std::find(rows.begin(), rows.end(), row) != rows.end()) continue;
                rows.push_back(row);
                for (int j = 0; j < n; ++j)
                    cost[static_cast<size_t>(row) * n + j] = next(8) == 0 ? heuristic::Hungarian::forbidden : next(40);
            }
            CAPTURE(chain);
            CAPTURE(step);
            const int expected = fresh.solve(n, cost.data());
            CHECK(base.update(n, cost.data(), rows.data(), static_cast<int>(rows.size())) == expected);
            dead += expected < 0;
            ++checked;
            if (expected < 0) continue;
            // One row resolved against the updated base, then put back.
            const int row = next(n);
            int* r = &cost[static_cast<size_t>(row) * n];
            const std::vector<int> kept(r, r + n);
            for (int j = 0; j < n; ++j) r[j] = next(40);
            CHECK(base.resolve_row(n, cost.data(), row) == fresh.solve(n, cost.data()));
            std::copy(kept.begin(), kept.end(), r);
            ++resolved;
        }
    }
    CHECK(checked == 10000);
    CHECK(dead > 50);  // updates to and from matrices with no perfect matching
    CHECK(resolved > 5000);
}

TEST_CASE("hungarian: a long chain of updates through matrices with no perfect matching stays exact") {
    // Each update of a row that only a forbidden pair can match moves the
    // potentials by about Hungarian::forbidden; over thousands of updates
    // they must not overflow (a regression: the start column's potential,
    // which no reduced cost reads, went on falling until it wrapped; the
    // sanitizer build reports that).
    const int n = 4;
    std::vector<int> cost(n * n, 1);
    heuristic::Hungarian base, fresh;
    base.solve(n, cost.data());
    int dead = 0;
    for (int step = 0; step < 5000; ++step) {
        const int row = step % n;
        for (int j = 0; j < n; ++j)  // every other step: two rows that can only take column 0
            cost[row * n + j] = step % 2 == 0 && j > 0 ? heuristic::Hungarian::forbidden : 1 + (step + j) % 3;
        const int expected = fresh.solve(n, cost.data());
        CAPTURE(step);
        REQUIRE(base.update(n, cost.data(), &row, 1) == expected);
        dead += expected < 0;
    }
    CHECK(dead > 1000);
}
