// tests/deadlock/pi_corral_test: PI-corrals made of several corrals. A
// corral that fails alone because a push of its boxes starts in (or leads
// into) another corral is joined with that one; the union can be a
// PI-corral when neither part is and the union of all corrals is not. On
// hand-made boards, and for soundness on random walks through Microban:
// wherever the restriction comes from such a union, the optimum over the
// pushes it keeps equals the optimum over all pushes (A* without PI-corrals).
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/pi_corral.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "position.hpp"
#include "search/search.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Cell;
using deadlock::CorralVerdict;
using testing::BoardState;

namespace {

struct Analysis {
    CorralVerdict verdict;
    std::vector<uint64_t> only;
    std::vector<moves::Push> allowed;  // the pushes the verdict keeps (all on none)
    int corrals, chosen;
};

Analysis analyze(const board::Board& board, const uint64_t* boxes, Cell player, bool unions = true) {
    moves::Reachability area(board);
    area.compute(boxes, player);
    deadlock::PiCorral pi(board, unions);
    Analysis a{CorralVerdict::none, std::vector<uint64_t>(board.words()), {}, 0, 0};
    a.verdict = pi.analyze(boxes, area, a.only);
    a.corrals = pi.last_corrals();
    a.chosen = pi.last_chosen();
    moves::for_each_push(board, boxes, area, [&](const moves::Push& push) {
        if (a.verdict == CorralVerdict::none || state::has_box(a.only.data(), push.box)) a.allowed.push_back(push);
    });
    return a;
}

// Optimal pushes of the state drawn as a level, by A* without PI-corrals;
// -1 if unsolvable.
int optimum(const std::string& text) {
    const level::Level level = level::parse_collection(text, "state").at(0);
    const board::Board board(level);
    search::Options options;
    options.pi_corral = false;
    const search::SearchResult result = search::astar(board, options);
    REQUIRE((result.outcome == search::Outcome::solved || result.outcome == search::Outcome::unsolvable));
    return result.outcome == search::Outcome::solved ? static_cast<int>(result.pushes.size()) : -1;
}

// Three corrals below the player's row: C (2,3) behind the box on (2,2),
// A (4..6,3) under the box on (5,2), B (8,3) right of the box on (7,3).
// A alone fails: the box on (7,3) can be pushed left into A from B, where
// the player cannot be now. B alone fails the same way round. Together the
// box on (7,3) has no push before one of their boxes moves (the player
// would stand inside), and the box on (5,2) goes down into A from the
// player's row: a PI-corral with one push. C fails (the box on (2,2) can
// be pushed along the row), so all three together fail too.
const char* const two_corrals = R"(
##########
#@       #
# $ #$####
##.# . * #
##########
)";

}  // namespace

TEST_CASE("PI-corral: two corrals that each fail alone make one together") {
    BoardState p(two_corrals);
    const Analysis a = analyze(p.board, p.boxes.data(), p.board.initial_player());
    CHECK(a.verdict == CorralVerdict::restrict);
    CHECK(a.corrals == 3);
    CHECK(a.chosen == 2);
    CHECK(state::has_box(a.only.data(), p.at(5, 2)));
    CHECK(state::has_box(a.only.data(), p.at(7, 3)));
    CHECK_FALSE(state::has_box(a.only.data(), p.at(2, 2)));
    REQUIRE(a.allowed.size() == 1);
    CHECK(a.allowed[0].box == p.at(5, 2));
    // The optimum is unchanged: two pushes, with PI-corrals and without.
    search::Options with;
    const search::SearchResult r = search::astar(p.board, with);
    REQUIRE(r.outcome == search::Outcome::solved);
    CHECK(r.pushes.size() == 2);
    CHECK(optimum(two_corrals) == 2);
}

TEST_CASE("PI-corral: without unions (fess's box moves) a corral is checked alone") {
    BoardState p(two_corrals);
    const Analysis a = analyze(p.board, p.boxes.data(), p.board.initial_player(), false);
    CHECK(a.corrals == 3);
    CHECK(a.verdict == CorralVerdict::none);  // no corral is a PI-corral alone
    CHECK(a.chosen == 0);
    CHECK(a.allowed.size() > 1);  // every push, where the union keeps one
}

TEST_CASE("PI-corral: on random walks through Microban, a union's pushes keep the optimum") {
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    std::mt19937 rng(20261127);
    int unions = 0, restricted = 0;
    for (const level::Level& level : collection) {
        const board::Board board(level);
        if (board.boxes() > 5 || unions >= 25) continue;
        for (int walk = 0; walk < 20 && unions < 25; ++walk)
            testing::random_push_walk(board, rng, 30, [&](const uint64_t* boxes, Cell player, Cell, Cell) {
                const Analysis a = analyze(board, boxes, player);
                restricted += a.verdict == CorralVerdict::restrict;
                if (a.verdict != CorralVerdict::restrict || a.chosen < 2 || a.chosen == a.corrals) return false;
                // A union found by joining: the best child over the kept
                // pushes is as good as the state's optimum.
                const std::string text = testing::draw_state(board, boxes, player);
                INFO("microban level ", level.number, ", restricted to a union of ", a.chosen, " of ", a.corrals,
                     " corrals:\n", text);
                const int best = optimum(text);
                int kept = -1;
                for (const moves::Push& push : a.allowed) {
                    std::vector<uint64_t> child(boxes, boxes + board.words());
                    state::clear_box(child.data(), push.box);
                    state::set_box(child.data(), board.neighbor(push.box, push.dir));
                    const int rest = optimum(testing::draw_state(board, child.data(), push.box));
                    if (rest >= 0 && (kept < 0 || rest + 1 < kept)) kept = rest + 1;
                }
                CHECK(kept == best);
                return ++unions >= 25;
            });
    }
    MESSAGE(unions, " unions checked against A* without PI-corrals (", restricted, " restricted states seen)");
    CHECK(unions >= 10);
}
