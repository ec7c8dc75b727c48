// tests/deadlock/subset_search_test: the cluster deadlock search on
// hand-made boards (a deadlock that freeze, dead squares and the matching
// bound all miss; the player's area as part of the verdict; the cache-key
// trap: one window, dead on one board and alive on another), and its
// soundness: every state it calls dead on random walks through Microban
// levels is unsolvable for A* without it.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/deadlock.hpp"
#include "deadlock/subset_search.hpp"
#include "heuristic/heuristic.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "position.hpp"
#include "search/search.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;

namespace {

using Position = testing::BoardState;
using testing::draw_state;

// The dead one and its solvable twin (position.hpp).
const char* shut_in = testing::shut_in_pair;
const char* corridor = testing::corridor_pair;

}  // namespace

TEST_CASE("deadlock search: two boxes that freeze, dead squares and matching miss") {
    const Position p(shut_in);
    const Cell left = p.at(2, 3), right = p.at(3, 3), player = p.at(3, 4);
    CHECK_FALSE(p.board.is_dead(left));
    CHECK_FALSE(p.board.is_dead(right));
    CHECK_FALSE(deadlock::is_freeze_deadlock(p.board, p.boxes.data(), left, player));
    CHECK_FALSE(deadlock::is_freeze_deadlock(p.board, p.boxes.data(), right, player));
    heuristic::Heuristic matching(p.board, heuristic::Kind::matching);
    CHECK(matching.evaluate(p.boxes.data(), player) == 2);
    deadlock::SubsetSearch search(p.board);
    CHECK(search.is_dead(p.boxes.data(), left, player));
    CHECK(search.last_cluster_size() == 2);
    CHECK(search.is_dead(p.boxes.data(), right, player));
    // A* without the deadlock search agrees: no solution.
    CHECK(search::astar(p.board, search::Options{}).outcome == search::Outcome::unsolvable);
}

TEST_CASE("deadlock search: the verdict keys on the player's area, not on the boxes alone") {
    const Position p(shut_in);
    const Cell left = p.at(2, 3);
    deadlock::SubsetSearch search(p.board);
    CHECK(search.is_dead(p.boxes.data(), left, p.at(3, 4)));
    CHECK(search.cache_hits() == 0);
    // The same boxes with the player on (2,2): push (3,3) down twice, then
    // (2,3) down and (3,5) up: alive. A box-only key would answer "dead".
    CHECK_FALSE(search.is_dead(p.boxes.data(), left, p.at(2, 2)));
    CHECK(search.cache_hits() == 0);
    CHECK(search.searches() == 2);
    // The first verdict comes back from the cache for the same player cell;
    // another cell of the same area is another key, searched again.
    CHECK(search.is_dead(p.boxes.data(), left, p.at(3, 4)));
    CHECK(search.cache_hits() == 1);
    CHECK(search.is_dead(p.boxes.data(), left, p.at(5, 5)));
    CHECK(search.searches() == 3);
}

TEST_CASE("deadlock search: the cache-key trap, one window dead on one board and alive on another") {
    const Position dead(shut_in), alive(corridor);
    // The window around the cluster (x 1..4, y 2..4) is the same square by square.
    const auto rows_of = [](const char* text) {
        std::vector<std::string> rows;
        std::string s(text + 1);
        for (size_t at = 0, next; at < s.size(); at = next + 1) rows.push_back(s.substr(at, (next = s.find('\n', at)) - at));
        return rows;
    };
    const auto a = rows_of(shut_in), b = rows_of(corridor);
    for (int y = 2; y <= 4; ++y) CHECK(a[y].substr(1, 4) == b[y].substr(1, 4));
    CHECK(a != b);
    deadlock::SubsetSearch on_dead(dead.board), on_alive(alive.board);
    CHECK(on_dead.is_dead(dead.boxes.data(), dead.at(2, 3), dead.at(3, 4)));
    CHECK_FALSE(on_alive.is_dead(alive.boxes.data(), alive.at(2, 3), alive.at(3, 4)));
    CHECK(search::astar(alive.board, search::Options{}).pushes.size() == 2);
}

TEST_CASE("deadlock search: a lone box, a solved cluster and boxes outside the cluster") {
    // The far box (6,5) is no neighbour of the cluster: same verdict as without it.
    const Position p(R"(
#########
#########
## .#####
##$$#####
##.@    #
##   $. #
##  #####
#########
)");
    deadlock::SubsetSearch search(p.board);
    CHECK(search.is_dead(p.boxes.data(), p.at(3, 3), p.at(3, 4)));
    CHECK(search.last_cluster_size() == 2);
    CHECK_FALSE(search.is_dead(p.boxes.data(), p.at(5, 5), p.at(3, 4)));
    CHECK(search.last_cluster_size() == 0);  // alone: nothing searched
    const Position solved(R"(
#####
#@**#
#   #
#####
)");
    deadlock::SubsetSearch on_solved(solved.board);
    CHECK_FALSE(on_solved.is_dead(solved.boxes.data(), solved.at(2, 1), solved.at(1, 1)));
    CHECK(on_solved.searches() == 0);
}

TEST_CASE("deadlock search: a cluster pushed apart is not proven dead, at once") {
    // Two boxes side by side, their goals far off down a corridor: putting
    // both on goals takes dozens of sub-states; the first push that parts
    // them (no two boxes 8-neighbours) ends the search, "not proven dead".
    // No push of the first sub-state parts them (each leaves the two
    // diagonal), a push of the second does.
    const Position p(R"(
##########
#        #
#  $$    #
#   @    #
#        #
####### ##
####### ##
####### ##
####### ##
#######.##
#######.##
##########
)");
    deadlock::SubsetSearch search(p.board);
    CHECK_FALSE(search.is_dead(p.boxes.data(), p.at(3, 2), p.at(4, 3)));
    CHECK(search.last_cluster_size() == 2);
    CHECK(search.last_expanded() == 2);
    // Boxes that cannot part are still searched to the end: the shut-in pair.
    const Position dead(shut_in);
    deadlock::SubsetSearch on_dead(dead.board);
    CHECK(on_dead.is_dead(dead.boxes.data(), dead.at(2, 3), dead.at(3, 4)));
    CHECK(on_dead.last_expanded() > 1);
}

TEST_CASE("deadlock search: every state it calls dead on random walks through Microban is unsolvable") {
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    std::mt19937 rng(20261123);
    int dead_found = 0, checked_levels = 0;
    for (const level::Level& level : collection) {
        const Board board(level);
        if (board.boxes() > 5) continue;
        ++checked_levels;
        deadlock::SubsetSearch search(board);
        dead_found += testing::walk_to_dead_states(
            board, rng, 30, 40,
            [&](const uint64_t* boxes, Cell player, Cell, Cell to) { return search.is_dead(boxes, to, player); },
            [&](const std::string& text) {
                INFO("microban level ", level.number, ", called dead:\n", text);
                const level::Level child = level::parse_collection(text, "walk").at(0);
                const Board child_board(child);
                CHECK(search::astar(child_board, search::Options{}).outcome == search::Outcome::unsolvable);
            });
    }
    MESSAGE(dead_found, " states called dead on ", checked_levels, " levels, each unsolvable for A*");
    CHECK(dead_found >= 20);
}

TEST_CASE("deadlock search: boxes side by side join the cluster before diagonal ones") {
    // XSokoban 28 after its seventh push in a fess run: the box just pushed
    // down to (11,11) completes a dead group with (10,11), (10,12) and
    // (9,12), two staggered pairs by the bottom wall (the pocket under them
    // is shut to the player, and every push left is into it or against a
    // box). (12,10) touches (11,11) only diagonally;
    // taken into the four first (the 8-neighbourhood in one pass), it left
    // (9,12) out and the cluster of four was alive, so fess-box-plan went on
    // packing boxes above a dead group for hundreds of pushes.
    const Position p(R"(
         #####
     #####   #
    ## $  $  ####
##### $  $ $ ##.#
#       $$  ##..#
#  ###### ###.. #
##$#@ #    #... #
#     #    #... #
#  #$ ## ####...#
####  $ $$  ##..#
   ##   $   $...#
    # $$  $$#  .#
    #    $$  ####
    ######   #
         #####
)");
    deadlock::SubsetSearch search(p.board);
    CHECK(search.is_dead(p.boxes.data(), p.at(11, 11), p.at(4, 6)));
    CHECK(search.last_cluster_size() == 4);
    // The four alone: the search proves them dead from any of their boxes.
    CHECK(search.is_dead(p.boxes.data(), p.at(9, 12), p.at(4, 6)));
    // The 8-neighbourhood in one pass (fess's order) takes (12,10) in and
    // misses them from (11,11).
    deadlock::SubsetSearch neighbours(p.board, 18, deadlock::SubsetSearch::default_node_limit, nullptr,
                                      deadlock::SubsetSearch::Cluster::neighbours);
    CHECK_FALSE(neighbours.is_dead(p.boxes.data(), p.at(11, 11), p.at(4, 6)));
    CHECK(neighbours.last_cluster_size() == 4);
    // Both orders (the optimal searches'): side by side proves it, and the
    // 8-neighbourhood's cluster is not searched after that.
    deadlock::SubsetSearch both(p.board, 18, deadlock::SubsetSearch::default_node_limit, nullptr,
                                deadlock::SubsetSearch::Cluster::both);
    CHECK(both.is_dead(p.boxes.data(), p.at(11, 11), p.at(4, 6)));
    CHECK(both.searches() == 1);
}

TEST_CASE("deadlock search: the verdict cache grows as verdicts arrive and keeps the verdicts so far") {
    // A cache of 2 slots (cache_bits 1: it never grows) against the default
    // (18 bits, starting at 2^10 slots and doubling): the same verdicts on
    // every state of random walks through Microban; and just after the
    // cache grew, the states asked last before it are answered from it.
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    std::mt19937 rng(20261128);
    int grown = 0;
    for (const level::Level& level : collection) {
        const Board board(level);
        if (board.boxes() < 4) continue;
        deadlock::SubsetSearch growing(board), tiny(board, 1);
        CHECK(growing.cache_slots() == 1024);
        CHECK(tiny.cache_slots() == 2);
        struct Asked {
            std::vector<uint64_t> boxes;
            Cell to, player;
            bool dead;
        };
        std::vector<Asked> last;  // the last 50 states asked
        std::vector<Asked> before_growth;
        for (int walk = 0; walk < 2000 && before_growth.empty(); ++walk)
            testing::random_push_walk(board, rng, 60, [&](const uint64_t* boxes, Cell player, Cell from, Cell to) {
                if (from == board::no_cell || !before_growth.empty()) return false;
                const size_t slots = growing.cache_slots();
                const bool dead = growing.is_dead(boxes, to, player);
                CHECK(dead == tiny.is_dead(boxes, to, player));
                if (growing.cache_slots() != slots) {
                    CHECK(growing.cache_slots() == 2 * slots);
                    before_growth = last;
                }
                if (last.size() == 50) last.erase(last.begin());
                last.push_back({{boxes, boxes + board.words()}, to, player, dead});
                return dead;
            });
        CHECK(tiny.cache_slots() == 2);
        if (before_growth.empty()) continue;
        ++grown;
        const uint64_t hits = growing.cache_hits();
        for (const Asked& a : before_growth) CHECK(growing.is_dead(a.boxes.data(), a.to, a.player) == a.dead);
        // Moved over: a slot's verdict goes to one of the two slots it
        // splits into; only those replaced among the 50 are lost.
        CHECK(growing.cache_hits() - hits >= 40);
        if (grown == 3) break;
    }
    CHECK(grown == 3);
}
