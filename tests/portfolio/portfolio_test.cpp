// tests/portfolio/portfolio_test: the race. In optimal mode only a proof wins:
// an optimal member's solution, or an optimal member's proof of a bound set
// by a faster non-optimal member (then that member's solution is optimal);
// in any mode the first answer wins; the losers are cancelled, and the user's
// cancel stops every member promptly; unknown member names are errors.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <thread>

#include "board/board.hpp"
#include "concurrent/turns.hpp"
#include "level/level.hpp"
#include "instrumented.hpp"
#include "portfolio/portfolio.hpp"
#include "search/search.hpp"
#include "search/shipped.hpp"

using namespace hdasoko;
using testing::shipped;
using portfolio::Mode;
using search::Outcome;

namespace {

// A stand-in for a fast non-optimal search: it answers at once with the
// solution A* found for the level (so its length is the optimum) and says
// nothing of optimality.
search::SearchResult canned;
search::SearchResult answer_at_once(const board::Board&, const search::Options&) { return canned; }

search::SearchResult never_answer(const board::Board&, const search::Options& o) {
    while (!o.limits.cancel->load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    search::SearchResult r;
    r.outcome = Outcome::interrupted;
    return r;
}

// Records the time and memory limits it was given and stops at once, as if it had run out.
std::vector<double> limits_seen(3, -1);
std::vector<uint64_t> memory_seen(3, 0);
std::vector<const concurrent::Turns*> turns_seen(3, nullptr);
template <int slot>
search::SearchResult note_limit(const board::Board&, const search::Options& o) {
    limits_seen[slot] = o.limits.time_limit_s;
    memory_seen[slot] = o.limits.memory_limit_bytes;
    turns_seen[slot] = o.limits.turns;
    search::SearchResult r;
    r.outcome = Outcome::time_limit;
    return r;
}

}  // namespace

TEST_CASE("portfolio: a solution as short as a proven lower bound is optimal, in any mode too") {
    // A corridor: the one solution is 3 pushes, which the start's bound proves.
    const level::Level corridor = level::parse_collection("#######\n#@$  .#\n#######\n", "inline").at(0);
    const board::Board board(corridor);
    std::string error;
    for (Mode mode : {Mode::any, Mode::optimal}) {
        const auto members = portfolio::portfolio_members("fess,reverse-greedy", mode, {}, 2, error);
        const portfolio::PortfolioResult r = portfolio::race(board, members, mode, {});
        REQUIRE(r.result.outcome == Outcome::solved);
        CHECK(r.result.pushes.size() == 3);
        CHECK(r.lower_bound == 3);
        CHECK(r.optimal);
    }
    // Longer than the bound: not claimed (XSokoban 4: fess answers first, above the start's bound).
    const level::Level level = shipped("xsokoban.xsb", 4);
    const board::Board big(level);
    const portfolio::PortfolioResult r =
        portfolio::race(big, portfolio::portfolio_members("fess", Mode::any, {}, 1, error), Mode::any, {});
    REQUIRE(r.result.outcome == Outcome::solved);
    CHECK(r.optimal == (r.result.pushes.size() == r.lower_bound));
    CHECK(r.lower_bound <= r.result.pushes.size());
}

TEST_CASE("portfolio: in optimal mode the non-optimal members look for an upper bound for a tenth of the time and memory") {
    const level::Level level = shipped("microban.xsb", 1);
    const board::Board board(level);
    const std::vector<portfolio::Member> members{{"prover", note_limit<0>, {}, true}, {"bound", note_limit<1>, {}, false}};
    struct Case {
        Mode mode;
        double limit, prover, bound;
    };
    // At least 2 s; no limit stays no limit; any mode gives every member the whole limit.
    for (const Case& c : {Case{Mode::optimal, 60, 60, 6}, Case{Mode::optimal, 10, 10, 2}, Case{Mode::optimal, 1, 1, 1},
                          Case{Mode::optimal, 0, 0, 0}, Case{Mode::any, 60, 60, 60}}) {
        CAPTURE(c.limit);
        search::Limits limits;
        limits.time_limit_s = c.limit;
        const portfolio::PortfolioResult r = portfolio::race(board, members, c.mode, limits);
        CHECK(r.winner < 0);
        CHECK(limits_seen[0] == doctest::Approx(c.prover));
        CHECK(limits_seen[1] == doctest::Approx(c.bound));
    }
    // Memory: the provers share nine tenths in optimal mode; any mode shares it equally.
    search::Limits limits;
    limits.memory_limit_bytes = 1000;
    portfolio::race(board, members, Mode::optimal, limits);
    CHECK(memory_seen[0] == 900);
    CHECK(memory_seen[1] == 100);
    portfolio::race(board, members, Mode::any, limits);
    CHECK(memory_seen[0] == 500);
    CHECK(memory_seen[1] == 500);
    // A member marked early (reverse-early, reverse-greedy-early) goes with
    // the upper-bound members in optimal mode; in any mode it runs for a
    // third of the time, in the tenth of the memory.
    auto three = members;
    three.push_back(portfolio::Member{"early prover", note_limit<2>, {}, true, true});
    limits.time_limit_s = 60;
    portfolio::race(board, three, Mode::optimal, limits);
    CHECK(limits_seen[0] == doctest::Approx(60));
    CHECK(limits_seen[2] == doctest::Approx(6));
    CHECK(memory_seen[0] == 900);
    CHECK(memory_seen[1] == 50);
    CHECK(memory_seen[2] == 50);
    portfolio::race(board, three, Mode::any, limits);
    CHECK(limits_seen[0] == doctest::Approx(60));
    CHECK(limits_seen[1] == doctest::Approx(60));
    CHECK(limits_seen[2] == doctest::Approx(20));
    CHECK(memory_seen[0] == 450);
    CHECK(memory_seen[1] == 450);
    CHECK(memory_seen[2] == 100);
    limits.time_limit_s = 3;  // at least 2 s
    portfolio::race(board, three, Mode::any, limits);
    CHECK(limits_seen[2] == doctest::Approx(2));
}

TEST_CASE("portfolio: in any mode an early member takes turns with the first one-thread member") {
    const level::Level level = shipped("microban.xsb", 1);
    const board::Board board(level);
    // A member as wide as the machine: the members' threads outnumber its cores.
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<portfolio::Member> three{{"first", note_limit<0>, {}, false},
                                      {"second", note_limit<1>, {}, false},
                                      {"early", note_limit<2>, {}, false, true}};
    three[0].options.threads = 1;
    three[1].options.threads = cores;
    three[2].options.threads = 1;
    portfolio::race(board, three, Mode::any, {});
    CHECK(turns_seen[0] != nullptr);
    CHECK(turns_seen[2] == turns_seen[0]);
    CHECK(turns_seen[1] == nullptr);  // keeps its cores
    // The first member on several threads (a parallel search): the next one-thread member takes turns.
    three[0].options.threads = cores;
    three[1].options.threads = 1;
    portfolio::race(board, three, Mode::any, {});
    CHECK(turns_seen[0] == nullptr);
    CHECK(turns_seen[1] != nullptr);
    CHECK(turns_seen[2] == turns_seen[1]);
    // Optimal mode, or no early member: nobody takes turns.
    portfolio::race(board, three, Mode::optimal, {});
    for (const auto* t : turns_seen) CHECK(t == nullptr);
    auto two = three;
    two.pop_back();
    portfolio::race(board, two, Mode::any, {});
    CHECK(turns_seen[0] == nullptr);
    CHECK(turns_seen[1] == nullptr);
    // Threads to spare: every member keeps its own.
    for (auto& m : three) m.options.threads = 1;
    if (cores >= 3) {
        portfolio::race(board, three, Mode::any, {});
        for (const auto* t : turns_seen) CHECK(t == nullptr);
    }
}

// Stand-ins that call their turns at every step, as a search's limit
// checks do, until cancelled; `answer_later` answers after 100 ms.
std::atomic<long> steps_taken[2];
template <int slot>
search::SearchResult take_turns(const board::Board&, const search::Options& o) {
    while (!o.limits.cancel->load()) {
        if (o.limits.turns) o.limits.turns->take(o.limits.turn, o.limits.cancel);
        steps_taken[slot].fetch_add(1);
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    search::SearchResult r;
    r.outcome = Outcome::interrupted;
    return r;
}
search::SearchResult answer_later(const board::Board& board, const search::Options& o) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return answer_at_once(board, o);
}

TEST_CASE("portfolio: members taking turns both progress until the race ends" * doctest::test_suite("threads")) {
    const level::Level level = shipped("microban.xsb", 1);
    const board::Board board(level);
    canned = search::astar(board, {});
    const int cores = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<portfolio::Member> members{{"first", take_turns<0>, {}, false},
                                        {"answers", answer_later, {}, false},
                                        {"early", take_turns<1>, {}, false, true}};
    members[0].options.threads = 1;
    members[1].options.threads = cores;  // the threads outnumber the cores
    members[2].options.threads = 1;
    steps_taken[0] = steps_taken[1] = 0;
    const portfolio::PortfolioResult r = portfolio::race(board, members, Mode::any, {});
    REQUIRE(r.result.outcome == Outcome::solved);
    CHECK(r.winner == 1);
    CHECK(steps_taken[0].load() > 0);
    CHECK(steps_taken[1].load() > 0);
    CHECK(r.turn_handovers > 0);  // 300 ms of 50 ms turns
}

TEST_CASE("portfolio: in optimal mode an optimal member's solution wins and the rest are cancelled" * doctest::test_suite("threads")) {
    const level::Level level = shipped("xsokoban.xsb", 38);
    const board::Board board(level);
    const search::SearchResult reference = search::astar(board, {});
    std::string error;
    auto members = portfolio::portfolio_members("hda,astar-simple", Mode::optimal, {}, 2, error);
    REQUIRE(members.size() == 2);
    members.push_back(portfolio::Member{"never", never_answer, {}, false});
    portfolio::PortfolioResult r = portfolio::race(board, members, Mode::optimal, {});
    REQUIRE(r.winner >= 0);
    CHECK(r.optimal);
    CHECK(r.result.outcome == Outcome::solved);
    CHECK(r.result.pushes.size() == reference.pushes.size());
    CHECK(r.members.size() == 3);
    CHECK(r.members[2].cancelled);
    CHECK(r.members[2].outcome == Outcome::interrupted);
}

TEST_CASE("portfolio: a bound from a non-optimal member is proven by an optimal one" * doctest::test_suite("threads")) {
    int proofs = 0;
    for (int n : {2, 38}) {
        CAPTURE(n);
        const level::Level level = shipped("xsokoban.xsb", n);
        const board::Board board(level);
        // The canned answer's start bound (stats.initial_h) must stay below
        // its length, or it proves itself optimal: without pair conflicts,
        // which raise it to the optimum on these levels.
        search::Options plain;
        plain.pair_conflicts = false;
        canned = search::astar(board, plain);
        REQUIRE(canned.outcome == Outcome::solved);
        REQUIRE(canned.stats.initial_h < canned.pushes.size());
        for (auto search_fn : {search::astar, search::hda}) {
            search::Options o;
            o.threads = 2;
            std::vector<portfolio::Member> members = {{"canned", answer_at_once, o, false},
                                                   {"prover", search_fn, o, true}};
            // In any mode the canned answer wins, not proven optimal. The
            // other member answers only when cancelled: with the real prover
            // it was a race, which the prover won once on a loaded machine
            // (XSokoban 38, CI clone, load ~10).
            const std::vector<portfolio::Member> any_members = {{"canned", answer_at_once, o, false},
                                                             {"waits", never_answer, o, true}};
            portfolio::PortfolioResult any = portfolio::race(board, any_members, Mode::any, {});
            CHECK(any.winner == 0);
            CHECK_FALSE(any.optimal);
            // In optimal mode the prover prunes with its length and proves it
            // (or, had it started long before the canned answer, finds an
            // optimal solution of its own).
            portfolio::PortfolioResult r = portfolio::race(board, members, Mode::optimal, {});
            CHECK(r.optimal);
            REQUIRE(r.result.outcome == Outcome::solved);
            CHECK(r.result.pushes.size() == canned.pushes.size());
            if (r.members[1].outcome != Outcome::solved) {
                CHECK(std::string(search::outcome_name(r.members[1].outcome)) == "bound_proven");
                CHECK(r.winner == 0);
                ++proofs;
            }
            // Pruning at the bound cannot expand more than finding the goal.
            CHECK(r.members[1].stats.expanded <= canned.stats.expanded);
        }
    }
    CHECK(proofs > 0);
}

TEST_CASE("portfolio: the user's cancel stops every member promptly" * doctest::test_suite("threads")) {
    const level::Level level = shipped("xsokoban.xsb", 50);  // far from solved in seconds
    const board::Board board(level);
    std::string error;
    auto members = portfolio::portfolio_members("hda,astar,astar-simple,bidir", Mode::optimal, {}, 2, error);
    REQUIRE(members.size() == 4);
    std::atomic<bool> cancel{false};
    search::Limits limits;
    limits.cancel = &cancel;
    std::chrono::steady_clock::time_point cancelled_at;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        cancelled_at = std::chrono::steady_clock::now();
        cancel.store(true);
    });
    portfolio::PortfolioResult r = portfolio::race(board, members, Mode::optimal, limits);
    const double latency = std::chrono::duration<double>(std::chrono::steady_clock::now() - cancelled_at).count();
    canceller.join();
    MESSAGE("cancel latency ", latency * 1000, " ms");
    for (const auto& m : r.members) MESSAGE(m.name, " ended at ", m.seconds * 1000, " ms");
    CHECK(r.winner == -1);
    CHECK(r.result.outcome == Outcome::interrupted);
    for (const auto& m : r.members) CHECK(m.outcome == Outcome::interrupted);
    // Prompt, not timed: a member that ignored the flag would run on for
    // minutes. The 100 ms claim is measured by perf/memory_limits.sh (a
    // timed unit test fails on a loaded machine: 251 ms seen once under -j2).
    // Instrumented builds run 5-15 times slower. Under TSan, before the
    // race's shared set-up (pair-conflict table, goal-room searches) saw the
    // cancel, the four members ended together about 2 s after the start
    // (1.4-2.0 s latency alone, 5.5 s with another TSan test beside it);
    // with it, 0.95-1.11 s alone (the members' own start-up).
    CHECK(latency < (testing::instrumented ? 6.0 : 1.0));
}

TEST_CASE("portfolio: members by name" * doctest::test_suite("threads")) {
    std::string error;
    auto members = portfolio::portfolio_members("default", Mode::optimal, {}, 2, error);
    CHECK(!members.empty());
    // The default optimal race has a member that proves optimality: the
    // prover on the whole budget, every other member beside it (early).
    CHECK(std::any_of(members.begin(), members.end(), [](const portfolio::Member& m) { return m.optimal; }));
    REQUIRE(members.size() == 6);
    CHECK(members[0].name == "hda-pdb");
    // The last improves the others' answers (search/vicinity.hpp) and proves nothing.
    CHECK(members[5].name == "vicinity");
    CHECK(members[5].improver);
    CHECK_FALSE(members[5].optimal);
    CHECK(std::none_of(members.begin(), members.end() - 1, [](const portfolio::Member& m) { return m.improver; }));
    CHECK(members[0].options.threads == 2);
    CHECK(std::all_of(members.begin() + 1, members.end(), [](const portfolio::Member& m) { return m.early; }));
    // The prover hands the dive over when its workers fit the cores; not
    // beyond them, nor when the command line says either way.
    const int cores = static_cast<int>(std::thread::hardware_concurrency());
    CHECK(members[0].options.hda_handover == std::optional<bool>(2 <= cores));
    members = portfolio::portfolio_members("hda-pdb", Mode::optimal, {}, cores + 1, error);
    REQUIRE(members.size() == 1);
    CHECK(members[0].options.hda_handover == std::optional<bool>(false));
    for (bool on : {false, true}) {
        search::Options base;
        base.hda_handover = on;
        members = portfolio::portfolio_members("hda-pdb,hda", Mode::optimal, base, 2, error);
        REQUIRE(members.size() == 2);
        CHECK(members[0].options.hda_handover == std::optional<bool>(on));
        CHECK(members[1].options.hda_handover == std::optional<bool>(on));
    }
    members = portfolio::portfolio_members("hda", Mode::optimal, {}, 1, error);
    REQUIRE(members.size() == 1);
    CHECK(members[0].options.hda_handover == std::optional<bool>(false));  // hda (matching) does not
    members = portfolio::portfolio_members("greedy,weighted,hda", Mode::any, {}, 2, error);
    REQUIRE(members.size() == 3);
    CHECK_FALSE(members[0].optimal);
    CHECK_FALSE(members[1].optimal);
    CHECK(members[2].optimal);
    CHECK(members[0].options.order == search::Order::greedy);
    CHECK(members[1].options.order == search::Order::weighted);
    members = portfolio::portfolio_members("fess", Mode::any, {}, 2, error);
    REQUIRE(members.size() == 1);
    CHECK_FALSE(members[0].optimal);
    CHECK(members[0].options.threads == 1);
    // reverse-early runs beside the budget (hda-pdb-spec gets both threads,
    // speculating); reverse-greedy-early too, in any mode.
    members = portfolio::portfolio_members("hda-pdb-spec,reverse-early", Mode::optimal, {}, 2, error);
    REQUIRE(members.size() == 2);
    CHECK(members[0].options.threads == 2);
    CHECK(members[0].options.hda_speculate);
    CHECK(members[1].early);
    CHECK(members[1].optimal);
    members = portfolio::portfolio_members("hda-pdb,reverse", Mode::optimal, {}, 2, error);
    REQUIRE(members.size() == 2);
    CHECK(members[0].options.threads == 1);
    CHECK_FALSE(members[0].options.hda_speculate);
    CHECK_FALSE(members[1].early);
    members = portfolio::portfolio_members("hda-pdb-spec,reverse-early", Mode::any, {}, 2, error);
    CHECK(members[0].options.threads == 2);
    CHECK(members[1].early);
    members = portfolio::portfolio_members("fess,fess-box,reverse-greedy-early", Mode::any, {}, 2, error);
    REQUIRE(members.size() == 3);
    CHECK_FALSE(members[0].early);
    CHECK_FALSE(members[1].early);
    CHECK(members[2].early);
    CHECK_FALSE(members[2].optimal);
    CHECK(members[2].options.order == search::Order::greedy);
    CHECK_FALSE(portfolio::portfolio_members("reverse-greedy", Mode::any, {}, 2, error)[0].early);
    CHECK(portfolio::portfolio_members("hda,nonsense", Mode::any, {}, 2, error).empty());
    CHECK(error.find("nonsense") != std::string::npos);
    CHECK(portfolio::portfolio_members("", Mode::any, {}, 2, error).empty());
    CHECK(!portfolio::member_names().empty());
}

TEST_CASE("portfolio: an improver alone is refused with a reason (it has no solution to improve)") {
    std::string error;
    CHECK(portfolio::portfolio_members("vicinity", Mode::any, {}, 2, error).empty());
    CHECK(error.find("only improvers") != std::string::npos);
    error.clear();
    CHECK(portfolio::portfolio_members("greedy,vicinity", Mode::any, {}, 2, error).size() == 2);
    CHECK(error.empty());
}
