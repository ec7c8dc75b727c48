// tests/search/astar_test: the sequential A* as a component. Every limit
// (nodes, time, memory, cancellation) stops it cleanly with its outcome and
// no solution; unsolvable levels are proven so; a solved level needs 0
// pushes; statistics add up; layers are reported in increasing f. No test
// asserts a time: limits are set so that the level is far from solved.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "board/board.hpp"
#include "heuristic/pdb.hpp"
#include "level/level.hpp"
#include "search/search.hpp"
#include "shipped.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

using namespace hdasoko;
using testing::shipped;
using search::Outcome;

namespace {

level::Level level_of(const char* text) { return level::parse_collection(text, "inline").at(0); }

// XSokoban 50: not solved by this engine in minutes; every limit below stops
// it long before that.
const level::Level& hard() {
    static const level::Level level = shipped("xsokoban.xsb", 50);
    return level;
}

// A* with the PDB bound (its database built for `board`).
search::Options pdb_options(const board::Board& board) {
    search::Options options;
    options.heuristic = heuristic::Kind::pdb;
    options.pdb = std::make_shared<const heuristic::Pdb>(board);
    return options;
}

search::SearchResult solve(const level::Level& level, search::Options options = {}) {
    const board::Board board(level);
    return search::astar(board, options);
}

void check_stopped(const search::SearchResult& result, Outcome outcome) {
    CHECK(std::string(search::outcome_name(result.outcome)) == search::outcome_name(outcome));
    CHECK(result.pushes.empty());
}

}  // namespace

TEST_CASE("astar: outcome names") {
    CHECK(std::string(search::outcome_name(Outcome::solved)) == "solved");
    CHECK(std::string(search::outcome_name(Outcome::unsolvable)) == "unsolvable");
    CHECK(std::string(search::outcome_name(Outcome::time_limit)) == "time_limit");
    CHECK(std::string(search::outcome_name(Outcome::memory_limit)) == "memory_limit");
    CHECK(std::string(search::outcome_name(Outcome::node_limit)) == "node_limit");
    CHECK(std::string(search::outcome_name(Outcome::interrupted)) == "interrupted");
}

TEST_CASE("astar: a node limit stops after exactly that many expansions") {
    for (heuristic::Kind kind : {heuristic::Kind::simple, heuristic::Kind::matching}) {
        const std::string heuristic = heuristic::kind_name(kind);
        CAPTURE(heuristic);
        search::Options options;
        options.heuristic = kind;
        options.limits.node_limit = 10;
        const search::SearchResult result = solve(hard(), options);
        check_stopped(result, Outcome::node_limit);
        CHECK(result.stats.expanded == 10);
        CHECK(result.stats.generated > 0);
        CHECK(result.stats.stored > 0);
    }
}

TEST_CASE("astar: a node limit above what the search needs does not stop it") {
    // XSokoban 1 is solved in 97 pushes (its known optimum) with a few
    // hundred expansions at most.
    search::Options options;
    options.limits.node_limit = 100000;
    const search::SearchResult result = solve(shipped("xsokoban.xsb", 1), options);
    REQUIRE(result.outcome == Outcome::solved);
    CHECK(result.pushes.size() == 97);
    CHECK(result.stats.expanded < options.limits.node_limit);
}

TEST_CASE("astar: the deadlock search tries both cluster orders (XSokoban 9 with the PDB bound)") {
    // 13c88a3 collected the deadlock search's cluster side by side first
    // only, and A* with the PDB bound went from 36,149 expansions on
    // XSokoban 9 to over 5 M: the 8-neighbourhood's clusters prove dead
    // what it then missed. With both orders (Cluster::both) the proof is
    // back under 40,000 (found at 36,149).
    const level::Level level = shipped("xsokoban.xsb", 9);
    const board::Board board(level);
    search::Options options = pdb_options(board);
    options.limits.node_limit = 40000;
    const search::SearchResult result = search::astar(board, options);
    REQUIRE(result.outcome == Outcome::solved);
    CHECK(result.pushes.size() == 237);
    const solution::Verdict verdict = solution::verify(level, solution::to_lurd(board, result.pushes));
    CHECK(verdict.ok);
    CHECK(verdict.pushes == 237);
}

TEST_CASE("astar: the patterns of five switched on after some expansions score the open states again") {
    // XSokoban 62 (245 pushes): groups of four leave its f layers below 245
    // too large to exhaust (243 at the start); the patterns of five close
    // them at once. With an upper bound of 245 from elsewhere (a portfolio
    // member's solution), A* that switches to the patterns after 300
    // expansions proves it as A* with them from the start does: the states
    // opened before the switch are scored again when they come up, and
    // some rise out of the layer.
    const level::Level level = shipped("xsokoban.xsb", 62);
    const board::Board board(level);
    const std::atomic<uint32_t> bound{245};
    search::Options options;
    options.heuristic = heuristic::Kind::pdb;
    options.pdb = std::make_shared<const heuristic::Pdb>(board, heuristic::Pdb::default_memory_limit, 5);
    REQUIRE(options.pdb->fives());
    REQUIRE(!options.pdb->fives()->patterns().empty());
    options.shared_bound = &bound;
    options.limits.node_limit = 20000;
    options.pdb_group = 5;
    options.fives_after = 300;
    const search::SearchResult switched = search::astar(board, options);
    CHECK(switched.outcome == Outcome::bound_proven);
    CHECK(switched.stats.initial_h == 241);  // groups of four
    CHECK(switched.stats.expanded > 300);
    CHECK(switched.stats.raised > 0);
    options.fives_after = 0;
    const search::SearchResult from_start = search::astar(board, options);
    CHECK(from_start.outcome == Outcome::bound_proven);
    CHECK(from_start.stats.initial_h == 243);
    CHECK(from_start.stats.raised == 0);
    options.pdb_group = 4;
    options.fives_after = 300;  // no patterns to switch to: nothing is scored again
    const search::SearchResult four = search::astar(board, options);
    CHECK(four.outcome == Outcome::node_limit);
    CHECK(four.stats.open_min_f < 245);
    CHECK(four.stats.raised == 0);
    MESSAGE("XSokoban 62 with an upper bound of 245: proven in ", switched.stats.expanded,
            " expansions switching after 300 (", switched.stats.raised, " open states raised), ",
            from_start.stats.expanded, " with the patterns from the start; groups of four alone at ",
            four.stats.open_min_f, " after ", four.stats.expanded);
}

TEST_CASE("astar: the tie-breaks order equal f and h, and change no push count") {
    // Only the order inside an f layer changes: the same optimal length,
    // and on XSokoban 9 with the PDB bound, whose work lies mostly in the
    // last layer, fewer expansions than last in first out, both by boxes
    // off goals (23,791 against 36,149 when first measured) and by boxes
    // not packed in plan (29,623 against 35,292 at f530971).
    const level::Level level = shipped("xsokoban.xsb", 9);
    const board::Board board(level);
    search::Options options = pdb_options(board);
    options.limits.node_limit = 1000000;
    options.tie_break = search::TieBreak::lifo;
    const search::SearchResult lifo = search::astar(board, options);
    REQUIRE(lifo.outcome == Outcome::solved);
    for (search::TieBreak tie : {search::TieBreak::goals, search::TieBreak::plan}) {
        options.tie_break = tie;
        const search::SearchResult r = search::astar(board, options);
        INFO("tie-break ", static_cast<int>(tie));
        REQUIRE(r.outcome == Outcome::solved);
        CHECK(r.pushes.size() == lifo.pushes.size());
        CHECK(r.stats.expanded < lifo.stats.expanded);
        CHECK(solution::verify(level, solution::to_lurd(board, r.pushes)).ok);
    }
}

TEST_CASE("astar: a time limit stops the search") {
    search::Options options;
    options.limits.time_limit_s = 0.1;
    options.pair_conflicts = false;  // its table's build counts against the limit: search at once
    const search::SearchResult result = solve(hard(), options);
    check_stopped(result, Outcome::time_limit);
    CHECK(result.stats.expanded > 0);
}

TEST_CASE("astar: a memory limit stops the search") {
    SUBCASE("a limit of one byte stops it at once") {
        search::Options options;
        options.limits.memory_limit_bytes = 1;
        check_stopped(solve(hard(), options), Outcome::memory_limit);
    }
    SUBCASE("a limit of 16 MB is nearly reached before it stops") {
        // The limit counts a closed-table doubling that is coming before it
        // is allocated (hda.hpp check_limits), so the search stops with its
        // tables anywhere above half the limit, not necessarily past it.
        search::Options options;
        options.limits.memory_limit_bytes = 16u << 20;
        const search::SearchResult result = solve(hard(), options);
        check_stopped(result, Outcome::memory_limit);
        CHECK(result.stats.memory_bytes > options.limits.memory_limit_bytes / 2);
        CHECK(result.stats.expanded > 0);
    }
}

TEST_CASE("astar: a cancel flag set before the start interrupts it") {
    const std::atomic<bool> cancel{true};
    search::Options options;
    options.limits.cancel = &cancel;
    check_stopped(solve(hard(), options), Outcome::interrupted);
}

TEST_CASE("astar: a cancel flag set by another thread interrupts it") {
    std::atomic<bool> cancel{false};
    search::Options options;
    options.limits.cancel = &cancel;
    std::thread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        cancel.store(true);
    });
    const search::SearchResult result = solve(hard(), options);
    canceller.join();
    check_stopped(result, Outcome::interrupted);
}

TEST_CASE("astar: an unset cancel flag changes nothing") {
    const std::atomic<bool> cancel{false};
    search::Options options;
    options.limits.cancel = &cancel;
    const search::SearchResult result = solve(shipped("microban.xsb", 1), options);
    REQUIRE(result.outcome == Outcome::solved);
    CHECK(result.pushes.size() == 8);
}

TEST_CASE("astar: a level already solved needs 0 pushes") {
    const level::Level level = level_of(R"(
######
#@*  #
# *  #
######
)");
    const board::Board board(level);
    for (heuristic::Kind kind : {heuristic::Kind::simple, heuristic::Kind::matching}) {
        search::Options options;
        options.heuristic = kind;
        const search::SearchResult result = search::astar(board, options);
        REQUIRE(result.outcome == Outcome::solved);
        CHECK(result.pushes.empty());
        CHECK(result.stats.initial_h == 0);
        CHECK(result.stats.expanded == 0);
        const std::string lurd = solution::to_lurd(board, result.pushes);
        CHECK(lurd.empty());
        CHECK(solution::verify(level, lurd).ok);
    }
}

TEST_CASE("astar: unsolvable levels are proven unsolvable") {
    struct Case {
        const char* name;
        const char* text;
    };
    // The last two were found and proven unsolvable by the plain BFS of
    // optimality_test (dropped_level); A* needs to search to see it.
    const Case cases[] = {
        {"a box in a corner", "######\n#$ . #\n#   @#\n######\n"},
        {"a box only pushable away from its goal", "#######\n#@ .$ #\n#######\n"},
        {"two boxes in a corridor that block each other", "########\n#.@$ $.#\n########\n"},
        {"random 1", R"(
##########
# #  #@# #
# $* $. *#
# .      #
##########
)"},
        {"random 2", R"(
#########
#  @.*  #
##    $ #
# #$.#  #
#    $. #
#########
)"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.name);
        for (heuristic::Kind kind : {heuristic::Kind::simple, heuristic::Kind::matching}) {
            const std::string heuristic = heuristic::kind_name(kind);
            CAPTURE(heuristic);
            search::Options options;
            options.heuristic = kind;
            const search::SearchResult result = solve(level_of(c.text), options);
            CHECK(std::string(search::outcome_name(result.outcome)) == "unsolvable");
            CHECK(result.pushes.empty());
        }
    }
}

TEST_CASE("astar: a dead start is unsolvable without expanding anything") {
    const search::SearchResult result = solve(level_of("########\n#.@$ $.#\n########\n"));
    CHECK(result.outcome == Outcome::unsolvable);
    CHECK(result.stats.expanded == 0);
}

TEST_CASE("astar: solutions replay in the verifier with the same push count") {
    const std::vector<level::Level> microban =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    for (int number = 1; number <= 10; ++number) {
        CAPTURE(number);
        const level::Level& level = microban.at(number - 1);
        const board::Board board(level);
        const search::SearchResult result = search::astar(board, {});
        REQUIRE(result.outcome == Outcome::solved);
        const solution::Verdict verdict = solution::verify(level, solution::to_lurd(board, result.pushes));
        CHECK_MESSAGE(verdict.ok, verdict.error);
        CHECK(verdict.pushes == static_cast<int>(result.pushes.size()));
    }
}

TEST_CASE("astar: statistics add up") {
    for (int number : {1, 2, 3, 4, 5}) {
        CAPTURE(number);
        const search::SearchResult result = solve(shipped("microban.xsb", number));
        REQUIRE(result.outcome == Outcome::solved);
        const search::SearchStats& s = result.stats;
        CHECK(s.expanded > 0);
        CHECK(s.generated >= s.duplicates + s.pruned_dead_square + s.pruned_freeze + s.pruned_matching);
        CHECK(s.stored >= s.expanded);
        CHECK(s.stored <= s.generated + 1);  // the root and one per new state
        CHECK(s.initial_h <= result.pushes.size());
        CHECK(s.last_f == result.pushes.size());
        CHECK(s.expanded_before_last_f <= s.expanded);
        CHECK(s.reopened == 0);  // both bounds are consistent
        CHECK(s.memory_bytes > 0);
    }
}

TEST_CASE("astar: layers are reported once each, in increasing f") {
    const level::Level level = shipped("microban.xsb", 1);  // h 4 at the start, 8 pushes
    std::vector<uint32_t> layers;
    std::vector<uint64_t> expanded;
    search::Options options;
    options.pair_conflicts = false;  // with them h is 8 at the start: one layer, none reported
    options.on_layer = [&](const search::SearchStats& s) {
        layers.push_back(s.last_f);
        expanded.push_back(s.expanded);
    };
    const search::SearchResult result = solve(level, options);
    REQUIRE(result.outcome == Outcome::solved);
    REQUIRE_FALSE(layers.empty());
    CHECK(layers.front() > result.stats.initial_h);
    CHECK(layers.back() == result.pushes.size());
    for (size_t i = 1; i < layers.size(); ++i) {
        CHECK(layers[i] > layers[i - 1]);
        CHECK(expanded[i] >= expanded[i - 1]);
    }
}

TEST_CASE("astar: weighted and greedy orders return verified solutions, never shorter than the optimum") {
    const std::string path = std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb";
    const auto microban = level::load_collection(path);
    int longer = 0;
    for (int n = 1; n <= 60; ++n) {
        const level::Level& level = microban[n - 1];
        const board::Board board(level);
        const search::SearchResult optimal = search::astar(board, {});
        REQUIRE(optimal.outcome == Outcome::solved);
        for (search::Order order : {search::Order::weighted, search::Order::greedy}) {
            CAPTURE(n);
            CAPTURE(static_cast<int>(order));
            search::Options o;
            o.order = order;
            const search::SearchResult r = search::astar(board, o);
            REQUIRE(r.outcome == Outcome::solved);
            CHECK(r.pushes.size() >= optimal.pushes.size());
            longer += r.pushes.size() > optimal.pushes.size();
            const solution::Verdict v = solution::verify(level, solution::to_lurd(board, r.pushes));
            CHECK(v.ok);
            CHECK(v.pushes == static_cast<int>(r.pushes.size()));
        }
    }
    CHECK(longer > 0);  // they are not A* in disguise
    // Exhausting the states proves unsolvability in every order.
    const level::Level stuck = level_of(R"(
#######
#.  $ #
#. @ $#
#######
)");
    for (search::Order order : {search::Order::weighted, search::Order::greedy}) {
        search::Options o;
        o.order = order;
        CHECK(solve(stuck, o).outcome == Outcome::unsolvable);
    }
}
