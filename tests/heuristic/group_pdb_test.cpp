// tests/heuristic/group_pdb_test: the three- and four-box pattern databases
// (heuristic/group_pdb.hpp). A group's value equals its definition computed
// afresh by a forward search over its boxes alone (pushes until the first
// reaches the entrance plus the smaller database's value of the others) on
// Microban and seeded random levels; along random walks the PDB bound with
// groups of 3 and of 4, fresh and incremental, never exceeds the BFS
// optimum, never falls below the bound with smaller groups, and rises above
// it somewhere. The patterns of five (heuristic/five_patterns.hpp): the
// search's value is the same definition one box up; the bound with them
// stays admissible along random walks and along a known solution of
// XSokoban 62, which they raise.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "board/goal_zone.hpp"
#include "children.hpp"
#include "deadlock/position.hpp"
#include "generate/level_generator.hpp"
#include "generate/push_bfs.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/pdb.hpp"
#include "heuristic/group_pdb.hpp"
#include "heuristic/five_patterns.hpp"
#include "instrumented.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "search/search.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using board::no_cell;
using board::unreachable;

namespace {

// The smallest square the player reaches from p with boxes on `boxes`
// (the three-box level: every other box removed).
using Boxes = std::vector<Cell>;

Cell normalized(const Board& board, const Boxes& boxes, Cell p) {
    std::vector<char> seen(board.cells(), 0);
    for (Cell b : boxes) seen[b] = 1;
    std::vector<Cell> stack{p};
    seen[p] = 1;
    Cell least = p;
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        least = std::min(least, c);
        for (int d = 0; d < 4; ++d) {
            const Cell n = board.neighbor(c, d);
            if (n == no_cell || seen[n]) continue;
            seen[n] = 1;
            stack.push_back(n);
        }
    }
    return least;
}

bool reaches(const Board& board, const Boxes& boxes, Cell from, Cell to) {
    std::vector<char> seen(board.cells(), 0);
    for (Cell b : boxes) seen[b] = 1;
    if (seen[to]) return false;
    std::vector<Cell> stack{from};
    seen[from] = 1;
    while (!stack.empty()) {
        const Cell c = stack.back();
        stack.pop_back();
        if (c == to) return true;
        for (int d = 0; d < 4; ++d) {
            const Cell n = board.neighbor(c, d);
            if (n == no_cell || seen[n]) continue;
            seen[n] = 1;
            stack.push_back(n);
        }
    }
    return false;
}

// The definition of a group's value, by breadth-first search forward from
// its boxes with the player on p: the least, over push sequences that keep
// every box on maze squares until one is pushed onto the entrance, of the
// pushes so far plus the smaller database's value of the others with the
// player where that push left it.
uint32_t defined_value(const Board& board, const heuristic::Pdb& pdb, Boxes boxes, Cell p) {
    const Cell v = pdb.zone().entrance();
    const int size = static_cast<int>(boxes.size());
    std::map<Boxes, int> seen;
    std::sort(boxes.begin(), boxes.end());
    std::vector<std::pair<Boxes, Cell>> layer{{boxes, normalized(board, boxes, p)}};
    Boxes key = boxes;
    key.push_back(layer[0].second);
    seen[key] = 0;
    uint32_t best = unreachable;
    for (int g = 0; !layer.empty() && static_cast<uint32_t>(g) < best; ++g) {
        std::vector<std::pair<Boxes, Cell>> next;
        for (const auto& [b, player] : layer)
            for (int which = 0; which < size; ++which)
                for (int d = 0; d < 4; ++d) {
                    const Cell behind = board.neighbor(b[which], board::opposite(d));
                    const Cell to = board.neighbor(b[which], d);
                    if (behind == no_cell || to == no_cell || !reaches(board, b, player, behind)) continue;
                    if (std::find(b.begin(), b.end(), to) != b.end()) continue;
                    if (to == v) {
                        Boxes rest;
                        for (int m = 0; m < size; ++m)
                            if (m != which) rest.push_back(b[m]);
                        const uint16_t value = size == 3 ? pdb.pair(rest[0], rest[1], b[which])
                                                         : pdb.group(size - 1)->value(rest.data(), b[which]);
                        if (value != unreachable) best = std::min<uint32_t>(best, g + 1 + value);
                        continue;
                    }
                    if (!pdb.in_maze(to)) continue;
                    Boxes c = b;
                    c[which] = to;
                    std::sort(c.begin(), c.end());
                    const Cell q = normalized(board, c, b[which]);
                    Boxes k = c;
                    k.push_back(q);
                    if (seen.emplace(k, g + 1).second) next.push_back({c, q});
                }
        layer = std::move(next);
    }
    return best;
}

// The best split of the group into smaller groups (singles, pairs, and for
// four a triple and a single).
int split_value(const heuristic::Pdb& pdb, const Boxes& b, Cell p) {
    const int size = static_cast<int>(b.size());
    std::vector<int> single(size);
    int all = 0;
    for (int m = 0; m < size; ++m) all += single[m] = pdb.single(b[m], p);
    int best = all;
    for (int x = 0; x < size; ++x)
        for (int y = x + 1; y < size; ++y) {
            const int pair = pdb.pair(b[x], b[y], p);
            best = std::max(best, all - single[x] - single[y] + pair);
            if (size == 4) {
                Boxes rest;
                for (int m = 0; m < size; ++m)
                    if (m != x && m != y) rest.push_back(b[m]);
                best = std::max(best, pair + pdb.pair(rest[0], rest[1], p));
            }
        }
    if (size == 4)
        for (int drop = 0; drop < size; ++drop) {
            Boxes rest;
            for (int m = 0; m < size; ++m)
                if (m != drop) rest.push_back(b[m]);
            best = std::max(best, pdb.group(3)->value(rest.data(), p) + single[drop]);
        }
    return best;
}

// The pushes from `boxes` (whose area `area` holds, normalized to
// `normal`); every child off the dead squares, scored incrementally from
// this parent, must equal a fresh evaluation. Counts those in `children`.
std::vector<moves::Push> check_children(const Board& board, const std::vector<uint64_t>& boxes,
                                        const moves::Reachability& area, Cell normal,
                                        heuristic::Heuristic& incremental, heuristic::Heuristic& fresh,
                                        int& children) {
    return testing::scored_children(
        board, boxes, area, normal, incremental,
        [&](const std::vector<uint64_t>& child, Cell child_player, const moves::Push&, uint32_t h) {
            CHECK(h == fresh.evaluate(child.data(), child_player));
            ++children;
        });
}

// Microban's levels (small, many with an entrance), then seeded random ones.
std::vector<level::Level> test_levels() {
    std::vector<level::Level> out = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    for (uint64_t seed = 1; seed <= 100; ++seed)
        out.push_back(level::parse_collection(generate::pulled_level(seed), "pulled").at(0));
    return out;
}

generate::BfsAnswer exact(const std::string& text, size_t max_states = 50000) {
    return generate::bfs(level::parse_collection(text, "inline").at(0), max_states);
}

}  // namespace

TEST_CASE("group pdb: a group's value is its definition, searched forward over its boxes alone") {
    std::mt19937_64 rng(34);
    const std::vector<level::Level> all = test_levels();
    for (int size : {3, 4}) {
        int checked = 0, above_split = 0, levels = 0;
        for (size_t which = 0; which < all.size(); which += testing::instrumented ? 3 : 1) {
            const Board board(all[which]);
            const heuristic::Pdb pdb(board, heuristic::Pdb::default_memory_limit, size);
            if (!pdb.available() || !pdb.group(size)) continue;
            const heuristic::GroupPdb& groups = *pdb.group(size);
            CHECK(groups.size() == size);
            std::vector<Cell> maze;
            for (Cell c = 0; c < board.cells(); ++c)
                if (pdb.in_maze(c)) maze.push_back(c);
            ++levels;
            for (int sample = 0; sample < (size == 3 ? 12 : 4); ++sample) {
                // Squares near each other (where groups interact).
                Boxes b{maze[rng() % maze.size()]};
                std::vector<Cell> near;
                for (Cell c : maze)
                    if (c != b[0] && std::abs(board.x(c) - board.x(b[0])) + std::abs(board.y(c) - board.y(b[0])) <= 3)
                        near.push_back(c);
                std::shuffle(near.begin(), near.end(), rng);
                if (static_cast<int>(near.size()) < size - 1) continue;
                b.insert(b.end(), near.begin(), near.begin() + size - 1);
                const Cell p = static_cast<Cell>(rng() % board.cells());
                if (std::find(b.begin(), b.end(), p) != b.end()) continue;
                const uint16_t value = groups.value(b.data(), p);
                INFO("level ", which + 1, " size ", size, " boxes ", b[0], " ", b[1], " ", b[2], " player ", p);
                CHECK(value == defined_value(board, pdb, b, p));
                if (value != unreachable) above_split += value > split_value(pdb, b, p);
                ++checked;
            }
        }
        MESSAGE(checked, " groups of ", size, " on ", levels, " levels, ", above_split, " above their splits");
        CHECK(checked >= (testing::instrumented ? 40 : 150));
        CHECK(above_split > 0);
    }
}

TEST_CASE("group pdb: along random walks the PDB bound with groups stays admissible and rises somewhere") {
    std::mt19937_64 rng(35);
    int checked[5] = {}, raised[5] = {};
    const std::vector<level::Level> all = test_levels();
    // Every second level, in every build (with every fourth an instrumented
    // build, tests/instrumented.hpp, raised no state with groups of four).
    for (size_t which = 0; which < all.size(); which += 2) {
        const Board board(all[which]);
        const heuristic::Pdb pdb(board, heuristic::Pdb::default_memory_limit, 4);
        for (int size : {3, 4}) {
            if (!pdb.available() || !pdb.group(size)) continue;
            // Each size against the next smaller: with groups of 4 the bound is at
            // least the one with triples.
            heuristic::Heuristic plain(board, heuristic::Kind::pdb, &pdb, nullptr, size - 1),
                fresh(board, heuristic::Kind::pdb, &pdb, nullptr, size),
                incremental(board, heuristic::Kind::pdb, &pdb, nullptr, size);
            moves::Reachability area(board);
            std::vector<uint64_t> boxes(board.words());
            state::initial_boxes(board, boxes.data());
            Cell player = board.initial_player();
            for (int step = 0; step < 8; ++step) {
                const Cell normal = area.compute(boxes.data(), player);
                const uint32_t without = plain.evaluate(boxes.data(), normal);
                const uint32_t with = fresh.evaluate(boxes.data(), normal);
                if (without == heuristic::dead) break;
                const std::string text = testing::draw_state(board, boxes.data(), player);
                INFO("level ", which + 1, " size ", size, " step ", step, ":\n", text);
                CHECK(with >= without);
                const generate::BfsAnswer a = exact(text);
                if (a.kind != generate::BfsAnswer::too_large) {
                    if (with == heuristic::dead) CHECK(a.kind == generate::BfsAnswer::unsolvable);
                    else if (a.kind == generate::BfsAnswer::solved) CHECK(with <= static_cast<uint32_t>(a.pushes));
                    raised[size] += with > without;
                    ++checked[size];
                }
                if (with == heuristic::dead) break;
                // Every child scored incrementally from this parent equals a
                // fresh evaluation with the same groups.
                int children = 0;
                const std::vector<moves::Push> pushes =
                    check_children(board, boxes, area, normal, incremental, fresh, children);
                if (pushes.empty()) break;
                const moves::Push push = pushes[rng() % pushes.size()];
                state::clear_box(boxes.data(), push.box);
                state::set_box(boxes.data(), board.neighbor(push.box, push.dir));
                player = push.box;
            }
        }
    }
    for (int size : {3, 4}) {
        MESSAGE(checked[size], " states checked against BFS with groups of ", size, ", ", raised[size],
                " raised above the bound with smaller groups");
        CHECK(checked[size] > 80);
        CHECK(raised[size] > 0);
    }
}

TEST_CASE("group pdb: a cancel or a deadline met while the pattern database builds leaves the group databases out") {
    // XSokoban 50: its maze holds groups of three and four.
    const Board board(level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(49));
    const heuristic::Pdb whole(board, heuristic::Pdb::default_memory_limit, 4);
    REQUIRE(whole.available());
    REQUIRE(whole.group(3));
    REQUIRE(whole.group(4));
    std::atomic<bool> cancel{true};
    heuristic::BuildStop past;
    past.deadline = heuristic::BuildStop::Clock::now();
    for (const heuristic::BuildStop& stop : {heuristic::BuildStop{&cancel}, past}) {
        const heuristic::Pdb cut(board, heuristic::Pdb::default_memory_limit, 4, stop);
        // The pair database is built regardless (a fraction of a second);
        // the group databases stop, so the bound falls back to pairs.
        CHECK(cut.available());
        CHECK(cut.group(3) == nullptr);
        CHECK(cut.group(4) == nullptr);
        CHECK(cut.groups_bytes() == 0);
        const heuristic::GroupPdb triples(board, whole, nullptr, 3, heuristic::GroupPdb::default_memory_limit, stop);
        CHECK_FALSE(triples.available());
        CHECK(triples.why_unavailable() == (stop.cancel ? "cancelled" : "out of time"));
    }
}

TEST_CASE("five patterns: the search's value is its definition, one box above the groups of four") {
    std::mt19937_64 rng(37);
    const std::vector<level::Level> all = test_levels();
    int checked = 0, alive = 0;
    for (size_t which = 0; which < all.size(); which += testing::instrumented ? 3 : 1) {
        const Board board(all[which]);
        if (board.initial_boxes().size() < 5) continue;
        const heuristic::Pdb pdb(board, heuristic::Pdb::default_memory_limit, 4);
        if (!pdb.available() || !pdb.group(4)) continue;
        const heuristic::FivePatterns fives(board, pdb, heuristic::BuildStop{}, 1, 1 << 30);  // never cut off
        // Groups of the level's own maze boxes: alive (the level is
        // solvable), so the search runs to a terminal.
        std::vector<Cell> maze;
        for (Cell c : board.initial_boxes())
            if (pdb.in_maze(c)) maze.push_back(c);
        if (maze.size() < 5) continue;
        for (int sample = 0; sample < 6; ++sample) {
            std::shuffle(maze.begin(), maze.end(), rng);
            Boxes b(maze.begin(), maze.begin() + 5);
            const Cell p = sample == 0 ? board.initial_player() : static_cast<Cell>(rng() % board.cells());
            if (std::find(b.begin(), b.end(), p) != b.end()) continue;
            const uint16_t value = fives.search(b.data(), p);
            INFO("level ", which + 1, " boxes ", b[0], " ", b[1], " ", b[2], " ", b[3], " ", b[4], " player ", p);
            CHECK(value == defined_value(board, pdb, b, p));
            alive += value != unreachable;
            ++checked;
        }
    }
    MESSAGE(checked, " groups of five, ", alive, " not dead");
    CHECK(checked >= (testing::instrumented ? 15 : 50));
    CHECK(alive >= checked / 2);
}

TEST_CASE("five patterns: along push-optimal solutions and random walks the bound with patterns stays admissible") {
    std::mt19937_64 rng(38);
    int on_paths = 0, raised = 0, levels = 0, patterns = 0, children = 0;
    const std::vector<level::Level> all = test_levels();
    // Every level (few have patterns: two here), the tables built only for
    // those with five maze boxes.
    for (size_t which = 0; which < all.size(); ++which) {
        const Board board(all[which]);
        const board::GoalZone zone(board);
        if (!zone.has_entrance() || std::count_if(board.initial_boxes().begin(), board.initial_boxes().end(),
                                                  [&](Cell c) { return zone.in_maze(c); }) < 5)
            continue;
        const heuristic::Pdb pdb(board, heuristic::Pdb::default_memory_limit, 5);
        if (!pdb.available() || !pdb.fives() || pdb.fives()->patterns().empty()) continue;
        ++levels;
        patterns += static_cast<int>(pdb.fives()->patterns().size());
        heuristic::Heuristic plain(board, heuristic::Kind::pdb, &pdb, nullptr, 4),
            fresh(board, heuristic::Kind::pdb, &pdb, nullptr, 5), incremental(board, heuristic::Kind::pdb, &pdb, nullptr, 5);
        moves::Reachability area(board);
        // A push-optimal solution by A* with the matching bound (no patterns):
        // every state on it is exactly its remaining pushes from done.
        search::Options options;
        options.limits.node_limit = 2000000;
        const search::SearchResult best = search::astar(board, options);
        if (best.outcome == search::Outcome::solved) {
            std::vector<moves::Push> pushes;
            for (const moves::Push& push : best.pushes) moves::unroll(board, push, pushes);
            std::vector<uint64_t> boxes(board.words());
            state::initial_boxes(board, boxes.data());
            Cell player = board.initial_player();
            for (size_t t = 0; t <= pushes.size(); ++t) {
                const Cell normal = area.compute(boxes.data(), player);
                const uint32_t with = fresh.evaluate(boxes.data(), normal);
                INFO("level ", which + 1, " push ", t, " of ", pushes.size());
                CHECK(with <= pushes.size() - t);
                raised += with > plain.evaluate(boxes.data(), normal);
                ++on_paths;
                if (t == pushes.size()) break;
                const Cell to = board.neighbor(pushes[t].box, pushes[t].dir);
                state::clear_box(boxes.data(), pushes[t].box);
                state::set_box(boxes.data(), to);
                player = pushes[t].box;
            }
        }
        // Random walks: never below the bound without patterns, and every
        // child scored incrementally equals a fresh evaluation.
        std::vector<uint64_t> boxes(board.words());
        state::initial_boxes(board, boxes.data());
        Cell player = board.initial_player();
        for (int step = 0; step < 16; ++step) {
            const Cell normal = area.compute(boxes.data(), player);
            const uint32_t without = plain.evaluate(boxes.data(), normal);
            const uint32_t with = fresh.evaluate(boxes.data(), normal);
            if (without == heuristic::dead) break;
            INFO("level ", which + 1, " step ", step, ":\n", testing::draw_state(board, boxes.data(), player));
            CHECK(with >= without);
            if (with == heuristic::dead) break;
            const std::vector<moves::Push> pushes =
                check_children(board, boxes, area, normal, incremental, fresh, children);
            if (pushes.empty()) break;
            const moves::Push push = pushes[rng() % pushes.size()];
            state::clear_box(boxes.data(), push.box);
            state::set_box(boxes.data(), board.neighbor(push.box, push.dir));
            player = push.box;
        }
    }
    MESSAGE(levels, " levels with ", patterns, " patterns of five: ", on_paths, " states on optimal solutions (", raised,
            " raised by the patterns), ", children, " children scored both ways");
    CHECK(levels > 0);
    CHECK(on_paths > 0);
    CHECK(children > 0);
}

TEST_CASE("five patterns: XSokoban 62's bound rises and stays below a 245-push solution's pushes all along") {
    // A push-optimal solution (245 pushes, 1398 moves) that hdasoko found
    // with the patterns of five; replayed here move by move.
    const std::string lurd =
        "urrddddrruurrrddlLLLLrrrrrrdDuullllllLulDDDldRRdrUlluuurrrruurrruRRdrddLLddrUluLuuurrdrddLruulul"
        "ldddLLLLLrruurrrurrdrddlLLLruulllddllLrrruurrrddlLLLLullDDDDDldRuuuuuurrdLulDDDDDuuuurrrruurrrur"
        "rdDrdLLLLLLLLLulDDDDldRRluuuurrrruurrrurrurDDurRdRluurDrrdrddllLddLLLrrrddlldlllllluluurUdlddrUd"
        "drrrrrrurruuuurrruululllllldddlddldLLddrrrrrrurruulllLrrrrddlUruuurrruulullllllddddddLLrruuuuuur"
        "rrrrrdrddlllddLLrruurrruulullllllddddddlUruuuuurrrrrrdrddlllddlddldlllllluuUdddrrrrrruruuruurrru"
        "ululllllldddddlUruuuurrrrrrdrddlllddllLrrruurrruulullllllddddlddrUrrrruuLLrrrrruululllllllldddlL"
        "LLLrruurrrurrrrrrrrdrddlllddlddldlllllluuuUddddrrrrrruruullllldLrurrrrrddldlllllluUUdrrurrrrrruu"
        "rrruululllllllldlllddllLrrruurrrddlLLLLrruurrrurrrrrrrrdrddlllddlllllldlluUddrrurrrrrruurrruulul"
        "llllllldlllddllullDDDDldRuuuuurrdLrrruurrrddlLLLruurrrurrdddLddrrrrruullLrrrddllllluuLrddrrrrruu"
        "lllLrrrrddlUruLLrrrrruululllllllldddLruulllddlLullDDDDuuuurrdLrrruurrrddlLLLruurrrurrdddLddrrrru"
        "ulLrrddlllluuLrddrrrruullLuuulldddLruulllddlLullDDDldRRluuuurrdLrrruurrrddlLLLruurrrurrdddLddrUl"
        "uLrdrdrrruullLuuulldddLruulllddlLullDDDldRuuuurrdLrrruurrrddlLLLruurrrurrdddLLLruulllddlLullDDDu"
        "uurrdLrrruurrrddlLLLLullDDuurrdLulDrrrrrddlUruLLrrddddlUUruullLLLrrrrrddlUruLLLLullDDDDDuuuuurrd"
        "LulDDDDuuurrrrrrrrrruurDldddrrruulLLLLLLLLLLLulDDDuurrrrruurrrurrrrrrDDuurrdrddllLLLLLLLLLLLLLLu"
        "lDDurrrrruurrrurrrrrrrrdLulDDurrrddllLLLLLLLLLLLLLLulD";
    const Board board(level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(61));
    const heuristic::Pdb pdb(board, heuristic::Pdb::default_memory_limit, 5);
    REQUIRE(pdb.available());
    REQUIRE(pdb.fives());
    CHECK(!pdb.fives()->patterns().empty());
    heuristic::Heuristic four(board, heuristic::Kind::pdb, &pdb, nullptr, 4), five(board, heuristic::Kind::pdb, &pdb, nullptr, 5);
    const int total = static_cast<int>(std::count_if(lurd.begin(), lurd.end(), [](char c) { return c >= 'A' && c <= 'Z'; }));
    REQUIRE(total == 245);
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    Cell player = board.initial_player();
    moves::Reachability area(board);
    int pushes = 0, raised = 0;
    auto check = [&] {
        const Cell normal = area.compute(boxes.data(), player);
        const uint32_t without = four.evaluate(boxes.data(), normal), with = five.evaluate(boxes.data(), normal);
        INFO("push ", pushes);
        CHECK(with >= without);
        CHECK(with <= static_cast<uint32_t>(total - pushes));
        raised += with > without;
        return with;
    };
    const uint32_t start = check();
    for (char m : lurd) {
        const int d = std::string("lurd").find(static_cast<char>(m | 32));
        REQUIRE(d >= 0);
        const Cell next = board.neighbor(player, d);
        REQUIRE(next != no_cell);
        if (state::has_box(boxes.data(), next)) {
            REQUIRE(m >= 'A');
            const Cell to = board.neighbor(next, d);
            REQUIRE(to != no_cell);
            REQUIRE_FALSE(state::has_box(boxes.data(), to));
            state::clear_box(boxes.data(), next);
            state::set_box(boxes.data(), to);
            player = next;
            ++pushes;
            check();
        } else {
            REQUIRE(m >= 'a');
            player = next;
        }
    }
    for (Cell g : board.goals()) CHECK(state::has_box(boxes.data(), g));
    MESSAGE("XSokoban 62: start bound ", start, " with patterns of five, ", raised, " of 246 states raised above groups of four");
    CHECK(raised > 0);
}

TEST_CASE("five patterns: a cancel leaves them out, and more threads find the same patterns") {
    const Board board(level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/xsokoban.xsb").at(61));
    const heuristic::Pdb pdb(board, heuristic::Pdb::default_memory_limit, 4);
    REQUIRE(pdb.group(4));
    std::atomic<bool> cancel{true};
    const heuristic::FivePatterns cut(board, pdb, heuristic::BuildStop{&cancel}, 2);
    CHECK(cut.patterns().empty());
    CHECK(cut.searches() == 0);
    const heuristic::FivePatterns one(board, pdb, {}, 1), two(board, pdb, {}, 2);
    REQUIRE(one.patterns().size() == two.patterns().size());
    CHECK(!one.patterns().empty());
    for (size_t i = 0; i < one.patterns().size(); ++i) {
        CHECK(std::equal(one.patterns()[i].box, one.patterns()[i].box + 5, two.patterns()[i].box));
        CHECK(one.patterns()[i].value == two.patterns()[i].value);
    }
    CHECK(one.searches() == two.searches());
}
