// tests/search/tunnel_test: tunnel macros (Options::tunnels) on hand-made
// boards. With them on, A* and HDA* find BFS's push count, print the
// solution push by push (it replays in the verifier with that many pushes),
// and macros are made; a goal inside the tunnel and a widening where a box
// can be parked keep the single pushes that stop there; the macro never
// expands more than the search without it on these boards.
#include <doctest/doctest.h>

#include <string>

#include "board/board.hpp"
#include "generate/push_bfs.hpp"
#include "level/level.hpp"
#include "search/search.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

using namespace hdasoko;
using search::Outcome;

namespace {

level::Level level_of(const char* text) { return level::parse_collection(text, "inline").at(0); }

// Solves `text` with tunnel macros on and off, A* and HDA* with 2 workers,
// and checks both against BFS; returns the macros made by A* with them on.
uint64_t check_against_bfs(const char* text, uint64_t& expanded_on, uint64_t& expanded_off) {
    const level::Level level = level_of(text);
    const generate::BfsAnswer expected = generate::bfs(level, 2'000'000);
    REQUIRE(expected.kind == generate::BfsAnswer::solved);
    const board::Board board(level);
    uint64_t macros = 0;
    for (bool tunnels : {true, false})
        for (int threads : {1, 2}) {
            CAPTURE(tunnels);
            CAPTURE(threads);
            search::Options options;
            options.tunnels = tunnels;
            options.threads = threads;
            const search::SearchResult r = threads == 1 ? search::astar(board, options) : search::hda(board, options);
            REQUIRE(r.outcome == Outcome::solved);
            CHECK(static_cast<int>(r.pushes.size()) == expected.pushes);
            const std::string lurd = solution::to_lurd(board, r.pushes);
            const solution::Verdict verdict = solution::verify(level, lurd);
            CHECK_MESSAGE(verdict.ok, verdict.error);
            CHECK(verdict.pushes == expected.pushes);
            if (threads == 1) {
                (tunnels ? expanded_on : expanded_off) = r.stats.expanded;
                if (tunnels) macros = r.stats.tunnel_macros;
                else CHECK(r.stats.tunnel_macros == 0);
            }
        }
    return macros;
}

}  // namespace

TEST_CASE("tunnels: a one-way tunnel is pushed through in one move, every push counted") {
    uint64_t on = 0, off = 0;
    const uint64_t macros = check_against_bfs(R"(
#############
#    ###    #
# $ $      .#
#@   ###   .#
#############
)", on, off);
    CHECK(macros > 0);
    CHECK(on < off);
}

TEST_CASE("tunnels: a goal inside the tunnel keeps the push that stops on it") {
    // The first box goes through the tunnel (its macro stops on the goal in
    // it, then single pushes on); the second stays on that goal.
    uint64_t on = 0, off = 0;
    const uint64_t macros = check_against_bfs(R"(
#############
#    ###    #
# $ $  .   .#
#@   ###    #
#############
)", on, off);
    CHECK(macros > 0);
    CHECK(on <= off);
}

TEST_CASE("tunnels: a widening where a box can be parked keeps the single pushes") {
    uint64_t on = 0, off = 0;
    check_against_bfs(R"(
##############
#    #  #    #
# $ $       .#
#@   ## #   .#
##############
)", on, off);
    CHECK(on <= off);
}

TEST_CASE("tunnels: a box must wait in a corridor the player can walk round") {
    // The corridor (5..7, 2) has a way round below it, so it is no tunnel:
    // the search keeps every push there.
    uint64_t on = 0, off = 0;
    const uint64_t macros = check_against_bfs(R"(
#############
#    ###    #
# $ $      .#
#@   ###   .#
#           #
#############
)", on, off);
    CHECK(macros == 0);
    CHECK(on == off);
}
