// tests/deadlock/corral_search_test: corral deadlocks found by the small
// search over the corral's boxes, on hand-made boards where neither the
// PI-corral test, the freeze test nor the matching bound sees them.
#include <doctest/doctest.h>

#include <vector>

#include "board/board.hpp"
#include "deadlock/corral_search.hpp"
#include "deadlock/pi_corral.hpp"
#include "heuristic/heuristic.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"

using namespace hdasoko;

namespace {

struct Verdicts {
    bool corral_dead = false;
    deadlock::CorralVerdict pi = deadlock::CorralVerdict::none;
    uint32_t h = 0;
};

Verdicts judge(const char* text, int node_limit = 1000) {
    const level::Level level = level::parse_collection(text, "inline").at(0);
    const board::Board board(level);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    moves::Reachability area(board);
    const board::Cell player = area.compute(boxes.data(), board.initial_player());
    Verdicts v;
    deadlock::CorralSearch corral(board, node_limit);
    v.corral_dead = corral.is_dead(boxes.data(), player, area);
    deadlock::PiCorral pi(board);
    std::vector<uint64_t> only(board.words());
    v.pi = pi.analyze(boxes.data(), area, only);
    heuristic::Heuristic h(board, heuristic::Kind::matching);
    v.h = h.evaluate(boxes.data(), player);
    return v;
}

}  // namespace

TEST_CASE("corral search: two boxes sealing a room with a goal, the other goal unreachable, are dead") {
    // The lower room holds one goal; its two boxes can be pushed down, but
    // then the player never gets below either, and the box for (1,1) would
    // have to be pushed up from inside. Pushes out of the corral exist (up
    // from below is impossible, but down is not a push into a PI-corral
    // alone), so the PI-corral test does not fire; the matching bound sees a
    // lone box reach (1,1) around the room.
    const Verdicts v = judge(
        "########\n"
        "#.@    #\n"
        "#      #\n"
        "##$$####\n"
        "#  .   #\n"
        "########\n");
    CHECK(v.corral_dead);
    CHECK(v.pi != deadlock::CorralVerdict::dead);
    CHECK(v.h != heuristic::dead);
}

TEST_CASE("corral search: the same room with both goals inside is not dead") {
    const Verdicts v = judge(
        "########\n"
        "#  @   #\n"
        "#      #\n"
        "##$$####\n"
        "# ..   #\n"
        "########\n");
    CHECK_FALSE(v.corral_dead);
}

TEST_CASE("corral search: a corral the player can open is not dead, and a search cut short proves nothing") {
    // Pushing the box on (3,2) right lets the player into the right room.
    const char* open =
        "########\n"
        "#  #   #\n"
        "#  $ . #\n"
        "# @$ . #\n"
        "#  #   #\n"
        "########\n";
    CHECK_FALSE(judge(open).corral_dead);
    // With a limit of one state the dead room of the first case is not proven.
    const Verdicts cut = judge(
        "########\n"
        "#.@    #\n"
        "#      #\n"
        "##$$####\n"
        "#  .   #\n"
        "########\n",
        1);
    CHECK_FALSE(cut.corral_dead);
}
