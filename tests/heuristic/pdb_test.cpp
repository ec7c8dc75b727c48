// tests/heuristic/pdb_test: the two-box pattern database and the PDB bounds.
// Values on hand-made corridors worked out by hand, a pair the database
// proves dead where the matching bound does not, and admissibility on every
// Microban level that A* with the matching bound solves within a node cap:
// h at the start <= the optimal push count, h of every state along an
// optimal solution <= the pushes left, and A* with each PDB kind finds a
// solution of the same length (the optimal one).
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/pdb.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "search/search.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using heuristic::Heuristic;
using heuristic::Kind;
using heuristic::Pdb;

namespace {

level::Level level_of(const char* text) { return level::parse_collection(text, "inline").at(0); }

uint32_t initial_h(const Board& board, Kind kind, const Pdb* pdb) {
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    Heuristic h(board, kind, pdb);
    return h.evaluate(boxes.data(), board.initial_player());
}

// Replays `pushes` from the start and checks h <= pushes left at every state
// (the player stands where the last push left it).
void check_along(const Board& board, const std::vector<moves::Push>& pushes, Kind kind, const Pdb& pdb) {
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    Heuristic h(board, kind, &pdb);
    Cell player = board.initial_player();
    for (size_t i = 0; i <= pushes.size(); ++i) {
        const uint32_t bound = h.evaluate(boxes.data(), player);
        CAPTURE(i);
        CHECK(bound != heuristic::dead);
        if (bound == heuristic::dead) return;
        CHECK(bound <= pushes.size() - i);
        if (i == pushes.size()) break;
        const Cell to = board.neighbor(pushes[i].box, pushes[i].dir);
        state::clear_box(boxes.data(), pushes[i].box);
        state::set_box(boxes.data(), to);
        player = pushes[i].box;
    }
}

}  // namespace

TEST_CASE("pdb: names parse both ways") {
    Kind kind = Kind::matching;
    CHECK(heuristic::parse_kind("pdb", kind));
    CHECK(kind == Kind::pdb);
    CHECK(heuristic::parse_kind("pdb-static", kind));
    CHECK(kind == Kind::pdb_static);
    CHECK(std::string(heuristic::kind_name(Kind::pdb)) == "pdb");
    CHECK(std::string(heuristic::kind_name(Kind::pdb_static)) == "pdb-static");
}

TEST_CASE("pdb: values on a corridor worked out by hand") {
    // Live cells: row 2 from x 2 to 8; entrance (6,2), maze (2..5,2), goals
    // (7,2), (8,2). From the left the right box needs 2 pushes to the
    // entrance, the left one 4, the pair 6 (the right one goes first). Goal
    // part: both on the entrance entered from the left, 1 + 2. The optimum:
    // right box 4 pushes to (8,2), left box 5 to (7,2): 9.
    const Board b(level_of(R"(
###########
#@   #    #
# $ $  .. #
#    #    #
###########
)"));
    const Pdb pdb(b);
    REQUIRE(pdb.available());
    const Cell left = b.cell_at(2, 2), right = b.cell_at(4, 2), player = b.cell_at(1, 1);
    CHECK(pdb.in_maze(left));
    CHECK_FALSE(pdb.in_maze(b.cell_at(6, 2)));
    CHECK(pdb.single(right, player) == 2);
    CHECK(pdb.single(left, player) == 4);
    CHECK(pdb.pair(left, right, player) == 6);
    CHECK(pdb.pair(right, left, player) == 6);
    CHECK(pdb.entrance_row()[0] + pdb.entrance_row()[1] == 3);
    for (Kind kind : {Kind::pdb, Kind::pdb_static}) CHECK(initial_h(b, kind, &pdb) == 9);
    CHECK(initial_h(b, Kind::matching, nullptr) == 9);
}

TEST_CASE("pdb: two boxes side by side on the only live row: a pair deadlock matching misses") {
    // The right box is pushed right only from (2,2), where the left box
    // stands, and the left box moves right only into the right one; any other
    // push puts a box against the top or bottom wall (dead). Alone each box
    // reaches the entrance (6,2).
    const Board b(level_of(R"(
###########
#@   #    #
# $$   .. #
#    #    #
###########
)"));
    const Pdb pdb(b);
    REQUIRE(pdb.available());
    const Cell left = b.cell_at(2, 2), right = b.cell_at(3, 2), player = b.cell_at(1, 1);
    CHECK(pdb.single(right, player) == 3);
    CHECK(pdb.single(left, player) == 4);
    CHECK(pdb.pair(left, right, player) == board::unreachable);
    CHECK(initial_h(b, Kind::matching, nullptr) == 10);
    CHECK(initial_h(b, Kind::pdb, &pdb) == heuristic::dead);
    CHECK(initial_h(b, Kind::pdb_static, &pdb) == heuristic::dead);
}

TEST_CASE("pdb: two boxes in a one-wide corridor block each other: a pair deadlock") {
    // The player can push the left box only until it meets the right one,
    // and never reaches the right one's left side. Each box alone reaches
    // the entrance (6,1), and the matching bound sees no deadlock.
    const Board b(level_of(R"(
##########
#@ $ $ ..#
##########
)"));
    const Pdb pdb(b);
    REQUIRE(pdb.available());
    CHECK(pdb.zone().entrance() == b.cell_at(6, 1));
    const Cell player = b.cell_at(1, 1);
    CHECK(pdb.single(b.cell_at(3, 1), player) == 3);
    CHECK(pdb.pair(b.cell_at(3, 1), b.cell_at(5, 1), player) == board::unreachable);
    CHECK(initial_h(b, Kind::matching, nullptr) == 7);
    CHECK(initial_h(b, Kind::pdb, &pdb) == heuristic::dead);
    CHECK(initial_h(b, Kind::pdb_static, &pdb) == heuristic::dead);
}

TEST_CASE("pdb: a level without an entrance falls back to the matching bound") {
    const Board b(level_of(R"(
#######
#@    #
# $ . #
# .$  #
#     #
#######
)"));
    const Pdb pdb(b);
    CHECK_FALSE(pdb.available());
    CHECK(initial_h(b, Kind::pdb, &pdb) == initial_h(b, Kind::matching, nullptr));
    CHECK(initial_h(b, Kind::pdb, nullptr) == initial_h(b, Kind::matching, nullptr));
}

TEST_CASE("pdb: XSokoban 2 starts at its optimum 131, matching at 129") {
    const auto collection = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb");
    const Board b(collection.at(1));
    const Pdb pdb(b);
    REQUIRE(pdb.available());
    CHECK(initial_h(b, Kind::matching, nullptr) == 129);
    CHECK(initial_h(b, Kind::pdb, &pdb) == 131);
    search::Options options;
    options.heuristic = Kind::pdb;
    const search::SearchResult result = search::astar(b, options);
    REQUIRE(result.outcome == search::Outcome::solved);
    CHECK(result.pushes.size() == 131);
}

TEST_CASE("pdb: admissible and optimal on every Microban level matching solves within 200,000 expansions") {
    const auto collection = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    int checked = 0, with_entrance = 0;
    for (const level::Level& l : collection) {
        CAPTURE(l.number);
        const Board board(l);
        search::Options options;
        options.limits.node_limit = 200000;
        const search::SearchResult reference = search::astar(board, options);
        if (reference.outcome != search::Outcome::solved) continue;
        ++checked;
        const size_t optimum = reference.pushes.size();
        options.pdb = std::make_shared<const Pdb>(board);
        with_entrance += options.pdb->available();
        for (Kind kind : {Kind::pdb, Kind::pdb_static}) {
            CAPTURE(heuristic::kind_name(kind));
            const uint32_t h = initial_h(board, kind, options.pdb.get());
            REQUIRE(h != heuristic::dead);
            CHECK(h <= optimum);
            check_along(board, reference.pushes, kind, *options.pdb);
            options.heuristic = kind;
            const search::SearchResult result = search::astar(board, options);
            CHECK(result.outcome == search::Outcome::solved);
            CHECK(result.pushes.size() == optimum);
        }
    }
    MESSAGE("microban: ", checked, " levels checked, ", with_entrance, " with an entrance");
    CHECK(checked >= 150);
    CHECK(with_entrance >= 50);
}

TEST_CASE("pdb: over its memory limit the database is not built and matching is used") {
    const auto collection = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb");
    const Board b(collection.at(1));
    const Pdb small(b, 1000);
    CHECK_FALSE(small.available());
    CHECK(small.why_unavailable() == "over the memory limit");
    CHECK(initial_h(b, Kind::pdb, &small) == initial_h(b, Kind::matching, nullptr));
    const Pdb enough(b);
    REQUIRE(enough.available());
    CHECK(enough.bytes() < 1000000);
    const Pdb just(b, enough.bytes() + enough.entries() * sizeof(uint16_t));
    CHECK(just.available());
}

TEST_CASE("heuristic: set_parent() goes on from the last parent's matching; every child's bound is a fresh evaluate()") {
    // Random walks with jumps back to earlier states (a search's parents:
    // mostly one push from the last, sometimes far from it), for the matching
    // and both PDB kinds: the parent's bound (matching) and each child's
    // evaluate_push() equal a fresh evaluate() of the same state.
    const auto collection = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb");
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    auto next = [&seed](size_t bound) {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        return static_cast<size_t>(seed % bound);
    };
    int children = 0, jumps = 0, dead = 0;
    for (int number : {1, 9, 51, 55}) {
        CAPTURE(number);
        const Board board(collection.at(number - 1));
        const Pdb pdb(board);
        REQUIRE(pdb.available());
        for (Kind kind : {Kind::matching, Kind::pdb, Kind::pdb_static}) {
            CAPTURE(heuristic::kind_name(kind));
            Heuristic incremental(board, kind, &pdb), fresh(board, kind, &pdb);
            moves::Reachability area(board);
            std::vector<std::vector<uint64_t>> walk(1, std::vector<uint64_t>(board.words()));
            state::initial_boxes(board, walk[0].data());
            std::vector<Cell> players(1, board.initial_player());
            for (int step = 0; step < 200; ++step) {
                size_t at = walk.size() - 1;
                if (next(4) == 0) {
                    at = next(walk.size());
                    ++jumps;
                }
                const std::vector<uint64_t> boxes = walk[at];
                const Cell player = players[at];
                const uint32_t parent = incremental.set_parent(boxes.data(), player);
                if (kind == Kind::matching) CHECK(parent == fresh.evaluate(boxes.data(), player));
                area.compute(boxes.data(), player);
                std::vector<std::vector<uint64_t>> alive;
                std::vector<Cell> alive_players;
                moves::for_each_push(board, boxes.data(), area, [&](const moves::Push& push) {
                    const Cell to = board.neighbor(push.box, push.dir);
                    std::vector<uint64_t> child = boxes;
                    state::clear_box(child.data(), push.box);
                    state::set_box(child.data(), to);
                    const uint32_t h = fresh.evaluate(child.data(), push.box);
                    CHECK(incremental.evaluate_push(push.box, to, push.box) == h);
                    ++children;
                    dead += h == heuristic::dead;
                    if (h == heuristic::dead) return;
                    alive.push_back(child);
                    alive_players.push_back(push.box);
                });
                if (alive.empty()) continue;
                const size_t pick = next(alive.size());
                walk.push_back(alive[pick]);
                players.push_back(alive_players[pick]);
            }
        }
    }
    MESSAGE("set_parent walks: ", children, " children, ", jumps, " jumps, ", dead, " dead");
    CHECK(children > 10000);
    CHECK(jumps > 500);
    CHECK(dead > 100);
}
