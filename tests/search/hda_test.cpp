// tests/search/hda_test: HDA* against the sequential A*. For 1, 2, 3, 4, 8
// and 16 workers (more workers than cores is a valid test: the interleavings
// differ, the answers must not) the push count equals A*'s and the solution
// verifies; one worker expands exactly what A* expands; more workers expand
// at least every state A* expands below the last f layer (the proof of
// optimality needs each of them; out-of-order expansions can add more);
// limits and cancellation stop every worker; unsolvable stays unsolvable.
// The "hda small:" cases are the ones CI also runs under ThreadSanitizer.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "board/board.hpp"
#include "instrumented.hpp"
#include "level/level.hpp"
#include "search/hda/last_layer.hpp"
#include "search/search.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

using namespace hdasoko;
using search::Outcome;

namespace {

const search::Options::Lag never{search::Options::Lag::Mode::never}, layer{search::Options::Lag::Mode::layer},
    lag0 = search::Options::Lag::within_layer(0);

std::vector<level::Level> collection(const char* file) {
    return level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/" + file);
}

search::Options with_threads(int threads, search::Options::Lag lag = search::Options{}.hda_lag,
                             bool local_dive = search::Options{}.hda_local_dive,
                             bool speculate = search::Options{}.hda_speculate,
                             bool handover = false, bool conflicts = true) {
    search::Options o;
    o.pair_conflicts = conflicts;
    o.lazy_deadlock_search = conflicts;  // see check_against_astar()
    o.threads = threads;
    o.hda_lag = lag;
    o.hda_local_dive = local_dive;
    o.hda_speculate = speculate;
    o.hda_handover = handover;
    return o;
}

// Solves with HDA* and checks the answer against A*'s.
void check_against_astar(const level::Level& level, const std::vector<int>& thread_counts,
                         search::Options::Lag lag = search::Options{}.hda_lag, bool local_dive = search::Options{}.hda_local_dive,
                         bool speculate = search::Options{}.hda_speculate,
                         bool handover = false, bool conflicts = true) {
    const board::Board board(level);
    search::Options plain;
    plain.pair_conflicts = conflicts;
    plain.lazy_deadlock_search = conflicts;
    const search::SearchResult reference = search::astar(board, plain);
    REQUIRE(reference.outcome == Outcome::solved);
    for (int threads : thread_counts) {
        CAPTURE(level.source);
        CAPTURE(level.number);
        CAPTURE(threads);
        CAPTURE(lag);
        CAPTURE(local_dive);
        CAPTURE(speculate);
        CAPTURE(handover);
        const search::SearchResult result =
            search::hda(board, with_threads(threads, lag, local_dive, speculate, handover, conflicts));
        REQUIRE(result.outcome == Outcome::solved);
        CHECK(result.pushes.size() == reference.pushes.size());
        const solution::Verdict verdict = solution::verify(level, solution::to_lurd(board, result.pushes));
        CHECK(verdict.ok);
        CHECK(verdict.pushes == static_cast<int>(reference.pushes.size()));
        // Below the last layer HDA* expands every state A* does; not with
        // pair conflicts, whose bound depends on the parent that scored the
        // state (heuristic.hpp), nor with the deadlock search run on each
        // pop, which starts from the push that stored the state (another
        // parent's push may leave it undecided): the layers' states may
        // differ. So the run without conflicts runs the search on each child.
        if (!conflicts) CHECK(result.stats.expanded_before_last_f >= reference.stats.expanded_before_last_f);
        CHECK(result.workers.size() == static_cast<size_t>(threads));
        if (threads == 1) {
            CHECK(result.stats.expanded == reference.stats.expanded);
            CHECK(result.stats.expanded_before_last_f == reference.stats.expanded_before_last_f);
            CHECK(result.stats.generated == reference.stats.generated);
            CHECK(result.stats.messages_sent == 0);
        }
        uint64_t expanded = 0;
        for (const auto& w : result.workers) expanded += w.expanded;
        CHECK(expanded == result.stats.expanded);
    }
}

const std::vector<int> all_counts = {1, 2, 3, 4, 8, 16};

// The PDB bound, built once for the board, and `threads` workers.
search::Options pdb_options(const board::Board& board, int threads) {
    search::Options options;
    options.heuristic = heuristic::Kind::pdb;
    options.pdb = std::make_shared<const heuristic::Pdb>(board);
    options.threads = threads;
    return options;
}

}  // namespace

TEST_CASE("hda small: Microban 1-30 and XSokoban 1 match A* at 1, 2, 4 and 8 workers, with and without the last-layer lag" * doctest::test_suite("threads")) {
    auto microban = collection("microban.xsb");
    // -1: never wait; 0: only the best key's holder expands (the strictest);
    // layer: wait only for a lower f layer; here
    // without local dives (the next case has them).
    for (search::Options::Lag lag : {never, search::Options::Lag::within_layer(0), layer}) {
        for (int n = 1; n <= 30; ++n) check_against_astar(microban[n - 1], {1, 2, 4, 8}, lag, false);
        check_against_astar(collection("xsokoban.xsb")[0], {1, 2, 4, 8}, lag, false);
    }
}

TEST_CASE("hda local dive: Microban 1-30 and XSokoban 1, 2, 78 match A* at 1, 2, 3 and 8 workers" * doctest::test_suite("threads")) {
    // A child continuing the best line stays with its parent's worker, a
    // shadow tells its owner: the same optima, and one worker is A*. With
    // speculation (a worker behind the best node expands on the second line),
    // without (it waits), and with hand-over (a continuing child goes to an
    // owner idle in its layer).
    auto microban = collection("microban.xsb");
    auto xsokoban = collection("xsokoban.xsb");
    for (auto [speculate, handover] : {std::pair{false, false}, {true, false}, {false, true}}) {
        for (int n = 1; n <= 30; ++n)
            check_against_astar(microban[n - 1], {1, 2, 3, 8}, lag0, true, speculate, handover);
        for (int n : {1, 2, 78}) check_against_astar(xsokoban[n - 1], {1, 2, 3, 8}, lag0, true, speculate, handover);
    }
}

TEST_CASE("hda small: limits and cancellation stop every worker" * doctest::test_suite("threads")) {
    const level::Level hard = collection("xsokoban.xsb")[49];
    const board::Board board(hard);
    for (int threads : {1, 3}) {
        CAPTURE(threads);
        search::Options o = with_threads(threads);
        o.limits.node_limit = 500;
        search::SearchResult r = search::hda(board, o);
        CHECK(r.outcome == Outcome::node_limit);
        CHECK(r.pushes.empty());
        CHECK(r.stats.expanded >= 500 - threads);
        CHECK(r.stats.expanded <= 500 + threads);

        o = with_threads(threads);
        o.limits.memory_limit_bytes = 1;
        CHECK(search::hda(board, o).outcome == Outcome::memory_limit);

        o = with_threads(threads);
        o.limits.time_limit_s = 0.05;
        CHECK(search::hda(board, o).outcome == Outcome::time_limit);

        std::atomic<bool> cancel{false};
        o = with_threads(threads);
        o.limits.cancel = &cancel;
        std::thread canceller([&] {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            cancel.store(true);
        });
        r = search::hda(board, o);
        canceller.join();
        CHECK(r.outcome == Outcome::interrupted);
    }
}

TEST_CASE("hda small: an unsolvable level is proven unsolvable by every worker count" * doctest::test_suite("threads")) {
    // Two boxes, two goals, but the right box is stuck in a corner.
    const level::Level level = level::parse_collection(R"(
#######
#.  $ #
#. @ $#
#######
)",
                                                       "inline")
                                   .at(0);
    const board::Board board(level);
    for (int threads : all_counts) {
        CAPTURE(threads);
        CHECK(search::hda(board, with_threads(threads)).outcome == Outcome::unsolvable);
    }
}

TEST_CASE("hda: every bench Microban level and XSokoban 1, 2, 38, 78 match A* at 1, 2, 3, 4, 8, 16 workers") {
    auto microban = collection("microban.xsb");
    const search::Options::Lag lag = search::Options{}.hda_lag;
    const bool dive = search::Options{}.hda_local_dive, speculate = search::Options{}.hda_speculate;
    for (bool conflicts : {true, false}) {
        CAPTURE(conflicts);
        for (const auto& level : microban) {
            if (level.number == 93 || level.number == 139 || level.number == 144 || level.number == 153)
                continue;  // minutes each; the bench list leaves them out too
            if (testing::instrumented && level.number % 3 != 0) continue;  // a third (instrumented.hpp)
            check_against_astar(level, all_counts, lag, dive, speculate, false, conflicts);
        }
        auto xsokoban = collection("xsokoban.xsb");
        for (int n : {1, 2, 38, 78})
            if (!testing::instrumented || n <= 2)  // 38 and 78 in the release build only
                check_against_astar(xsokoban[n - 1], all_counts, lag, dive, speculate, false, conflicts);
    }
}

TEST_CASE("hda small: a shared bound is proven or beaten, never taken on trust below it" * doctest::test_suite("threads")) {
    // With the bound at the optimal length no solution is below it: every
    // search proves the bound (it prunes its own goals, whose f equal it).
    // One push above it, each must find an optimal solution of its own.
    auto microban = collection("microban.xsb");
    for (int n : {2, 7, 15, 28}) {
        const board::Board board(microban[n - 1]);
        const search::SearchResult reference = search::astar(board, {});
        REQUIRE(reference.outcome == Outcome::solved);
        const uint32_t optimal = static_cast<uint32_t>(reference.pushes.size());
        for (int threads : {0, 1, 2, 4}) {  // 0: sequential A*
            CAPTURE(n);
            CAPTURE(threads);
            std::atomic<uint32_t> bound{optimal};
            search::Options o = with_threads(std::max(1, threads));
            o.shared_bound = &bound;
            auto run = [&] { return threads == 0 ? search::astar(board, o) : search::hda(board, o); };
            search::SearchResult r = run();
            CHECK(std::string(search::outcome_name(r.outcome)) == "bound_proven");
            CHECK(r.pushes.empty());
            bound.store(optimal + 1);
            r = run();
            REQUIRE(r.outcome == Outcome::solved);
            CHECK(r.pushes.size() == optimal);
        }
    }
}

TEST_CASE("hda pdb: with the PDB bounds HDA* finds A*'s optimum; one worker expands what A* expands") {
    // The PDB bounds are admissible but not consistent: states get reopened,
    // so only the push count and the one-worker equality are checked.
    std::vector<const level::Level*> levels;
    const auto microban = collection("microban.xsb");
    const auto xsokoban = collection("xsokoban.xsb");
    for (int n = 1; n <= 40; ++n) levels.push_back(&microban.at(n - 1));
    for (int n : {1, 78}) levels.push_back(&xsokoban.at(n - 1));
    for (const level::Level* level : levels) {
        const board::Board board(*level);
        const search::SearchResult optimum = search::astar(board, {});
        REQUIRE(optimum.outcome == Outcome::solved);
        for (heuristic::Kind kind : {heuristic::Kind::pdb, heuristic::Kind::pdb_static}) {
            search::Options options;
            options.heuristic = kind;
            const search::SearchResult reference = search::astar(board, options);
            for (int threads : {1, 2, 4})
            for (search::Options::Lag lag : {never, search::Options::Lag::within_layer(0), layer})
            for (bool local_dive : {false, true})
            for (bool speculate : {false, true})
            for (bool handover : {false, true}) {
                if (lag == never && (local_dive || speculate)) continue;  // both go with the lag
                if (handover && !local_dive) continue;               // it changes local dives only
                CAPTURE(level->source);
                CAPTURE(level->number);
                CAPTURE(heuristic::kind_name(kind));
                CAPTURE(threads);
                CAPTURE(lag);
                CAPTURE(local_dive);
                CAPTURE(speculate);
                CAPTURE(handover);
                options.threads = threads;
                options.hda_lag = lag;
                options.hda_local_dive = local_dive;
                options.hda_speculate = speculate;
                options.hda_handover = handover;
                const search::SearchResult result = search::hda(board, options);
                REQUIRE(result.outcome == Outcome::solved);
                CHECK(result.pushes.size() == optimum.pushes.size());
                const solution::Verdict verdict = solution::verify(*level, solution::to_lurd(board, result.pushes));
                CHECK(verdict.ok);
                if (threads == 1) {
                    CHECK(result.stats.expanded == reference.stats.expanded);
                    CHECK(result.stats.generated == reference.stats.generated);
                }
            }
        }
    }
}

TEST_CASE("hda hand-over: a layer that every child continues is shared by the workers") {
    // XSokoban 51 with the PDB bound: the initial bound is the optimum and h
    // falls by one with every push of that layer, so every child continues
    // the best line. Local dives alone keep the whole layer on the worker
    // that began it (the other waits at the layer's gate); with hand-over a
    // continuing child goes to an owner that has nothing in the layer, so
    // both dive (search/hda.hpp: hand-over).
    const board::Board board(collection("xsokoban.xsb").at(50));
    search::Options options = pdb_options(board, 2);
    size_t pushes = 0;
    for (bool handover : {false, true}) {
        CAPTURE(handover);
        options.hda_handover = handover;
        const search::SearchResult result = search::hda(board, options);
        REQUIRE(result.outcome == Outcome::solved);
        REQUIRE(result.workers.size() == 2u);
        if (!handover) pushes = result.pushes.size();
        CHECK(result.pushes.size() == pushes);
        CHECK(result.stats.expanded_before_last_f == 0);  // all in the optimum's layer
        const uint64_t least = std::min(result.workers[0].expanded, result.workers[1].expanded);
        if (handover) CHECK(least * 20 >= result.stats.expanded);  // each worker at least 5 %
        else CHECK(least == 0);
    }
}

TEST_CASE("hda lookahead: the worker waiting at a layer's gate computes ahead what the diver then takes") {
    // XSokoban 51 with the PDB bound, as above: without hand-over one worker
    // dives the whole layer and the other has nothing in it. With lookahead
    // that one computes ahead the expansions the diver will need when its
    // line ends; the diver takes them instead of expanding, so its order, and
    // the optimum, stay as without.
    const board::Board board(collection("xsokoban.xsb").at(50));
    search::Options options = pdb_options(board, 1);
    const search::SearchResult alone = search::hda(board, options);
    REQUIRE(alone.outcome == Outcome::solved);
    options.threads = 2;
    for (bool lookahead : {false, true}) {
        CAPTURE(lookahead);
        options.hda_lookahead = lookahead;
        const search::SearchResult result = search::hda(board, options);
        REQUIRE(result.outcome == Outcome::solved);
        REQUIRE(result.workers.size() == 2u);
        CHECK(result.pushes.size() == alone.pushes.size());
        uint64_t computed = 0, taken = 0;
        for (const auto& w : result.workers) {
            computed += w.lookahead;
            taken += w.ahead_taken;
        }
        CHECK(taken <= computed);
        if (lookahead) CHECK(taken * 100 >= result.stats.expanded);  // at least 1 % of the expansions
        else CHECK(computed == 0);
        // With lookahead the young search (all of it here) has one owner,
        // worker 0: the helper stores nothing and no state travels.
        // Without, states go to their hashes' owners.
        if (lookahead) {
            CHECK(result.workers[1].stored == 0);
            CHECK(result.stats.messages_sent == 0);
        } else {
            CHECK(result.workers[1].stored > 0);
        }
        // An expansion computed ahead is counted where it is taken, and one
        // never taken is not (they had made the generated count about 2 %
        // more than one worker's): the same expansions give the same counts.
        if (result.stats.expanded == alone.stats.expanded) {
            CHECK(result.stats.generated == alone.stats.generated);
            CHECK(result.stats.pruned_dead_square == alone.stats.pruned_dead_square);
            CHECK(result.stats.pruned_freeze == alone.stats.pruned_freeze);
        } else {
            MESSAGE("expanded ", result.stats.expanded, ", one worker ", alone.stats.expanded);
        }
    }
}

TEST_CASE("hda auto lag: a search young below its layer keeps one worker's order, at 2 and 4 workers") {
    // XSokoban 54 with the PDB bound: 10 expansions below the optimum's
    // layer, 180,213 in it with one worker. Workers that each dive their
    // own part of that layer (lag `layer`) expand 1.6 times as many; even a
    // short parallel start of the layer led the dive elsewhere (2.7 M).
    // With the default (Lag::Mode::automatic) the layers of a search whose
    // lower layers took under kernel::parallel_below expansions wait at lag
    // 0 and every child reaches its owner before the next pop, so the
    // workers expand one worker's nodes, give or take the few states a
    // stale key lets through.
    const board::Board board(collection("xsokoban.xsb").at(53));
    search::Options options = pdb_options(board, 1);
    REQUIRE(options.hda_lag.mode == search::Options::Lag::Mode::automatic);
    const search::SearchResult alone = search::hda(board, options);
    REQUIRE(alone.outcome == Outcome::solved);
    for (int threads : {2, 4}) {
        CAPTURE(threads);
        options.threads = threads;
        const search::SearchResult result = search::hda(board, options);
        REQUIRE(result.outcome == Outcome::solved);
        CHECK(result.pushes.size() == alone.pushes.size());
        // A worker storing a batch it drained once hid the batch's key for
        // as long as it was descheduled: at 4 workers on a loaded 2-core
        // machine about 1 run in 35 expanded 2.8 M (the layer started on a
        // worse node in parallel with the best; drain_inbox()).
        CHECK(result.stats.expanded * 100 <= alone.stats.expanded * 102);
        // The diver never waits for a shadow of its own dive: a shadow is
        // stored closed by its owner, so its key is no work there (it once
        // held the diver at the gate for 1 expansion in 10).
        const auto diver = std::max_element(result.workers.begin(), result.workers.end(),
                                            [](const auto& a, const auto& b) { return a.expanded < b.expanded; });
        CHECK(diver->waits * 50 < diver->expanded);
    }
}

TEST_CASE("hda grown: abstract owners and early expansions keep A*'s push count, at fewer messages" * doctest::test_suite("threads")) {
    // Microban 99 with the matching bound: 30,955 expansions over 24 f
    // layers with one worker. With hda_parallel_below 0 the search has
    // grown from the start (search/hda.hpp): lag `layer`, the owners move
    // from the states' hashes to their zones, and a worker that finishes
    // its part of a layer first expands its best node of the next layer
    // rather than wait (early()), at most a quarter of the expansions below
    // per layer, all workers together.
    const board::Board board(collection("microban.xsb").at(98));
    search::Options options;
    REQUIRE(options.distribution == search::Options::Distribution::automatic);
    options.hda_parallel_below = 0;
    const search::SearchResult alone = search::hda(board, options);
    REQUIRE(alone.outcome == Outcome::solved);
    search::Options hashed = options;
    hashed.distribution = search::Options::Distribution::zobrist;
    for (int threads : {2, 3}) {
        CAPTURE(threads);
        options.threads = hashed.threads = threads;
        uint64_t early = 0;
        for (int run = 0; run < 3; ++run) {
            const search::SearchResult result = search::hda(board, options);
            REQUIRE(result.outcome == Outcome::solved);
            CHECK(result.pushes.size() == alone.pushes.size());
            for (const auto& w : result.workers) early += w.early;
            // What early expansions can waste is those in the optimum's
            // layer: a quarter of the expansions below it, at most.
            CHECK(result.stats.expanded * 4 <= alone.stats.expanded * 5);
            // Zones keep more children at home than hashes, which send
            // (W-1)/W of those that do not continue a local dive (here 0.50
            // and 0.60 as many messages at 2 and 3 workers, shadows counted).
            const search::SearchResult plain = search::hda(board, hashed);
            REQUIRE(plain.outcome == Outcome::solved);
            CHECK(plain.pushes.size() == alone.pushes.size());
            CHECK(result.stats.messages_sent * 4 < plain.stats.messages_sent * 3);
            MESSAGE("expanded ", result.stats.expanded, " (one worker ", alone.stats.expanded, "), messages ",
                    result.stats.messages_sent, " against ", plain.stats.messages_sent);
        }
        CHECK(early > 0);
    }
}

TEST_CASE("hda local dive: the first dive starts on the calling thread, whoever owns the start" * doctest::test_suite("threads")) {
    // XSokoban 3 with the PDB bound: one dive of 161 expansions in the
    // optimum's layer, from a start owned by worker 1 at 2 workers. Worker
    // 0 (the calling thread, running already) stores the start too and
    // dives; the owner stores it closed. Before, worker 0 expanded none
    // and the search waited for worker 1's thread to run first.
    const board::Board board(collection("xsokoban.xsb").at(2));
    search::Options options = pdb_options(board, 1);
    const search::SearchResult alone = search::hda(board, options);
    REQUIRE(alone.outcome == Outcome::solved);
    options.threads = 2;
    for (int run = 0; run < 3; ++run) {
        const search::SearchResult result = search::hda(board, options);
        REQUIRE(result.outcome == Outcome::solved);
        CHECK(result.pushes.size() == alone.pushes.size());
        CHECK(result.stats.expanded == alone.stats.expanded);
        CHECK(result.workers[0].expanded * 2 > result.stats.expanded);
    }
}

TEST_CASE("hda pdb: the patterns of five switched on after some expansions prove XSokoban 62's bound at 2 and 3 workers") {
    // astar_test's case with workers: each switches after its own 300
    // expansions and scores its open states again; every f layer below the
    // upper bound of 245 is exhausted, whatever the interleaving.
    const board::Board board(collection("xsokoban.xsb").at(61));
    search::Options options;
    options.heuristic = heuristic::Kind::pdb;
    options.pdb = std::make_shared<const heuristic::Pdb>(board, heuristic::Pdb::default_memory_limit, 5);
    options.pdb_group = 5;
    options.fives_after = 300;
    options.limits.node_limit = 100000;
    for (int threads : {2, 3}) {
        CAPTURE(threads);
        std::atomic<uint32_t> bound{245};
        options.shared_bound = &bound;
        options.threads = threads;
        const search::SearchResult result = search::hda(board, options);
        CHECK(std::string(search::outcome_name(result.outcome)) == "bound_proven");
        CHECK(result.stats.initial_h == 241);
        CHECK(result.stats.raised > 0);
        MESSAGE(threads, " workers: ", result.stats.expanded, " expansions, ", result.stats.raised, " raised");
    }
}

TEST_CASE("hda small: one PDB shared read-only by every worker" * doctest::test_suite("threads")) {
    // Built once, handed to 4 workers that read it without locking (run
    // under ThreadSanitizer in CI).
    const auto xsokoban = collection("xsokoban.xsb");
    for (int n : {2, 17}) {
        CAPTURE(n);
        const board::Board board(xsokoban.at(n - 1));
        search::Options options;
        options.heuristic = heuristic::Kind::pdb;
        options.pdb = std::make_shared<const heuristic::Pdb>(board);
        REQUIRE(options.pdb->available());
        options.threads = 4;
        const search::SearchResult result = search::hda(board, options);
        REQUIRE(result.outcome == Outcome::solved);
        CHECK(result.pushes.size() == (n == 2 ? 131u : 213u));
    }
}

TEST_CASE("hda abstract zobrist: A*'s push counts with fewer messages than plain zobrist" * doctest::test_suite("threads")) {
    auto microban = collection("microban.xsb");
    auto xsokoban = collection("xsokoban.xsb");
    for (const level::Level* level : {&microban[0], &microban[9], &microban[19], &xsokoban[0]}) {
        const board::Board board(*level);
        const search::SearchResult reference = search::astar(board, {});
        REQUIRE(reference.outcome == Outcome::solved);
        for (int threads : {2, 4, 8}) {
            CAPTURE(level->number);
            CAPTURE(threads);
            // The distributions alone: local dives keep the best line home under either.
            search::Options plain = with_threads(threads, lag0, false);
            search::Options abstract = plain;
            abstract.distribution = search::Options::Distribution::abstract;
            const search::SearchResult p = search::hda(board, plain);
            const search::SearchResult a = search::hda(board, abstract);
            REQUIRE(a.outcome == Outcome::solved);
            CHECK(a.pushes.size() == reference.pushes.size());
            const solution::Verdict verdict = solution::verify(*level, solution::to_lurd(board, a.pushes));
            CHECK(verdict.ok);
            CHECK(a.stats.expanded_before_last_f >= reference.stats.expanded_before_last_f);
            // Per generated state: zones keep most children at home.
            const double plain_share = static_cast<double>(p.stats.messages_sent) / p.stats.generated;
            const double abstract_share = static_cast<double>(a.stats.messages_sent) / a.stats.generated;
            CHECK(abstract_share < plain_share);
        }
        // One worker: ownership does not matter, the search is A*'s.
        search::Options one = with_threads(1);
        one.distribution = search::Options::Distribution::abstract;
        const search::SearchResult single = search::hda(board, one);
        CHECK(single.stats.expanded == reference.stats.expanded);
    }
}

TEST_CASE("shared tables: the goal patterns and pair conflicts built together on 1-3 threads are those built alone" *
          doctest::test_suite("threads")) {
    for (int number : {3, 9}) {
        const board::Board board(
            level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(number - 1));
        search::Options alone;
        const auto patterns = search::goal_pattern_table(board, alone);
        const auto conflicts = search::pair_conflict_table(board, alone);
        REQUIRE(patterns);
        REQUIRE(conflicts);
        for (int threads : {1, 2, 3}) {
            CAPTURE(number);
            CAPTURE(threads);
            search::Options options;
            options.threads = threads;
            search::Options shared = options;
            search::build_shared_tables(board, options, shared);
            REQUIRE(shared.goal_pattern_table);
            REQUIRE(shared.conflict_table);
            CHECK(shared.goal_pattern_table->groups() == patterns->groups());
            CHECK(shared.goal_pattern_table->states() == patterns->states());
            CHECK(shared.conflict_table->bytes() == conflicts->bytes());
            CHECK(shared.pair_conflicts == true);
            REQUIRE(shared.packing_order);
            CHECK(shared.packing_order->order() == plan::PackingOrder(board).order());
            // Without pair conflicts the goal patterns are built all the same.
            options.pair_conflicts = false;
            search::Options without = options;
            search::build_shared_tables(board, options, without);
            CHECK(without.conflict_table == nullptr);
            CHECK(without.pair_conflicts == false);  // the workers do not build it each
            REQUIRE(without.goal_pattern_table);
            CHECK(without.goal_pattern_table->states() == patterns->states());
            CHECK(without.packing_order);
        }
        // Only the plan tie-break reads a packing order.
        search::Options lifo;
        lifo.tie_break = search::TieBreak::lifo;
        search::Options none = lifo;
        search::build_shared_tables(board, lifo, none);
        CHECK(none.packing_order == nullptr);
    }
}

TEST_CASE("shared packing order: HDA* with one order for all workers expands what it expands with one per worker" *
          doctest::test_suite("threads")) {
    const board::Board board(
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(2));  // XSokoban 3
    for (int threads : {1, 2}) {
        CAPTURE(threads);
        const search::Options options = with_threads(threads, lag0);
        REQUIRE(options.tie_break == search::TieBreak::plan);
        search::Options shared = options;  // the tables built here: the search builds none
        search::build_shared_tables(board, options, shared);
        REQUIRE(shared.packing_order);
        search::Options own = shared;
        own.packing_order = nullptr;  // each worker's expander builds its own
        const search::SearchResult a = search::hda(board, own), b = search::hda(board, shared);
        REQUIRE(a.outcome == search::Outcome::solved);
        REQUIRE(b.outcome == search::Outcome::solved);
        CHECK(a.pushes.size() == b.pushes.size());
        if (threads == 1) CHECK(a.stats.expanded == b.stats.expanded);
    }
}

TEST_CASE("hda last layer: the policies a search uses, derived once from its options") {
    using search::kernel::LastLayer;
    const search::Options defaults;
    // One worker, another order, or workers across processes: plain HDA*, every policy off.
    for (const LastLayer& l : {LastLayer::of(defaults, true, 1, false, false), LastLayer::of(defaults, false, 2, false, false),
                               LastLayer::of(defaults, true, 2, false, true)}) {
        CHECK_FALSE(l.gated);
        CHECK_FALSE(l.automatic);
        CHECK_FALSE(l.local_dive);
        CHECK_FALSE(l.lookahead);
        CHECK_FALSE(l.second_line);
        CHECK_FALSE(l.zones_when_grown);
        CHECK_FALSE(l.concentrated);
    }
    // The defaults at 2 workers: the automatic lag, local dives with lookahead, one
    // owner while young and zones once grown; no hand-over, no second line.
    LastLayer l = LastLayer::of(defaults, true, 2, false, false);
    CHECK(l.gated);
    CHECK(l.automatic);
    CHECK(l.lag == search::kernel::lag_layer);
    CHECK(l.local_dive);
    CHECK(l.lookahead);
    CHECK_FALSE(l.handover);
    CHECK_FALSE(l.second_line);
    CHECK(l.zones_when_grown);
    CHECK(l.concentrated);
    // A meeting (the bidirectional search): no local dive, no lookahead, owners by hash.
    l = LastLayer::of(defaults, true, 2, true, false);
    CHECK(l.gated);
    CHECK_FALSE(l.local_dive);
    CHECK_FALSE(l.lookahead);
    CHECK_FALSE(l.zones_when_grown);
    CHECK_FALSE(l.concentrated);
    // Hand-over: the owners stay by hash while young.
    search::Options o = defaults;
    o.hda_handover = true;
    l = LastLayer::of(o, true, 2, false, false);
    CHECK(l.handover);
    CHECK_FALSE(l.concentrated);
    // Speculation: the wait within a layer (lag 0), never the automatic lag.
    o = defaults;
    o.hda_speculate = true;
    l = LastLayer::of(o, true, 2, false, false);
    CHECK(l.second_line);
    CHECK_FALSE(l.automatic);
    CHECK(l.lag == 0);
    // A fixed lag (in h) and never waiting.
    o = defaults;
    o.hda_lag = search::Options::Lag::within_layer(3);
    l = LastLayer::of(o, true, 2, false, false);
    CHECK(l.gated);
    CHECK_FALSE(l.automatic);
    CHECK(l.lag == 3);
    o.hda_lag = never;
    CHECK_FALSE(LastLayer::of(o, true, 2, false, false).gated);
}
