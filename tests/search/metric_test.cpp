// tests/search/metric_test: the metrics pushes-then-moves and moves-then-
// pushes (search/metric) against a reference written here: Dijkstra over
// single player moves on the level's grid, with no pruning, ordered by the
// metric's pair of costs. On small Microban levels and seeded random levels
// (tests/search/random_levels.hpp) the search must find exactly the
// reference's pair, its solution must replay in the verifier with those
// counts, and unsolvable levels must be proven so.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <map>
#include <queue>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "generate/level_generator.hpp"
#include "search/metric.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

using namespace hdasoko;
using hdasoko::generate::dropped_level;
using hdasoko::generate::pulled_level;

namespace {

struct Reference {
    enum Kind { solved, unsolvable, too_large } kind = too_large;
    int pushes = -1, moves = -1;
};

// Dijkstra over (boxes, player) with every move an edge: a walk costs one
// move, a push one move and one push; the pair compared is (pushes, moves)
// or (moves, pushes). The first goal taken from the queue is optimal.
Reference reference(const level::Level& level, search::Metric metric, size_t max_states) {
    const int w = level.width + 2, n = w * (level.height + 2);
    std::vector<char> wall(n, 1), goal(n, 0);
    std::string start(n + 1, 0);  // one char per square (1: box), then the player
    for (int y = 0; y < level.height; ++y)
        for (int x = 0; x < level.width; ++x) {
            const char c = level.at(x, y);
            const int s = (y + 1) * w + x + 1;
            wall[s] = c == '#';
            goal[s] = c == '.' || c == '*' || c == '+';
            start[s] = c == '$' || c == '*';
            if (c == '@' || c == '+') start[n] = static_cast<char>(s & 0xFF), start.push_back(static_cast<char>(s >> 8));
        }
    auto player = [&](const std::string& k) { return (static_cast<unsigned char>(k[n])) | (static_cast<unsigned char>(k[n + 1]) << 8); };
    auto solved = [&](const std::string& k) {
        for (int s = 0; s < n; ++s)
            if (k[s] && !goal[s]) return false;
        return true;
    };
    const int offset[4] = {-1, -w, 1, w};
    using Item = std::tuple<int, int, std::string>;  // primary, secondary, state
    std::priority_queue<Item, std::vector<Item>, std::greater<Item>> open;
    std::unordered_map<std::string, std::pair<int, int>> best;
    best[start] = {0, 0};
    open.emplace(0, 0, start);
    while (!open.empty()) {
        auto [c1, c2, k] = open.top();
        open.pop();
        if (best[k] != std::make_pair(c1, c2)) continue;
        if (solved(k)) {
            Reference r{Reference::solved};
            r.pushes = metric == search::Metric::pushes ? c1 : c2;
            r.moves = metric == search::Metric::pushes ? c2 : c1;
            return r;
        }
        if (best.size() > max_states) return {};
        const int p = player(k);
        for (int d = 0; d < 4; ++d) {
            const int t = p + offset[d];
            if (wall[t]) continue;
            std::string next = k;
            bool push = false;
            if (k[t]) {
                const int t2 = t + offset[d];
                if (wall[t2] || k[t2]) continue;
                next[t] = 0;
                next[t2] = 1;
                push = true;
            }
            next[n] = static_cast<char>(t & 0xFF);
            next[n + 1] = static_cast<char>(t >> 8);
            const int n1 = metric == search::Metric::pushes ? c1 + push : c1 + 1;
            const int n2 = metric == search::Metric::pushes ? c2 + 1 : c2 + push;
            auto it = best.find(next);
            if (it != best.end() && it->second <= std::make_pair(n1, n2)) continue;
            best[next] = {n1, n2};
            open.emplace(n1, n2, std::move(next));
        }
    }
    return {Reference::unsolvable};
}

struct Tally {
    int checked = 0, solved = 0, unsolvable = 0, skipped = 0, moves_differ = 0;
};

void check(const level::Level& level, search::Metric metric, const Reference& expected, Tally& tally) {
    const board::Board board(level);
    const search::SearchResult result = search::metric_search(board, search::Options{}, metric);
    CAPTURE(search::metric_name(metric));
    ++tally.checked;
    if (expected.kind == Reference::unsolvable) {
        ++tally.unsolvable;
        CHECK(result.outcome == search::Outcome::unsolvable);
        return;
    }
    ++tally.solved;
    REQUIRE_MESSAGE(result.outcome == search::Outcome::solved, search::outcome_name(result.outcome));
    const std::string lurd = solution::to_lurd(board, result.pushes);
    const solution::Verdict verdict = solution::verify(level, lurd);
    REQUIRE_MESSAGE(verdict.ok, verdict.error);
    CHECK(verdict.pushes == expected.pushes);
    CHECK(verdict.moves == expected.moves);
    const uint32_t primary = metric == search::Metric::pushes ? expected.pushes : expected.moves;
    CHECK(result.stats.initial_h <= primary);
    // Capped at the primary optimum the same pair; below it, nothing.
    for (const uint32_t cap : {primary, primary - 1}) {
        if (primary == 0) break;
        const std::atomic<uint32_t> bound{cap};
        search::Options options;
        options.shared_bound = &bound;
        const search::SearchResult capped = search::metric_search(board, options, metric);
        if (cap < primary) {
            CHECK(capped.outcome == search::Outcome::unsolvable);
            continue;
        }
        REQUIRE(capped.outcome == search::Outcome::solved);
        const solution::Verdict again = solution::verify(level, solution::to_lurd(board, capped.pushes));
        CHECK(again.pushes == expected.pushes);
        CHECK(again.moves == expected.moves);
    }
}

constexpr size_t max_states = 300000;
constexpr uint64_t first_seed = 20240601;

}  // namespace

TEST_CASE("metric reference: hand-made levels") {
    auto one = [](const char* text) { return level::parse_collection(text, "x").at(0); };
    // Pushes first: 3 pushes; moves first the same here.
    const Reference r = reference(one("#######\n#@$  .#\n#######\n"), search::Metric::pushes, 1000);
    CHECK(r.pushes == 3);
    CHECK(r.moves == 3);
    // Two routes: the box goes up-and-over with fewer pushes or around with fewer moves.
    const level::Level two = one("########\n#.    ##\n#  $   #\n#  @   #\n########\n");
    const Reference p = reference(two, search::Metric::pushes, 100000);
    const Reference m = reference(two, search::Metric::moves, 100000);
    CHECK(p.pushes <= m.pushes);
    CHECK(m.moves <= p.moves);
}

TEST_CASE("metrics: pushes-then-moves and moves-then-pushes equal the reference on at least 200 small levels") {
    Tally tally[2];
    int differ = 0;  // levels where the two metrics give different pairs
    auto run = [&](const level::Level& level) {
        Reference r[2];
        for (int m = 0; m < 2; ++m) {
            const search::Metric metric = m ? search::Metric::moves : search::Metric::pushes;
            r[m] = reference(level, metric, max_states);
            if (r[m].kind == Reference::too_large) {
                ++tally[m].skipped;
                continue;
            }
            check(level, metric, r[m], tally[m]);
        }
        if (r[0].kind == Reference::solved && r[1].kind == Reference::solved) {
            CHECK(r[0].pushes <= r[1].pushes);
            CHECK(r[1].moves <= r[0].moves);
            differ += r[0].pushes != r[1].pushes;
        }
    };
    const std::vector<level::Level> microban =
        level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    for (const level::Level& level : microban) {
        if (level.width * level.height > 60) continue;  // small ones only
        INFO("microban level ", level.number);
        run(level);
    }
    for (uint64_t seed = first_seed; seed < first_seed + 200; ++seed) {
        for (bool by_pulls : {true, false}) {
            const std::string text = by_pulls ? pulled_level(seed) : dropped_level(seed);
            INFO((by_pulls ? "pulled_level" : "dropped_level"), "(seed ", seed, "):\n", text);
            run(level::parse_collection(text, "seed").at(0));
        }
    }
    for (int m = 0; m < 2; ++m)
        MESSAGE(std::string(m ? "moves" : "pushes"), ": ", tally[m].checked, " checked (", tally[m].solved, " solved, ",
                tally[m].unsolvable, " unsolvable), ", tally[m].skipped, " skipped");
    MESSAGE("levels where the metrics' optima differ: ", differ);
    CHECK(tally[0].solved >= 200);
    CHECK(tally[1].solved >= 200);
    CHECK(tally[0].unsolvable >= 10);
    CHECK(differ >= 1);
}
