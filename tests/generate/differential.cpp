// The differential check of differential.hpp: a table of configurations,
// each run on the level and judged against the BFS answer.
#include "differential.hpp"

#include <algorithm>
#include <chrono>
#include <memory>

#include "heuristic/pdb.hpp"
#include "portfolio/portfolio.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

namespace hdasoko::generate {

namespace {

constexpr heuristic::Kind kinds[] = {heuristic::Kind::simple, heuristic::Kind::matching, heuristic::Kind::pdb,
                                     heuristic::Kind::pdb_static};

const char* order_name(search::Order order) {
    return order == search::Order::astar ? "astar" : order == search::Order::weighted ? "weighted" : "greedy";
}

std::string config_name(const char* search, search::Order order, heuristic::Kind kind, bool pi_corral,
                        int threads, bool deadlock_search, bool penalties) {
    return std::string(search) + " " + order_name(order) + " " + heuristic::kind_name(kind) +
           (pi_corral ? "" : " no-pi") + (deadlock_search ? "" : " no-deadlock-search") +
           (penalties ? " penalties" : "") + " threads=" + std::to_string(threads);
}

// A search function run with the base options changed as the config says.
using Distribution = search::Options::Distribution;
Config plain(const char* name, int family, int stride, search::SearchFunction f, search::Order order,
             heuristic::Kind kind, bool pi_corral, int threads, bool deadlock_search = true,
             bool penalties = false, Distribution distribution = Distribution::zobrist, int zone_cells = 8) {
    Config c;
    c.name = config_name(name, order, kind, pi_corral, threads, deadlock_search, penalties) +
             (distribution == Distribution::abstract ? " abstract zones=" + std::to_string(zone_cells) : "");
    c.family = family;
    c.stride = stride;
    c.optimal = order == search::Order::astar;
    c.run = [=](const board::Board& board, const search::Options& base) {
        search::Options o = base;
        o.order = order;
        o.heuristic = kind;
        o.pi_corral = pi_corral;
        o.deadlock_search = deadlock_search;
        o.penalties = penalties;
        o.threads = threads;
        o.distribution = distribution;
        o.zone_cells = zone_cells;
        return Answer{f(board, o), order == search::Order::astar};
    };
    return c;
}

// The same with `set` applied to the options, `suffix` added to the name.
template <class Set>
Config adjusted(Config c, const std::string& suffix, Set set) {
    c.name += suffix;
    c.run = [run = c.run, set](const board::Board& board, const search::Options& base) {
        search::Options o = base;
        set(o);
        return run(board, o);
    };
    return c;
}

// The same with a perimeter of at most `states` states (search/perimeter.hpp):
// small budgets end inside a layer, so held and missing states both count.
Config with_perimeter(Config c, size_t states) {
    return adjusted(std::move(c), " perimeter=" + std::to_string(states),
                    [states](search::Options& o) { o.perimeter_states = states; });
}

// The same with the cluster deadlock search run on every child when it is
// generated (Options::lazy_deadlock_search off; the default runs it on each pop).
Config eager_deadlock_search(Config c) {
    return adjusted(std::move(c), " eager-deadlock-search", [](search::Options& o) { o.lazy_deadlock_search = false; });
}

// The same with another last-layer lag than the default's (auto, which on
// levels this small is 0 throughout): 0 (wait while behind in h too), -1
// (never wait) or layer (wait only across f layers, what auto turns to).
Config with_lag(Config c, int lag) {
    const std::string name = lag == search::Options::hda_lag_layer ? "layer" : std::to_string(lag);
    return adjusted(std::move(c), " lag=" + name, [lag](search::Options& o) { o.hda_lag = lag; });
}

// The same with the default lag and ownership grown early: from the start
// (lag `layer`, a worker one layer behind expands early, abstract owners)
// or after `young` expansions below the best f, the owners moving then
// (search/hda.hpp), which on these small levels only this reaches.
Config grown(Config c, uint64_t young) {
    return adjusted(std::move(c), " grown after " + std::to_string(young), [young](search::Options& o) {
        o.hda_parallel_below = young;
        o.distribution = search::Options::Distribution::automatic;
    });
}

// The same with the last-layer lag and without the default local dives
// (search/hda.hpp): a child continuing the best line goes to its owner.
Config without_local_dive(Config c) {
    return adjusted(std::move(c), " no-local-dive", [](search::Options& o) {
        o.hda_lag = 0;
        o.hda_local_dive = false;
    });
}

// The same with the last-layer lag and speculation (search/hda.hpp): a
// worker behind the best node expands its own best on the second line.
Config with_speculation(Config c) {
    return adjusted(std::move(c), " speculate", [](search::Options& o) {
        o.hda_lag = 0;
        o.hda_speculate = true;
    });
}

// The same with hand-over (search/hda.hpp): a child continuing the best
// line goes to its owner when the owner has nothing in its f layer.
Config with_handover(Config c) {
    return adjusted(std::move(c), " handover", [](search::Options& o) { o.hda_handover = true; });
}

// The same with tunnel macros set on or off (search/expander.hpp), whatever
// the default.
Config with_tunnels(Config c, bool tunnels) {
    return adjusted(std::move(c), tunnels ? " tunnels" : " no-tunnels",
                    [tunnels](search::Options& o) { o.tunnels = tunnels; });
}

// The same with goal-room patterns set on or off (deadlock/goal_patterns.hpp).
Config with_goal_patterns(Config c, bool on) {
    return adjusted(std::move(c), on ? " goal-patterns" : " no-goal-patterns",
                    [on](search::Options& o) { o.goal_patterns = on; });
}

// The same with frozen-goal deadlocks set on or off (deadlock/frozen_goals.hpp).
Config with_frozen_goals(Config c, bool on) {
    return adjusted(std::move(c), on ? " frozen-goals" : " no-frozen-goals",
                    [on](search::Options& o) { o.frozen_goals = on; });
}

// The same with the PDB bound's groups of up to 4 boxes and the patterns of
// five (heuristic/group_pdb.hpp, five_patterns.hpp) or pairs only.
Config with_groups(Config c, bool on) {
    return adjusted(std::move(c), on ? " pdb-group=5" : " pdb-group=2",
                    [on](search::Options& o) {
                        o.pdb_group = on ? 5 : 2;
                        o.fives_after = 0;  // the patterns from the start
                    });
}

// The same with another order among equal f and h (search::TieBreak).
Config with_tie_break(Config c, search::TieBreak tie) {
    const char* name = tie == search::TieBreak::lifo ? " tie=lifo" : tie == search::TieBreak::goals ? " tie=goals" : " tie=plan";
    return adjusted(std::move(c), name, [tie](search::Options& o) { o.tie_break = tie; });
}

// The same with pair conflicts set on or off (heuristic/pair_conflicts.hpp),
// whatever the default.
Config with_conflicts(Config c, bool on) {
    return adjusted(std::move(c), on ? " conflicts" : " no-conflicts", [on](search::Options& o) { o.pair_conflicts = on; });
}

// A portfolio race; `proves`: its answers must be proven optimal (by
// default whenever the mode is optimal).
Config race(const std::string& spec, portfolio::Mode mode, int family, int stride, bool proves = true) {
    constexpr int threads = 3;
    Config c;
    c.name = "portfolio " + spec + (mode == portfolio::Mode::optimal ? " optimal" : " any") +
             " threads=" + std::to_string(threads);
    c.family = family;
    c.stride = stride;
    c.optimal = proves && mode == portfolio::Mode::optimal;
    c.run = [=](const board::Board& board, const search::Options& base) {
        std::string error;
        auto members = portfolio::portfolio_members(spec, mode, base, threads, error);
        if (members.empty()) return Answer{};  // judged as a disagreement: outcome unsolvable, no proof
        portfolio::PortfolioResult r = portfolio::race(board, std::move(members), mode, base.limits);
        return Answer{std::move(r.result), r.optimal};
    };
    return c;
}

std::vector<Config> make_configs() {
    using search::Order;
    enum Family {
        astar_family,
        hda_family,
        bidir_family,
        any_family,
        reverse_family,
        member_family,
        default_family,
        perimeter_family
    };
    std::vector<Config> all;
    for (heuristic::Kind kind : kinds)
        for (bool pi : {true, false}) {
            all.push_back(plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1));
            all.push_back(plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1, false));
            for (int workers : {1, 2, 3, 8})
                all.push_back(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers));
            for (int lag : {-1, 0, search::Options::hda_lag_layer})
                for (int workers : {2, 3})
                    all.push_back(
                        with_lag(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers), lag));
            for (int workers : {2, 3})
                all.push_back(
                    without_local_dive(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers)));
            for (int workers : {2, 3})
                all.push_back(
                    with_speculation(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers)));
            for (int workers : {2, 3})
                all.push_back(
                    with_handover(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers)));
            for (uint64_t young : {0, 40})
                for (int workers : {2, 3})
                    all.push_back(grown(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers), young));
            // Abstract Zobrist ownership (board/abstract_zobrist.cpp), small and large zones.
            for (int zone_cells : {2, 8})
                all.push_back(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, 3, true, false,
                                    Distribution::abstract, zone_cells));
            for (int threads : {1, 2, 3})
                all.push_back(plain("bidirectional", bidir_family, 12, search::bidirectional, Order::astar, kind, pi,
                                    threads));
        }
    for (heuristic::Kind kind : {heuristic::Kind::matching, heuristic::Kind::pdb})
        for (int workers : {1, 2})
            for (size_t states : {20, 300, 5000})
                all.push_back(with_perimeter(
                    plain("hda", perimeter_family, 4, search::hda, Order::astar, kind, true, workers), states));
    // Penalty patterns on (the configurations above run with them off),
    // with and without the cluster deadlock search that would otherwise
    // prune most of the states a pattern calls infinite.
    for (heuristic::Kind kind : kinds)
        for (bool deadlock_search : {true, false}) {
            all.push_back(plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1, deadlock_search,
                                true));
            all.push_back(plain("hda", hda_family, 16, search::hda, Order::astar, kind, true, 2, deadlock_search, true));
        }
    // The deadlock search on each child (the configurations above run it on each pop).
    for (heuristic::Kind kind : kinds) {
        all.push_back(eager_deadlock_search(plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1)));
        for (int workers : {2, 3})
            all.push_back(
                eager_deadlock_search(plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers)));
    }
    // Tunnel macros on and off (whichever is the default, both are run):
    // A* with and without PI-corrals and the deadlock search, HDA* with 2
    // and 3 workers, the any-solution orders.
    for (heuristic::Kind kind : kinds)
        for (bool tunnels : {true, false}) {
            for (bool pi : {true, false})
                all.push_back(with_tunnels(
                    plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1), tunnels));
            all.push_back(with_tunnels(
                plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1, false), tunnels));
            for (int workers : {2, 3})
                all.push_back(with_tunnels(
                    plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), tunnels));
            all.push_back(with_tunnels(
                plain("astar", any_family, 4, search::astar, Order::greedy, kind, true, 1), tunnels));
        }
    // Goal-room patterns, frozen-goal deadlocks and groups (up to four or
    // pairs only), each on and off (whichever is the default, both are run): A* with and without
    // PI-corrals and the deadlock search, HDA* with 2 and 3 workers.
    for (Config (*with)(Config, bool) : {with_goal_patterns, with_frozen_goals, with_groups})
        for (heuristic::Kind kind : kinds)
            for (bool on : {true, false}) {
                for (bool pi : {true, false})
                    all.push_back(with(plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1), on));
                all.push_back(
                    with(plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1, false), on));
                for (int workers : {2, 3})
                    all.push_back(
                        with(plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), on));
            }
    // The tie-breaks other than the default (search/hda.hpp tie(); the
    // configurations above run with the default, plan): A*, HDA* with 2
    // and 3 workers, the reverse A* (goals).
    for (search::TieBreak tie : {search::TieBreak::lifo, search::TieBreak::goals})
        for (heuristic::Kind kind : kinds) {
            all.push_back(with_tie_break(plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1), tie));
            for (int workers : {2, 3})
                all.push_back(with_tie_break(
                    plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), tie));
        }
    // Pair conflicts on and off (whichever is the default, both are run):
    // A* with and without PI-corrals and the deadlock search, HDA* with 2
    // and 3 workers and with hand-over.
    for (heuristic::Kind kind : kinds) {
        if (kind == heuristic::Kind::simple) continue;  // conflicts raise the matching kinds only
        for (bool on : {true, false}) {
            for (bool pi : {true, false})
                all.push_back(
                    with_conflicts(plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1), on));
            all.push_back(with_conflicts(
                plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1, false), on));
            for (int workers : {2, 3})
                all.push_back(with_conflicts(
                    plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), on));
            all.push_back(with_handover(
                with_conflicts(plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, 2), on)));
        }
    }
    all.push_back(with_tie_break(
        plain("reverse", reverse_family, 1, search::reverse, Order::astar, heuristic::Kind::matching, true, 1),
        search::TieBreak::goals));
    for (heuristic::Kind kind : kinds)
        for (Order order : {Order::weighted, Order::greedy})
            all.push_back(plain("astar", any_family, 4, search::astar, order, kind, true, 1));
    for (Order order : {Order::astar, Order::weighted, Order::greedy})
        all.push_back(plain("reverse", reverse_family, 1, search::reverse, order, heuristic::Kind::matching, true, 1));
    for (Order order : {Order::weighted, Order::greedy})
        all.push_back(plain("bidirectional", reverse_family, 1, search::bidirectional, order,
                            heuristic::Kind::matching, true, 2));
    const auto names = portfolio::member_names();
    for (const auto& [name, what] : names) {
        std::string error;
        search::Options base;
        // Read beside greedy: an improver alone is refused.
        const auto members = portfolio::portfolio_members("greedy," + name, portfolio::Mode::optimal, base, 2, error);
        const bool optimal = members.size() == 2 && members.back().optimal;
        // The improver improves another member's solution: greedy's, in
        // optimal mode so that the race waits for it (not proven: no prover).
        if (members.size() == 2 && members.back().improver)
            all.push_back(race("greedy," + name, portfolio::Mode::optimal, member_family, static_cast<int>(names.size()),
                               false));
        else
            all.push_back(race(name, optimal ? portfolio::Mode::optimal : portfolio::Mode::any, member_family,
                               static_cast<int>(names.size())));
    }
    all.push_back(race("default", portfolio::Mode::optimal, default_family, 2));
    all.push_back(race("default", portfolio::Mode::any, default_family, 2));
    return all;
}

}  // namespace

const std::vector<Config>& configs() {
    static const std::vector<Config> all = make_configs();
    return all;
}

std::vector<std::string> judge(const level::Level& level, const board::Board& board, const BfsAnswer& expected,
                               const Config& config, const Answer& answer, bool limits_allowed) {
    std::vector<std::string> out;
    auto fail = [&](const std::string& what) { out.push_back(config.name + ": " + what); };
    const search::SearchResult& result = answer.result;
    const std::string got = search::outcome_name(result.outcome);
    const bool limit = result.outcome == search::Outcome::time_limit ||
                       result.outcome == search::Outcome::node_limit ||
                       result.outcome == search::Outcome::memory_limit;
    if (limit && limits_allowed) return out;
    const std::string bfs_pushes = std::to_string(expected.pushes);
    if (expected.kind == BfsAnswer::unsolvable) {
        if (result.outcome != search::Outcome::unsolvable)
            fail(got + " with " + std::to_string(result.pushes.size()) + " pushes; BFS: unsolvable");
        return out;
    }
    if (result.outcome == search::Outcome::unsolvable && expected.kind == BfsAnswer::solved)
        fail("unsolvable; BFS: " + bfs_pushes + " pushes");
    if (result.outcome != search::Outcome::solved) {
        if (result.outcome != search::Outcome::unsolvable && expected.kind == BfsAnswer::solved)
            fail(got + "; BFS: " + bfs_pushes + " pushes");
        return out;
    }
    const int pushes = static_cast<int>(result.pushes.size());
    if (expected.kind == BfsAnswer::solved) {
        if (config.optimal && pushes != expected.pushes) fail(std::to_string(pushes) + " pushes; BFS: " + bfs_pushes);
        if (!config.optimal && pushes < expected.pushes)
            fail(std::to_string(pushes) + " pushes, fewer than BFS's " + bfs_pushes);
        if (config.optimal && static_cast<int>(result.stats.initial_h) > expected.pushes)
            fail("initial bound " + std::to_string(result.stats.initial_h) + " above BFS's " + bfs_pushes);
    }
    if (config.optimal && !answer.proven_optimal) fail("solution not reported as proven optimal");
    std::string lurd;
    try {
        lurd = solution::to_lurd(board, result.pushes);
    } catch (const std::exception& e) {
        fail(std::string("reconstruction failed: ") + e.what());
        return out;
    }
    const solution::Verdict verdict = solution::verify(level, lurd);
    if (!verdict.ok) fail("verifier rejected " + lurd + ": " + verdict.error);
    else if (verdict.pushes != pushes)
        fail("verifier counted " + std::to_string(verdict.pushes) + " pushes, the search " + std::to_string(pushes));
    return out;
}

std::vector<std::pair<double, std::string>> slowest(const std::vector<double>& seconds, size_t n) {
    std::vector<std::pair<double, std::string>> all;
    for (size_t i = 0; i < seconds.size() && i < configs().size(); ++i) all.emplace_back(seconds[i], configs()[i].name);
    std::sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
    all.resize(std::min(n, all.size()));
    return all;
}

std::vector<std::string> differential(const level::Level& level, const BfsAnswer& expected, Coverage coverage,
                                      uint64_t salt, DifferentialCount& count) {
    std::vector<std::string> out;
    if (expected.kind == BfsAnswer::too_large) return out;
    const board::Board board(level);
    search::Options base;
    // Shared by every PDB run, as the command does; with every group size
    // and the patterns of five, each configuration reading those up to its
    // pdb_group.
    base.pdb = std::make_shared<const heuristic::Pdb>(board, heuristic::Pdb::default_memory_limit, 5);
    std::vector<uint64_t> seen;  // configurations of each family so far
    uint64_t macros = 0;
    count.seconds.resize(configs().size(), 0.0);
    for (size_t i = 0; i < configs().size(); ++i) {
        const Config& config = configs()[i];
        if (seen.size() <= static_cast<size_t>(config.family)) seen.resize(config.family + 1, 0);
        const uint64_t index = seen[config.family]++;
        if (coverage == Coverage::rotating && (index + salt) % config.stride != 0) continue;
        ++count.searches;
        const auto start = std::chrono::steady_clock::now();
        const Answer answer = config.run(board, base);
        count.seconds[i] += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        macros += answer.result.stats.tunnel_macros;
        for (std::string& d : judge(level, board, expected, config, answer, false)) out.push_back(std::move(d));
    }
    count.tunnel_macros += macros;
    if (macros) ++count.levels_with_tunnel_macros;
    return out;
}

}  // namespace hdasoko::generate
