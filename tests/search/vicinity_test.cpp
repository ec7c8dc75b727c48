// tests/search/vicinity_test: answer improvement by vicinity searches
// (search/vicinity.hpp). The vicinity holds a solution's configurations and
// what lies k boxes off them; vicinity searches shorten greedy solutions on
// Microban without going below BFS's optimum, every answer replaying in the
// verifier; in a race the improver's answer is never a proof by itself.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "board/board.hpp"
#include "generate/push_bfs.hpp"
#include "level/level.hpp"
#include "portfolio/portfolio.hpp"
#include "search/search.hpp"
#include "shipped.hpp"
#include "search/vicinity.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using testing::shipped;
using search::Outcome;

namespace {

search::SearchResult greedy(const board::Board& board) {
    search::Options options;
    options.order = search::Order::greedy;
    return search::astar(board, options);
}

// Calls check(level, board, optimum) on each of Microban's first 40 levels
// that BFS solves (the optimum: its push count); returns how many.
template <class Check>
int for_each_solved_microban(Check&& check) {
    int levels = 0;
    for (int number = 1; number <= 40; ++number) {
        CAPTURE(number);
        const level::Level level = shipped("microban.xsb", number);
        const generate::BfsAnswer expected = generate::bfs(level, 500'000);
        if (expected.kind != generate::BfsAnswer::solved) continue;
        const board::Board board(level);
        check(level, board, expected.pushes);
        ++levels;
    }
    return levels;
}

int verified_pushes(const level::Level& level, const board::Board& board, const search::SearchResult& r) {
    const solution::Verdict verdict = solution::verify(level, solution::to_lurd(board, r.pushes));
    CHECK_MESSAGE(verdict.ok, verdict.error);
    return verdict.ok ? verdict.pushes : -1;
}

}  // namespace

TEST_CASE("vicinity: a solution's configurations and the states k boxes off them") {
    const level::Level level = shipped("microban.xsb", 3);
    const board::Board board(level);
    const search::SearchResult solved = greedy(board);
    REQUIRE(solved.outcome == Outcome::solved);
    const search::Vicinity exact(board, solved.pushes, 0), one(board, solved.pushes, 1), two(board, solved.pushes, 2);
    CHECK(exact.boxes_off() == 0);
    CHECK(two.boxes_off() == 2);
    CHECK(exact.configurations() >= 2);
    CHECK(exact.configurations() <= solved.pushes.size() + 1);

    std::vector<uint64_t> boxes(board.words() + 1, 0);
    state::initial_boxes(board, boxes.data());
    CHECK(exact.contains(boxes.data()));
    // Free floor squares, off the boxes, not dead: where a box may be moved to.
    std::vector<board::Cell> free;
    for (board::Cell c = 0; c < board.cells(); ++c)
        if (!state::has_box(boxes.data(), c) && !board.is_dead(c)) free.push_back(c);
    REQUIRE(board.initial_boxes().size() >= 2);
    REQUIRE(free.size() >= 2);
    // Moved boxes: off every configuration of the solution unless the
    // vicinity allows that many (checked against each configuration by hand).
    auto off_by = [&](const std::vector<uint64_t>& b) {
        int least = board.boxes();
        std::vector<uint64_t> config(board.words() + 1, 0);
        state::initial_boxes(board, config.data());
        auto count = [&] {
            int differ = 0;
            for (int w = 0; w < board.words(); ++w) differ += __builtin_popcountll(b[w] ^ config[w]);
            least = std::min(least, differ / 2);
        };
        count();
        std::vector<moves::Push> single;
        for (const moves::Push& p : solved.pushes) {
            single.clear();
            moves::unroll(board, p, single);
            for (const moves::Push& s : single) {
                state::clear_box(config.data(), s.box);
                state::set_box(config.data(), board.neighbor(s.box, s.dir));
                count();
            }
        }
        return least;
    };
    int checked = 0;
    for (board::Cell a : free)
        for (board::Cell b : free) {
            if (a >= b) continue;
            std::vector<uint64_t> moved = boxes;
            state::clear_box(moved.data(), board.initial_boxes()[0]);
            state::set_box(moved.data(), a);
            const int off1 = off_by(moved);
            CHECK(exact.contains(moved.data()) == (off1 == 0));
            CHECK(one.contains(moved.data()) == (off1 <= 1));
            state::clear_box(moved.data(), board.initial_boxes()[1]);
            state::set_box(moved.data(), b);
            const int off2 = off_by(moved);
            CHECK(one.contains(moved.data()) == (off2 <= 1));
            CHECK(two.contains(moved.data()) == (off2 <= 2));
            ++checked;
        }
    CHECK(checked > 0);
}

TEST_CASE("vicinity: searches around greedy solutions shorten them, never below BFS, every answer verified") {
    int improved = 0;
    const int levels = for_each_solved_microban([&](const level::Level& level, const board::Board& board, int optimum) {
        const search::SearchResult first = greedy(board);
        REQUIRE(first.outcome == Outcome::solved);
        int best = static_cast<int>(first.pushes.size());
        search::Options options;
        options.heuristic = heuristic::Kind::pdb;
        const search::SearchStats counts =
            search::improve_in_vicinity(board, options, first.pushes, [&](const search::SearchResult& r) {
                const int pushes = verified_pushes(level, board, r);
                CHECK(pushes == static_cast<int>(r.pushes.size()));
                CHECK(pushes < best);
                CHECK(pushes >= optimum);
                best = pushes;
                return true;
            });
        CHECK(counts.expanded > 0);
        if (best < static_cast<int>(first.pushes.size())) ++improved;
    });
    MESSAGE(improved, " of ", levels, " greedy solutions shortened");
    CHECK(levels >= 30);
    CHECK(improved > 0);
}

TEST_CASE("vicinity: in a race the improver's answer is shorter but proves nothing by itself") {
    int shortened = 0;
    for_each_solved_microban([&](const level::Level& level, const board::Board& board, int optimum) {
        std::string error;
        auto members = portfolio::portfolio_members("greedy,vicinity", portfolio::Mode::optimal, search::Options{}, 2, error);
        REQUIRE(members.size() == 2);
        CHECK(members[1].improver);
        CHECK_FALSE(members[1].optimal);
        const portfolio::PortfolioResult r = portfolio::race(board, std::move(members), portfolio::Mode::optimal, {});
        REQUIRE(r.result.outcome == Outcome::solved);
        const int pushes = verified_pushes(level, board, r.result);
        CHECK(pushes >= optimum);
        CHECK(r.members[1].lower_bound == 0);
        // Optimal only where greedy's start bound already meets the answer.
        CHECK(r.optimal == (static_cast<uint32_t>(pushes) <= r.members[0].lower_bound));
        if (r.optimal) CHECK(pushes == optimum);
        if (r.members[1].outcome == Outcome::solved) {
            CHECK(r.members[1].pushes < r.members[0].pushes);
            ++shortened;
        }
    });
    CHECK(shortened > 0);
}
