// tests/search/optimality_test: the optimality cross-check. A plain
// breadth-first search over pushes, written here on the level's rows with its
// own move generator and no pruning at all, gives the optimal push count (or
// proves a level unsolvable) on small levels: Microban levels whose state
// space is small, and seeded random levels, solvable ones made by pulling
// boxes off their goals and others with boxes dropped anywhere. search::astar
// with each heuristic, with and without PI-corral pruning, must give exactly
// that count, and its solution must replay in the independent verifier with
// that many pushes. The PDB bounds (with PI-corral pruning) too: they are
// admissible but not consistent, which A* must survive by reopening; along
// each optimal solution their bound never exceeds the pushes left.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstdint>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "board/board.hpp"
#include "deadlock/subset_search.hpp"
#include "level/level.hpp"
#include "search/search.hpp"
#include "solution/solution.hpp"
#include "state/state.hpp"
#include "solution/verify.hpp"

using namespace hdasoko;

namespace {

// ---------------------------------------------------------------------------
// The reference: breadth-first search over pushes on a padded copy of the
// level's grid. A state is the sorted box squares and the smallest square of
// the player's area (row-major), so two states are equal exactly when the
// boxes are equal and the player can walk from one position to the other.

struct BfsAnswer {
    enum Kind { solved, unsolvable, too_large } kind = too_large;
    int pushes = -1;
    size_t states = 0;
};

class PushBfs {
public:
    explicit PushBfs(const level::Level& level) : w_(level.width + 2), h_(level.height + 2) {
        const int n = w_ * h_;
        wall_.assign(n, 1);
        goal_.assign(n, 0);
        int player = -1;
        std::vector<int> box_squares;
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x) {
                const char ch = level.at(x, y);
                const int s = (y + 1) * w_ + (x + 1);
                wall_[s] = ch == '#';
                if (ch == '@' || ch == '+') player = s;
            }
        // Only the squares the player reaches through floor and boxes take
        // part; a box on a goal walled off elsewhere never moves.
        std::vector<uint8_t> inside(n, 0);
        std::vector<int> stack{player};
        inside[player] = 1;
        while (!stack.empty()) {
            const int s = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int t = s + offset(d);
                if (!wall_[t] && !inside[t]) {
                    inside[t] = 1;
                    stack.push_back(t);
                }
            }
        }
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x) {
                const char ch = level.at(x, y);
                const int s = (y + 1) * w_ + (x + 1);
                if (!inside[s]) {
                    wall_[s] = 1;
                    continue;
                }
                goal_[s] = ch == '.' || ch == '*' || ch == '+';
                if (ch == '$' || ch == '*') boxes_.push_back(static_cast<uint16_t>(s));
            }
        player_ = player;
        occupied_.assign(n, 0);
        reached_.assign(n, 0);
    }

    BfsAnswer run(size_t max_states) {
        BfsAnswer answer;
        std::vector<uint16_t> boxes = boxes_;
        std::sort(boxes.begin(), boxes.end());
        for (uint16_t b : boxes) occupied_[b] = 1;
        const int start_player = area(player_);
        for (uint16_t b : boxes) occupied_[b] = 0;
        std::string start = key(boxes, start_player);
        std::unordered_set<std::string> seen{start};
        if (solved(boxes)) return {BfsAnswer::solved, 0, 1};
        std::vector<std::string> layer{start}, next;
        for (int depth = 1; !layer.empty(); ++depth) {
            next.clear();
            for (const std::string& k : layer) {
                decode(k, boxes);
                for (uint16_t b : boxes) occupied_[b] = 1;
                area(decode_player(k));
                std::vector<uint8_t> from = reached_;  // the parent's area
                for (size_t i = 0; i < boxes.size(); ++i) {
                    const int b = boxes[i];
                    for (int d = 0; d < 4; ++d) {
                        const int to = b + offset(d);
                        if (!from[b - offset(d)] || wall_[to] || occupied_[to]) continue;
                        std::vector<uint16_t> child = boxes;
                        child[i] = static_cast<uint16_t>(to);
                        std::sort(child.begin(), child.end());
                        occupied_[b] = 0;
                        occupied_[to] = 1;
                        const int player = area(b);
                        occupied_[to] = 0;
                        occupied_[b] = 1;
                        std::string child_key = key(child, player);
                        if (!seen.insert(child_key).second) continue;
                        if (solved(child)) return {BfsAnswer::solved, depth, seen.size()};
                        if (seen.size() > max_states) return {BfsAnswer::too_large, -1, seen.size()};
                        next.push_back(std::move(child_key));
                    }
                }
                for (uint16_t b : boxes) occupied_[b] = 0;
            }
            layer.swap(next);
        }
        answer.kind = BfsAnswer::unsolvable;
        answer.states = seen.size();
        return answer;
    }

private:
    int offset(int d) const { return d == 0 ? -1 : d == 1 ? -w_ : d == 2 ? 1 : w_; }

    // Marks the player's area from `from` in reached_; returns its smallest square.
    int area(int from) {
        std::fill(reached_.begin(), reached_.end(), 0);
        int smallest = from;
        std::vector<int> stack{from};
        reached_[from] = 1;
        while (!stack.empty()) {
            const int s = stack.back();
            stack.pop_back();
            smallest = std::min(smallest, s);
            for (int d = 0; d < 4; ++d) {
                const int t = s + offset(d);
                if (wall_[t] || occupied_[t] || reached_[t]) continue;
                reached_[t] = 1;
                stack.push_back(t);
            }
        }
        return smallest;
    }

    bool solved(const std::vector<uint16_t>& boxes) const {
        return std::all_of(boxes.begin(), boxes.end(), [&](uint16_t b) { return goal_[b]; });
    }

    static std::string key(const std::vector<uint16_t>& boxes, int player) {
        std::string k;
        for (uint16_t b : boxes) {
            k += static_cast<char>(b & 0xFF);
            k += static_cast<char>(b >> 8);
        }
        k += static_cast<char>(player & 0xFF);
        k += static_cast<char>(player >> 8);
        return k;
    }
    static uint16_t at(const std::string& k, size_t i) {
        return static_cast<uint16_t>(static_cast<uint8_t>(k[2 * i]) | static_cast<uint8_t>(k[2 * i + 1]) << 8);
    }
    static void decode(const std::string& k, std::vector<uint16_t>& boxes) {
        boxes.resize(k.size() / 2 - 1);
        for (size_t i = 0; i < boxes.size(); ++i) boxes[i] = at(k, i);
    }
    static int decode_player(const std::string& k) { return at(k, k.size() / 2 - 1); }

    int w_, h_;
    std::vector<uint8_t> wall_, goal_, occupied_, reached_;
    std::vector<uint16_t> boxes_;
    int player_ = -1;
};

BfsAnswer bfs(const level::Level& level, size_t max_states) { return PushBfs(level).run(max_states); }

level::Level level_of(const std::string& text, const std::string& name = "inline") {
    return level::parse_collection(text, name).at(0);
}

// ---------------------------------------------------------------------------
// Random small levels. Only mt19937_64's raw output is used (its sequence is
// fixed by the standard; the std distributions are not), so a seed names the
// same level everywhere.

class Rng {
public:
    explicit Rng(uint64_t seed) : engine_(seed) {}
    int below(int n) { return static_cast<int>(engine_() % static_cast<uint64_t>(n)); }

private:
    std::mt19937_64 engine_;
};

struct Grid {
    int w = 0, h = 0;  // with the border walls
    std::vector<char> sq;
    char& at(int s) { return sq[s]; }
    int offset(int d) const { return d == 0 ? -1 : d == 1 ? -w : d == 2 ? 1 : w; }
    std::string text() const {
        std::string out;
        for (int y = 0; y < h; ++y) {
            out.append(sq.begin() + y * w, sq.begin() + (y + 1) * w);
            out += '\n';
        }
        return out;
    }
};

// A room of random size and random inner walls, reduced to its largest
// connected floor area; empty when the floor is too small for `boxes`.
std::vector<int> random_room(Rng& rng, Grid& g, int boxes) {
    g.w = 2 + 3 + rng.below(6);
    g.h = 2 + 3 + rng.below(5);
    g.sq.assign(g.w * g.h, '#');
    for (int y = 1; y < g.h - 1; ++y)
        for (int x = 1; x < g.w - 1; ++x) g.sq[y * g.w + x] = rng.below(5) == 0 ? '#' : ' ';
    std::vector<int> best, component;
    std::vector<uint8_t> seen(g.sq.size(), 0);
    for (int s = 0; s < static_cast<int>(g.sq.size()); ++s) {
        if (g.sq[s] != ' ' || seen[s]) continue;
        component.assign(1, s);
        seen[s] = 1;
        for (size_t i = 0; i < component.size(); ++i)
            for (int d = 0; d < 4; ++d) {
                const int t = component[i] + g.offset(d);
                if (g.sq[t] == ' ' && !seen[t]) {
                    seen[t] = 1;
                    component.push_back(t);
                }
            }
        if (component.size() > best.size()) best = component;
    }
    std::vector<uint8_t> keep(g.sq.size(), 0);
    for (int s : best) keep[s] = 1;
    for (int s = 0; s < static_cast<int>(g.sq.size()); ++s)
        if (!keep[s]) g.sq[s] = '#';
    std::sort(best.begin(), best.end());
    if (static_cast<int>(best.size()) < boxes + 3) best.clear();
    return best;
}

// `count` distinct squares of `floor`.
std::vector<int> pick(Rng& rng, std::vector<int> floor, int count) {
    for (int i = 0; i < count; ++i) std::swap(floor[i], floor[i + rng.below(static_cast<int>(floor.size()) - i)]);
    floor.resize(count);
    return floor;
}

std::string draw(Grid g, const std::vector<int>& goals, const std::vector<int>& boxes, int player) {
    for (int s : goals) g.at(s) = '.';
    for (int s : boxes) g.at(s) = g.at(s) == '.' ? '*' : '$';
    g.at(player) = g.at(player) == '.' ? '+' : '@';
    return g.text();
}

// One try at a pulled level: false when no box could be pulled at all.
bool try_pulled_level(Rng& rng, std::string& text) {
    Grid g;
    const int box_count = 1 + rng.below(4);
    std::vector<int> floor;
    while ((floor = random_room(rng, g, box_count)).empty()) {
    }
    const std::vector<int> goals = pick(rng, floor, box_count);
    std::vector<int> boxes = goals;
    std::vector<uint8_t> box(g.sq.size(), 0);
    for (int b : boxes) box[b] = 1;
    std::vector<int> free;
    for (int s : floor)
        if (!box[s]) free.push_back(s);
    int player = free[rng.below(static_cast<int>(free.size()))];
    auto reachable = [&](int from) {
        std::vector<int> area{from};
        std::vector<uint8_t> mark(g.sq.size(), 0);
        mark[from] = 1;
        for (size_t i = 0; i < area.size(); ++i)
            for (int d = 0; d < 4; ++d) {
                const int t = area[i] + g.offset(d);
                if (g.sq[t] != '#' && !box[t] && !mark[t]) {
                    mark[t] = 1;
                    area.push_back(t);
                }
            }
        return std::pair{area, mark};
    };
    // Keep the configuration on the walk where the boxes are farthest from
    // the goals: a long random walk alone tends to wander back.
    auto spread = [&] {
        int total = 0;
        for (int b : boxes) {
            int nearest = g.w + g.h;
            for (int goal : goals)
                nearest = std::min(nearest, std::abs(b % g.w - goal % g.w) + std::abs(b / g.w - goal / g.w));
            total += nearest;
        }
        return total;
    };
    std::vector<int> best_boxes = boxes;
    int best_player = player, best_spread = 0;
    const int pulls = 10 + rng.below(100);
    for (int step = 0; step < pulls; ++step) {
        const auto [area, mark] = reachable(player);
        struct Pull {
            size_t box;
            int dir;
        };
        std::vector<Pull> options;
        for (size_t i = 0; i < boxes.size(); ++i)
            for (int d = 0; d < 4; ++d) {
                const int stand = boxes[i] + g.offset(d), back = stand + g.offset(d);
                if (mark[stand] && g.sq[back] != '#' && !box[back]) options.push_back({i, d});
            }
        if (options.empty()) break;
        const Pull pull = options[rng.below(static_cast<int>(options.size()))];
        const int stand = boxes[pull.box] + g.offset(pull.dir);
        box[boxes[pull.box]] = 0;
        box[stand] = 1;
        boxes[pull.box] = stand;
        player = stand + g.offset(pull.dir);
        if (spread() >= best_spread) {
            best_spread = spread();
            best_boxes = boxes;
            best_player = player;
        }
    }
    if (best_spread == 0) return false;
    boxes = best_boxes;
    std::fill(box.begin(), box.end(), 0);
    for (int b : boxes) box[b] = 1;
    const auto [area, mark] = reachable(best_player);
    player = area[rng.below(static_cast<int>(area.size()))];
    text = draw(g, goals, boxes, player);
    return true;
}

// Solvable by construction: boxes start on their goals and the player pulls
// them away at random; the pushes that undo the pulls solve the level. Rooms
// where no box could be pulled are drawn again.
std::string pulled_level(uint64_t seed) {
    Rng rng(seed);
    std::string text;
    while (!try_pulled_level(rng, text)) {
    }
    return text;
}

// Boxes dropped on random squares: often unsolvable.
std::string dropped_level(uint64_t seed) {
    Rng rng(seed);
    Grid g;
    const int box_count = 1 + rng.below(4);
    std::vector<int> floor;
    while ((floor = random_room(rng, g, box_count)).empty()) {
    }
    const std::vector<int> goals = pick(rng, floor, box_count);
    const std::vector<int> squares = pick(rng, floor, box_count + 1);
    const std::vector<int> boxes(squares.begin(), squares.end() - 1);
    return draw(g, goals, boxes, squares.back());
}

// ---------------------------------------------------------------------------

struct Tally {
    int checked = 0, solved = 0, unsolvable = 0, skipped = 0, with_entrance = 0;
    uint64_t pruned_subset = 0;  // children the cluster deadlock search pruned
};

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

// astar with simple and matching, with and without PI-corral pruning, with
// pdb and pdb-static, and with the cluster deadlock search on (matching, pdb)
// and off (every other), against the BFS answer; the caller's INFO names
// the level.
void check_against_bfs(const level::Level& level, const BfsAnswer& expected, Tally& tally) {
    REQUIRE(expected.kind != BfsAnswer::too_large);
    const board::Board board(level);
    struct Config {
        heuristic::Kind kind;
        bool pi_corral, deadlock_search;
    };
    using heuristic::Kind;
    for (const Config config : {Config{Kind::simple, true, false}, Config{Kind::matching, true, false},
                                Config{Kind::simple, false, false}, Config{Kind::matching, false, false},
                                Config{Kind::pdb, true, false}, Config{Kind::pdb_static, true, false},
                                Config{Kind::matching, true, true}, Config{Kind::pdb, true, true},
                                Config{Kind::matching, false, true}}) {
        const Kind kind = config.kind;
        const bool pi_corral = config.pi_corral;
        const std::string heuristic = heuristic::kind_name(kind);
        CAPTURE(heuristic);
        CAPTURE(pi_corral);
        CAPTURE(config.deadlock_search);
        search::Options options;
        options.heuristic = kind;
        options.pi_corral = pi_corral;
        options.deadlock_search = config.deadlock_search;
        const search::SearchResult result = search::astar(board, options);
        tally.pruned_subset += result.stats.pruned_subset;
        if (expected.kind == BfsAnswer::unsolvable) {
            CHECK_MESSAGE(result.outcome == search::Outcome::unsolvable, "astar: ", std::string(search::outcome_name(result.outcome)),
                          " with ", result.pushes.size(), " pushes; BFS: unsolvable");
            continue;
        }
        CHECK_MESSAGE(result.outcome == search::Outcome::solved, "astar: ", std::string(search::outcome_name(result.outcome)),
                      "; BFS: ", expected.pushes, " pushes");
        if (result.outcome != search::Outcome::solved) continue;
        CHECK(static_cast<int>(result.pushes.size()) == expected.pushes);
        CHECK(static_cast<int>(result.stats.initial_h) <= expected.pushes);
        if (search::uses_pdb(kind)) check_along(board, result.pushes, kind);
        if (!config.deadlock_search && kind == Kind::simple && pi_corral) check_alive_along(board, result.pushes);
        std::string lurd;
        CHECK_NOTHROW(lurd = solution::to_lurd(board, result.pushes));
        const solution::Verdict verdict = solution::verify(level, lurd);
        CHECK_MESSAGE(verdict.ok, verdict.error, " in ", lurd);
        CHECK(verdict.pushes == expected.pushes);
    }
    // The reverse (pull) and the bidirectional search: push-optimal in A*
    // order; their greedy order finds a solution no shorter; both prove
    // unsolvability.
    // The bidirectional A* also with two forward HDA* workers (3 threads).
    struct Other {
        const char* name;
        search::SearchResult (*run)(const board::Board&, const search::Options&);
        int threads;
    };
    for (const Other other : {Other{"reverse", search::reverse, 1}, Other{"bidirectional", search::bidirectional, 1},
                              Other{"bidirectional, 3 threads", search::bidirectional, 3}}) {
        for (search::Order order : {search::Order::astar, search::Order::greedy}) {
            CAPTURE(static_cast<int>(order));
            search::Options options;
            options.order = order;
            options.threads = other.threads;
            const search::SearchResult result = other.run(board, options);
            if (expected.kind == BfsAnswer::unsolvable) {
                CHECK_MESSAGE(result.outcome == search::Outcome::unsolvable, other.name, ": ",
                              std::string(search::outcome_name(result.outcome)));
                continue;
            }
            REQUIRE_MESSAGE(result.outcome == search::Outcome::solved, other.name, ": ",
                            std::string(search::outcome_name(result.outcome)), "; BFS: ", expected.pushes, " pushes");
            if (order == search::Order::astar) CHECK_MESSAGE(static_cast<int>(result.pushes.size()) == expected.pushes, other.name);
            else CHECK_MESSAGE(static_cast<int>(result.pushes.size()) >= expected.pushes, other.name);
            CHECK(static_cast<int>(result.stats.initial_h) <= expected.pushes);
            std::string lurd;
            CHECK_NOTHROW(lurd = solution::to_lurd(board, result.pushes));
            const solution::Verdict verdict = solution::verify(level, lurd);
            CHECK_MESSAGE(verdict.ok, other.name, ": ", verdict.error, " in ", lurd);
            CHECK(verdict.pushes == static_cast<int>(result.pushes.size()));
        }
    }
    ++tally.checked;
    tally.with_entrance += heuristic::Pdb(board).available();
    if (expected.kind == BfsAnswer::solved) ++tally.solved;
    else ++tally.unsolvable;
}

constexpr size_t microban_max_states = 100000;
constexpr size_t random_max_states = 200000;
constexpr int microban_wanted = 155;
constexpr int random_levels = 200;  // of each kind
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

TEST_CASE("optimality: astar's, reverse's and bidirectional's push counts equal plain BFS on at least 60 small levels") {
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
        check_against_bfs(level, expected, microban);
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
            check_against_bfs(level, expected, tally);
        }
    }
    MESSAGE("microban: ", microban.checked, " checked (", microban.unsolvable, " unsolvable), ", microban.skipped,
            " skipped; pulled: ", pulled.checked, " checked, ", pulled.skipped, " skipped; dropped: ", dropped.checked,
            " checked (", dropped.unsolvable, " unsolvable), ", dropped.skipped, " skipped; with an entrance (PDB): ",
            microban.with_entrance, " microban, ", pulled.with_entrance, " pulled, ", dropped.with_entrance,
            " dropped; pruned by the deadlock search: ", microban.pruned_subset, " microban, ", pulled.pruned_subset,
            " pulled, ", dropped.pruned_subset, " dropped");
    CHECK(microban.checked >= 30);
    CHECK(microban.pruned_subset + pulled.pruned_subset + dropped.pruned_subset >= 100);
    CHECK(pulled.checked >= 100);
    CHECK(dropped.unsolvable >= 10);
    CHECK(dropped.solved >= 10);
    CHECK(microban.with_entrance + pulled.with_entrance >= 50);
    REQUIRE(microban.checked + pulled.checked + dropped.checked >= 60);
}
