// The differential check of differential.hpp: a table of configurations,
// each run on the level and judged against the BFS answer.
#include "differential.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <stdexcept>

#include "heuristic/pdb.hpp"
#include "portfolio/portfolio.hpp"
#include "run/options.hpp"
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
           (pi_corral ? "" : " pi-corral=off") + (deadlock_search ? "" : " deadlock-search=off") +
           (penalties ? " penalties=on" : "") + " threads=" + std::to_string(threads);
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

// The same with option `name` of the option table (run/options.hpp) set to
// `value`, as the command line would set it; " name=value" added to the name.
Config with_option(Config c, const std::string& name, std::string value) {
    const run::Spec* spec = run::find_option(name);
    if (!spec || !spec->check(value).empty())
        throw std::invalid_argument("differential: no option --" + name + " " + value);
    return adjusted(std::move(c), " " + name + "=" + value, [spec, value](search::Options& o) {
        run::Settings settings;
        settings.search = o;
        spec->set(*spec, settings, value);
        o = settings.search;
    });
}

Config with_switch(Config c, const std::string& name, bool on) { return with_option(std::move(c), name, on ? "on" : "off"); }

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

// The last-layer behaviours (search/hda.hpp) that need a lag within the
// layer: 0, where auto is 0 on levels this small anyway.
Config with_lag_0(Config c, const std::string& name, bool on) {
    return with_switch(with_option(std::move(c), "hda-lag", "0"), name, on);
}

// The PDB bound's groups of up to 4 boxes and the patterns of five from the
// start (heuristic/group_pdb.hpp, five_patterns.hpp), or pairs only.
Config with_groups(Config c, bool on) {
    return with_option(with_option(std::move(c), "pdb-group", on ? "5" : "2"), "fives-after", "0");
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
            for (const char* lag : {"-1", "0", "layer"})
                for (int workers : {2, 3})
                    all.push_back(with_option(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers),
                                              "hda-lag", lag));
            for (int workers : {2, 3})
                all.push_back(
                    with_lag_0(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers), "local-dive", false));
            for (int workers : {2, 3})
                all.push_back(
                    with_lag_0(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers), "speculate", true));
            for (int workers : {2, 3})
                all.push_back(
                    with_switch(plain("hda", hda_family, 16, search::hda, Order::astar, kind, pi, workers), "handover", true));
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
                all.push_back(with_option(
                    plain("hda", perimeter_family, 4, search::hda, Order::astar, kind, true, workers), "perimeter",
                    std::to_string(states)));
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
        all.push_back(with_switch(plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1),
                                  "lazy-deadlock-search", false));
        for (int workers : {2, 3})
            all.push_back(
                with_switch(plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers),
                            "lazy-deadlock-search", false));
    }
    // Tunnel macros on and off (whichever is the default, both are run):
    // A* with and without PI-corrals and the deadlock search, HDA* with 2
    // and 3 workers, the any-solution orders.
    for (heuristic::Kind kind : kinds)
        for (bool tunnels : {true, false}) {
            for (bool pi : {true, false})
                all.push_back(with_switch(
                    plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1), "tunnels", tunnels));
            all.push_back(with_switch(
                plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1, false), "tunnels", tunnels));
            for (int workers : {2, 3})
                all.push_back(with_switch(
                    plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), "tunnels", tunnels));
            all.push_back(with_switch(
                plain("astar", any_family, 4, search::astar, Order::greedy, kind, true, 1), "tunnels", tunnels));
        }
    // Goal-room patterns, frozen-goal deadlocks and groups (up to four or
    // pairs only), each on and off (whichever is the default, both are run): A* with and without
    // PI-corrals and the deadlock search, HDA* with 2 and 3 workers.
    auto goal_patterns = [](Config c, bool on) { return with_switch(std::move(c), "goal-patterns", on); };
    auto frozen_goals = [](Config c, bool on) { return with_switch(std::move(c), "frozen-goals", on); };
    for (Config (*with)(Config, bool) : {+goal_patterns, +frozen_goals, with_groups})
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
    for (const char* tie : {"lifo", "goals"})
        for (heuristic::Kind kind : kinds) {
            all.push_back(with_option(plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1), "tie-break", tie));
            for (int workers : {2, 3})
                all.push_back(with_option(
                    plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), "tie-break", tie));
        }
    // Pair conflicts on and off (whichever is the default, both are run):
    // A* with and without PI-corrals and the deadlock search, HDA* with 2
    // and 3 workers and with hand-over.
    for (heuristic::Kind kind : kinds) {
        if (kind == heuristic::Kind::simple) continue;  // conflicts raise the matching kinds only
        for (bool on : {true, false}) {
            for (bool pi : {true, false})
                all.push_back(
                    with_switch(plain("astar", astar_family, 1, search::astar, Order::astar, kind, pi, 1), "conflicts", on));
            all.push_back(with_switch(
                plain("astar", astar_family, 1, search::astar, Order::astar, kind, true, 1, false), "conflicts", on));
            for (int workers : {2, 3})
                all.push_back(with_switch(
                    plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, workers), "conflicts", on));
            all.push_back(with_switch(
                with_switch(plain("hda", hda_family, 4, search::hda, Order::astar, kind, true, 2), "conflicts", on),
                "handover", true));
        }
    }
    all.push_back(with_option(
        plain("reverse", reverse_family, 1, search::reverse, Order::astar, heuristic::Kind::matching, true, 1),
        "tie-break", "goals"));
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
