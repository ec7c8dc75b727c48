// tests/search/optimality_test: the optimality cross-check. The reference
// BFS over pushes (tests/generate/push_bfs, no pruning at all) gives the
// optimal push count or proves a level unsolvable on small levels: Microban
// levels whose state space is small, and seeded random levels
// (tests/generate/level_generator), solvable ones made by pulling boxes off
// their goals and others with boxes dropped anywhere. Every search
// (tests/generate/differential) must agree with it, and every solution must
// replay in the independent verifier with that many pushes. The PDB bounds
// are admissible but not consistent, which A* must survive by reopening;
// along each optimal solution their bound never exceeds the pushes left.
// tests/generate/differential_main runs the same check on thousands of levels.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/subset_search.hpp"
#include "level/level.hpp"
#include "search/lower_bound.hpp"
#include "search/search.hpp"
#include "state/state.hpp"
#include "generate/differential.hpp"
#include "instrumented.hpp"
#include "generate/level_generator.hpp"
#include "generate/push_bfs.hpp"

using namespace hdasoko;

namespace {

using generate::BfsAnswer;
using generate::bfs;
using generate::dropped_level;
using generate::pulled_level;

level::Level level_of(const std::string& text, const std::string& name = "inline") {
    return level::parse_collection(text, name).at(0);
}

// ---------------------------------------------------------------------------

struct Tally {
    int checked = 0, solved = 0, unsolvable = 0, skipped = 0, with_entrance = 0;
    uint64_t searches = 0;
    int bound_above_h = 0;  // stopped searches that proved more than the start's h
    int workers_bound_above_h = 0;  // the same, HDA* with several workers
    uint64_t pruned_subset = 0;  // children the cluster deadlock search pruned
    std::vector<double> seconds;  // per differential configuration (generate::configs())
};

// Anytime answers: a search stopped by a node limit proves a lower bound
// (search/lower_bound.hpp) that must never exceed the BFS optimum: A*
// forward (matching, PDB), reverse A*, HDA* with 1, 2 and 3 workers (the
// least f open or in flight at the stop); bidirectionally the start's h.
void check_lower_bounds(const board::Board& board, const BfsAnswer& expected, Tally& tally) {
    struct Run {
        const char* name;
        search::SearchFunction run;
        heuristic::Kind kind;
        int threads;
    };
    for (const Run r : {Run{"astar", search::astar, heuristic::Kind::matching, 1},
                        Run{"astar pdb", search::astar, heuristic::Kind::pdb, 1},
                        Run{"reverse", search::reverse, heuristic::Kind::matching, 1},
                        Run{"hda", search::hda, heuristic::Kind::matching, 1},
                        Run{"hda 2 workers", search::hda, heuristic::Kind::matching, 2},
                        Run{"hda 3 workers", search::hda, heuristic::Kind::matching, 3},
                        Run{"bidirectional", search::bidirectional, heuristic::Kind::matching, 2}}) {
        for (uint64_t limit : {1, 3, 10, 30, 100, 300}) {
            search::Options options;
            options.heuristic = r.kind;
            options.threads = r.threads;
            options.limits.node_limit = limit;
            const search::SearchResult result = r.run(board, options);
            const uint32_t bound = search::proven_lower_bound(r.run, options, result);
            if (expected.kind == BfsAnswer::unsolvable) continue;  // every bound holds
            CHECK_MESSAGE(bound <= static_cast<uint32_t>(expected.pushes), r.name, " stopped after ", limit,
                          " expansions proves ", bound, "; BFS: ", expected.pushes, " pushes");
            if (result.outcome == search::Outcome::node_limit && bound > result.stats.initial_h) {
                ++tally.bound_above_h;
                if (r.threads > 1 && r.run == search::hda) ++tally.workers_bound_above_h;
            }
        }
    }
}

// Admissibility along an optimal solution: every state's bound is at most
// the pushes left (the player stands where the last push left it).
void check_along(const board::Board& board, const std::vector<moves::Push>& pushes, heuristic::Kind kind) {
    const heuristic::Pdb pdb(board);
    heuristic::Heuristic h(board, kind, &pdb);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    board::Cell player = board.initial_player();
    for (size_t i = 0;; ++i) {
        const uint32_t bound = h.evaluate(boxes.data(), player);
        CHECK_MESSAGE(bound <= pushes.size() - i, "state after ", i, " of ", pushes.size(), " pushes");
        if (i == pushes.size()) break;
        state::clear_box(boxes.data(), pushes[i].box);
        state::set_box(boxes.data(), board.neighbor(pushes[i].box, pushes[i].dir));
        player = pushes[i].box;
    }
}

// Soundness of the cluster deadlock search along an optimal solution: no
// state on it is called dead (the player stands where the last push left it).
void check_alive_along(const board::Board& board, const std::vector<moves::Push>& pushes) {
    deadlock::SubsetSearch search(board);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    for (size_t i = 0; i < pushes.size(); ++i) {
        const board::Cell to = board.neighbor(pushes[i].box, pushes[i].dir);
        state::clear_box(boxes.data(), pushes[i].box);
        state::set_box(boxes.data(), to);
        CHECK_MESSAGE(!search.is_dead(boxes.data(), to, pushes[i].box), "state after ", i + 1, " of ", pushes.size(),
                      " pushes");
    }
}

// Every search against the BFS answer (tests/generate/differential: astar
// and HDA* with each heuristic, PI-corral on and off, reverse,
// bidirectional, every portfolio member; one heuristic and worker count per
// level in rotation, the cluster deadlock search on and off), and along an
// optimal solution the PDB bounds' admissibility and no state called dead by
// the deadlock search; the caller's INFO names the level.
void check_against_bfs(const level::Level& level, const BfsAnswer& expected, uint64_t salt, Tally& tally) {
    REQUIRE(expected.kind != BfsAnswer::too_large);
    const board::Board board(level);
    generate::DifferentialCount count;
    const std::vector<std::string> disagreements =
        generate::differential(level, expected, generate::Coverage::rotating, salt, count);
    for (const std::string& d : disagreements) FAIL_CHECK(d);
    tally.searches += count.searches;
    tally.seconds.resize(count.seconds.size(), 0.0);
    for (size_t i = 0; i < count.seconds.size(); ++i) tally.seconds[i] += count.seconds[i];
    if (expected.kind == BfsAnswer::solved) {
        for (heuristic::Kind kind : {heuristic::Kind::pdb, heuristic::Kind::pdb_static}) {
            search::Options options;
            options.heuristic = kind;
            const search::SearchResult result = search::astar(board, options);
            REQUIRE(result.outcome == search::Outcome::solved);
            check_along(board, result.pushes, kind);
            check_alive_along(board, result.pushes);
            tally.pruned_subset += result.stats.pruned_subset;
        }
    }
    check_lower_bounds(board, expected, tally);
    ++tally.checked;
    tally.with_entrance += heuristic::Pdb(board).available();
    if (expected.kind == BfsAnswer::solved) ++tally.solved;
    else ++tally.unsolvable;
}

constexpr size_t microban_max_states = 100000;
constexpr size_t random_max_states = 200000;
// In instrumented builds a third of each (tests/instrumented.hpp).
constexpr int microban_wanted = testing::instrumented ? 50 : 155;
constexpr int random_levels = testing::instrumented ? 70 : 200;  // of each kind
constexpr uint64_t first_seed = 20240601;

}  // namespace

TEST_CASE("bfs reference: hand-made levels") {
    CHECK(bfs(level_of("#######\n#@$  .#\n#######\n"), 1000).pushes == 3);
    const BfsAnswer solved = bfs(level_of("#####\n#@* #\n#####\n"), 1000);
    CHECK(solved.kind == BfsAnswer::solved);
    CHECK(solved.pushes == 0);
    // The doorway: from the right, 2 pushes back into the left room, 4 right.
    CHECK(bfs(level_of("########\n#   #  #\n#   $@.#\n#   #  #\n########\n"), 100000).pushes == 6);
    // Matching bound 5, but the right box must step aside first: 7.
    CHECK(bfs(level_of("#########\n#@      #\n#       #\n# $$. . #\n#       #\n#       #\n#########\n"), 100000)
              .pushes == 7);
    // Boxes that block each other in a corridor, and a box in a corner.
    CHECK(bfs(level_of("########\n#.@$ $.#\n########\n"), 1000).kind == BfsAnswer::unsolvable);
    CHECK(bfs(level_of("######\n#$ . #\n#   @#\n######\n"), 1000).kind == BfsAnswer::unsolvable);
    // A walled-off box on a goal takes no part.
    CHECK(bfs(level_of("#######\n#@$.#*#\n#######\n"), 1000).pushes == 1);
    // The cap is honoured.
    CHECK(bfs(level_of("#########\n#@      #\n#       #\n# $$. . #\n#       #\n#       #\n#########\n"), 10)
              .kind == BfsAnswer::too_large);
}

TEST_CASE("bfs reference: random generators make valid levels, pulled ones solvable") {
    for (uint64_t seed = first_seed; seed < first_seed + 50; ++seed) {
        CAPTURE(seed);
        const std::string pulled = pulled_level(seed);
        INFO(pulled);
        level::Level level;
        REQUIRE_NOTHROW(level = level_of(pulled));
        CHECK(bfs(level, random_max_states).kind == BfsAnswer::solved);
        REQUIRE_NOTHROW(level_of(dropped_level(seed)));
    }
}

TEST_CASE("optimality: every search's push count equals plain BFS on at least 60 small levels") {
    Tally microban, pulled, dropped;
    const std::vector<level::Level> collection =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    for (const level::Level& level : collection) {
        if (microban.checked >= microban_wanted) break;
        INFO("microban level ", level.number, "\n", level::to_xsb(level));
        const BfsAnswer expected = bfs(level, microban_max_states);
        if (expected.kind == BfsAnswer::too_large) {
            ++microban.skipped;
            continue;
        }
        check_against_bfs(level, expected, level.number, microban);
    }
    for (uint64_t seed = first_seed; seed < first_seed + random_levels; ++seed) {
        for (bool by_pulls : {true, false}) {
            const std::string text = by_pulls ? pulled_level(seed) : dropped_level(seed);
            INFO((by_pulls ? "pulled_level" : "dropped_level"), "(seed ", seed, "):\n", text);
            const level::Level level = level_of(text, "seed " + std::to_string(seed));
            const BfsAnswer expected = bfs(level, random_max_states);
            Tally& tally = by_pulls ? pulled : dropped;
            if (expected.kind == BfsAnswer::too_large) {
                ++tally.skipped;
                continue;
            }
            if (by_pulls) CHECK(expected.kind == BfsAnswer::solved);
            check_against_bfs(level, expected, seed, tally);
        }
    }
    MESSAGE("microban: ", microban.checked, " checked (", microban.unsolvable, " unsolvable), ", microban.skipped,
            " skipped; pulled: ", pulled.checked, " checked, ", pulled.skipped, " skipped; dropped: ", dropped.checked,
            " checked (", dropped.unsolvable, " unsolvable), ", dropped.skipped, " skipped; with an entrance (PDB): ",
            microban.with_entrance, " microban, ", pulled.with_entrance, " pulled, ", dropped.with_entrance,
            " dropped; ", microban.searches + pulled.searches + dropped.searches,
            " searches compared; pruned by the deadlock search: ", microban.pruned_subset, " microban, ",
            pulled.pruned_subset, " pulled, ", dropped.pruned_subset, " dropped");
    // Where the test's time goes (CI's budget): the slowest configurations.
    std::vector<double> seconds(generate::configs().size(), 0.0);
    for (const Tally* t : {&microban, &pulled, &dropped})
        for (size_t i = 0; i < t->seconds.size(); ++i) seconds[i] += t->seconds[i];
    for (const auto& [s, name] : generate::slowest(seconds, 5)) MESSAGE("slowest configurations: ", s, " s ", name);
    CHECK(microban.checked >= 30);
    CHECK(microban.pruned_subset + pulled.pruned_subset + dropped.pruned_subset >= 100);
    CHECK(pulled.checked >= random_levels / 2);
    CHECK(dropped.unsolvable >= random_levels / 20);
    CHECK(dropped.solved >= random_levels / 20);
    CHECK(microban.with_entrance + pulled.with_entrance >= 50);
    MESSAGE("stopped searches proving more than the start's h: ", microban.bound_above_h + pulled.bound_above_h);
    CHECK(microban.bound_above_h + pulled.bound_above_h >= 50);
    MESSAGE("of them HDA* with several workers: ", microban.workers_bound_above_h + pulled.workers_bound_above_h);
    CHECK(microban.workers_bound_above_h + pulled.workers_bound_above_h >= 10);
    REQUIRE(microban.checked + pulled.checked + dropped.checked >= 60);
}
