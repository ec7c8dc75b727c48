// tests/heuristic/triple_pdb_test: the three-box pattern database
// (heuristic/triple_pdb.hpp). Its value of a triple equals its definition
// computed afresh by a forward search over the three boxes alone (pushes
// until the first reaches the entrance plus the pair database's value of
// the other two) on seeded random levels; along random walks the PDB bound
// with triples, fresh and incremental, never exceeds the BFS optimum, never
// falls below the bound without them, and rises above it somewhere.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/position.hpp"
#include "generate/level_generator.hpp"
#include "generate/push_bfs.hpp"
#include "heuristic/heuristic.hpp"
#include "heuristic/pdb.hpp"
#include "heuristic/triple_pdb.hpp"
#include "instrumented.hpp"
#include "level/level.hpp"
#include "moves/moves.hpp"
#include "state/state.hpp"

using namespace hdasoko;
using board::Board;
using board::Cell;
using board::no_cell;
using board::unreachable;

namespace {

// The smallest square the player reaches from p with boxes on `boxes`
// (the three-box level: every other box removed).
Cell normalized(const Board& board, const std::array<Cell, 3>& boxes, Cell p) {
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

bool reaches(const Board& board, const std::array<Cell, 3>& boxes, Cell from, Cell to) {
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

// The definition of T, by breadth-first search forward from the three boxes
// with the player on p: the least, over push sequences that keep every box
// on maze squares until one is pushed onto the entrance, of the pushes so
// far plus the pair database's value of the other two with the player where
// that push left it.
uint32_t defined_value(const Board& board, const heuristic::Pdb& pdb, std::array<Cell, 3> boxes, Cell p) {
    const Cell v = pdb.zone().entrance();
    std::map<std::array<Cell, 4>, int> seen;
    std::sort(boxes.begin(), boxes.end());
    std::vector<std::pair<std::array<Cell, 3>, Cell>> layer{{boxes, normalized(board, boxes, p)}};
    seen[{boxes[0], boxes[1], boxes[2], layer[0].second}] = 0;
    uint32_t best = unreachable;
    for (int g = 0; !layer.empty() && static_cast<uint32_t>(g) < best; ++g) {
        std::vector<std::pair<std::array<Cell, 3>, Cell>> next;
        for (const auto& [b, player] : layer)
            for (int which = 0; which < 3; ++which)
                for (int d = 0; d < 4; ++d) {
                    const Cell behind = board.neighbor(b[which], board::opposite(d));
                    const Cell to = board.neighbor(b[which], d);
                    if (behind == no_cell || to == no_cell || !reaches(board, b, player, behind)) continue;
                    if (to == b[(which + 1) % 3] || to == b[(which + 2) % 3]) continue;
                    if (to == v) {
                        const uint16_t rest = pdb.pair(b[(which + 1) % 3], b[(which + 2) % 3], b[which]);
                        if (rest != unreachable) best = std::min<uint32_t>(best, g + 1 + rest);
                        continue;
                    }
                    if (!pdb.in_maze(to)) continue;
                    std::array<Cell, 3> c = b;
                    c[which] = to;
                    std::sort(c.begin(), c.end());
                    const Cell q = normalized(board, c, b[which]);
                    if (seen.emplace(std::array<Cell, 4>{c[0], c[1], c[2], q}, g + 1).second) next.push_back({c, q});
                }
        layer = std::move(next);
    }
    return best;
}

// Microban's levels (small, many with an entrance), then seeded random ones.
std::vector<level::Level> test_levels() {
    std::vector<level::Level> out = level::load_collection(std::string(HDASOKO_SOURCE_DIR) + "/levels/microban.xsb");
    for (uint64_t seed = 1; seed <= 100; ++seed)
        out.push_back(level::parse_collection(generate::pulled_level(seed), "pulled").at(0));
    return out;
}

generate::BfsAnswer exact(const std::string& text) {
    return generate::bfs(level::parse_collection(text, "inline").at(0), 50000);
}

}  // namespace

TEST_CASE("triple pdb: a triple's value is its definition, searched forward over the three boxes alone") {
    std::mt19937_64 rng(34);
    int checked = 0, above_pairs = 0, levels = 0;
    const std::vector<level::Level> all = test_levels();
    for (size_t which = 0; which < all.size(); ++which) {
        const Board board(all[which]);
        const heuristic::Pdb pdb(board);
        if (!pdb.available() || !pdb.triples()) continue;
        const heuristic::TriplePdb& triples = *pdb.triples();
        std::vector<Cell> maze;
        for (Cell c = 0; c < board.cells(); ++c)
            if (pdb.in_maze(c)) maze.push_back(c);
        ++levels;
        for (int sample = 0; sample < 12; ++sample) {
            // Three squares near each other (where triples interact).
            std::array<Cell, 3> b{};
            b[0] = maze[rng() % maze.size()];
            for (int i = 1; i < 3; ++i) {
                std::vector<Cell> near;
                for (Cell c : maze)
                    if (std::abs(board.x(c) - board.x(b[0])) + std::abs(board.y(c) - board.y(b[0])) <= 3) near.push_back(c);
                b[i] = near[rng() % near.size()];
            }
            if (b[0] == b[1] || b[0] == b[2] || b[1] == b[2]) continue;
            Cell p = static_cast<Cell>(rng() % board.cells());
            if (p == b[0] || p == b[1] || p == b[2]) continue;
            const uint16_t value = triples.triple(b[0], b[1], b[2], p);
            INFO("level ", which + 1, " boxes ", b[0], " ", b[1], " ", b[2], " player ", p);
            CHECK(value == defined_value(board, pdb, b, p));
            if (value != unreachable) {
                const int sa = pdb.single(b[0], p), sb = pdb.single(b[1], p), sc = pdb.single(b[2], p);
                above_pairs += value > std::max({sa + sb + sc, pdb.pair(b[0], b[1], p) + sc,
                                                 pdb.pair(b[0], b[2], p) + sb, pdb.pair(b[1], b[2], p) + sa});
            }
            ++checked;
        }
    }
    MESSAGE(checked, " triples on ", levels, " levels, ", above_pairs, " above their pairs");
    CHECK(checked >= 300);
    CHECK(above_pairs > 0);
}

TEST_CASE("triple pdb: along random walks the PDB bound with triples stays admissible and rises somewhere") {
    std::mt19937_64 rng(35);
    int checked = 0, raised = 0;
    const std::vector<level::Level> all = test_levels();
    // Instrumented builds (tests/instrumented.hpp) walk every third level.
    for (size_t which = 0; which < all.size(); which += testing::instrumented ? 3 : 1) {
        const Board board(all[which]);
        const heuristic::Pdb pdb(board);
        if (!pdb.available() || !pdb.triples()) continue;
        heuristic::Heuristic plain(board, heuristic::Kind::pdb, &pdb), fresh(board, heuristic::Kind::pdb, &pdb, nullptr, true),
            incremental(board, heuristic::Kind::pdb, &pdb, nullptr, true);
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
            INFO("level ", which + 1, " step ", step, ":\n", text);
            CHECK(with >= without);
            const generate::BfsAnswer a = exact(text);
            if (a.kind != generate::BfsAnswer::too_large) {
                if (with == heuristic::dead) CHECK(a.kind == generate::BfsAnswer::unsolvable);
                else if (a.kind == generate::BfsAnswer::solved) CHECK(with <= static_cast<uint32_t>(a.pushes));
                raised += with > without;
                ++checked;
            }
            if (with == heuristic::dead) break;
            // Every child scored incrementally from this parent equals a
            // fresh evaluation with triples.
            std::vector<moves::Push> pushes;
            moves::for_each_push(board, boxes.data(), area, [&](const moves::Push& push) { pushes.push_back(push); });
            incremental.set_parent(boxes.data(), normal);
            for (const moves::Push& push : pushes) {
                const Cell to = board.neighbor(push.box, push.dir);
                if (board.is_dead(to)) continue;
                std::vector<uint64_t> child = boxes;
                state::clear_box(child.data(), push.box);
                state::set_box(child.data(), to);
                moves::Reachability child_area(board);
                const Cell child_player = child_area.compute(child.data(), push.box);
                CHECK(incremental.evaluate_push(push.box, to, child_player) ==
                      fresh.evaluate(child.data(), child_player));
            }
            if (pushes.empty()) break;
            const moves::Push push = pushes[rng() % pushes.size()];
            state::clear_box(boxes.data(), push.box);
            state::set_box(boxes.data(), board.neighbor(push.box, push.dir));
            player = push.box;
        }
    }
    MESSAGE(checked, " states checked against BFS, ", raised, " raised by triples");
    CHECK(checked > (testing::instrumented ? 50 : 150));
    CHECK(raised > 0);
}
