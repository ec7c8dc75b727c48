#include "run/options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace hdasoko::run {

const char* algorithm_name(Algorithm algorithm) {
    switch (algorithm) {
        case Algorithm::portfolio: return "portfolio";
        case Algorithm::astar: return "astar";
        case Algorithm::hda: return "hda";
        case Algorithm::metric: return "metric";
        case Algorithm::distributed: return "distributed";
    }
    return "?";
}

Algorithm Settings::algorithm() const {
    if (metric) return Algorithm::metric;
    // --search or --heuristic alone ask for one search; the rest races.
    const bool alone = portfolio.empty() && mode == portfolio::Mode::optimal && (lone || heuristic);
    return alone ? lone.value_or(Algorithm::hda) : Algorithm::portfolio;
}

bool Settings::minimize_moves() const {
    return !metric && portfolio.empty() && !lone && !heuristic && mode == portfolio::Mode::optimal;
}

std::string Settings::members() const { return portfolio.empty() ? "default" : portfolio; }

search::Options Settings::resolved(unsigned hardware_threads, uint64_t physical_bytes) const {
    search::Options o = search;
    o.heuristic = heuristic.value_or(heuristic::Kind::matching);
    o.threads = threads > 0 ? threads : static_cast<int>(std::max(1u, hardware_threads));
    o.limits.memory_limit_bytes =
        memory_limit_mb > 0 ? static_cast<uint64_t>(memory_limit_mb * 1048576.0) : physical_bytes / 4 * 3;
    return o;
}

namespace {

// Numbers as the command line writes them: whole numbers plainly, others
// with up to three decimals.
std::string number_text(double v) {
    if (v == std::floor(v) && std::fabs(v) <= 1e18) return std::to_string(static_cast<long long>(v));
    std::ostringstream out;
    out << v;
    return out.str();
}

bool parse_number(std::string_view text, double& value) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && std::isfinite(value);
}

std::string out_of_range(const Spec& spec) {
    return "must be " + std::string(spec.type == Type::integer ? "a whole number" : "a number") + " from " +
           number_text(spec.min) + " to " + number_text(spec.max);
}

Spec entry(std::string name, Type type) {
    Spec s;
    s.name = std::move(name);
    s.type = type;
    return s;
}

// The builders below make an entry from an accessor: a capture-free lambda
// returning a reference to the value inside Settings. It is default
// constructed where it is used, so that get and set stay plain functions.

template <class T>
struct Unwrap {
    using type = T;
    static constexpr bool optional = false;
};
template <class T>
struct Unwrap<std::optional<T>> {
    using type = T;
    static constexpr bool optional = true;
};

// An on/off option; on a std::optional<bool> unset is "auto", the
// search's own choice.
template <class A>
Spec on_off(std::string name, A, std::string help, std::string readers, unsigned scope = Scope::searches,
            bool technique = false) {
    Spec s = entry(std::move(name), Type::on_off);
    s.help = std::move(help), s.readers = std::move(readers), s.scope = scope, s.technique = technique;
    using V = std::remove_reference_t<decltype(A{}(std::declval<Settings&>()))>;
    s.get = [](const Spec&, const Settings& settings) -> std::string {
        const V& v = A{}(const_cast<Settings&>(settings));
        if constexpr (Unwrap<V>::optional) {
            if (!v) return "auto";
            return *v ? "on" : "off";
        } else {
            return v ? "on" : "off";
        }
    };
    s.set = [](const Spec&, Settings& settings, std::string_view text) -> std::string {
        if constexpr (Unwrap<V>::optional) {
            if (text == "auto") {
                A{}(settings).reset();
                return {};
            }
        }
        if (text != "on" && text != "off") return Unwrap<V>::optional ? "must be on, off or auto" : "must be on or off";
        A{}(settings) = text == "on";
        return {};
    };
    return s;
}

template <class A>
Spec number(std::string name, Type type, A, double min, double max, std::string unit, std::string help,
            std::string readers, unsigned scope = Scope::searches) {
    Spec s = entry(std::move(name), type);
    s.unit = std::move(unit), s.min = min, s.max = max;
    s.help = std::move(help), s.readers = std::move(readers), s.scope = scope;
    using V = std::remove_reference_t<decltype(A{}(std::declval<Settings&>()))>;
    s.get = [](const Spec&, const Settings& settings) -> std::string {
        const V v = A{}(const_cast<Settings&>(settings));
        if constexpr (std::is_integral_v<V>) return std::to_string(v);
        else return number_text(v);
    };
    s.set = [](const Spec& spec, Settings& settings, std::string_view text) -> std::string {
        V v{};
        const char* end = text.data() + text.size();
        const auto [ptr, ec] = std::from_chars(text.data(), end, v);
        if (ec != std::errc() || ptr != end || !(v >= spec.min && v <= spec.max)) return out_of_range(spec);
        A{}(settings) = v;
        return {};
    };
    return s;
}

// A choice among the values of an enum (or an optional one: unset is ""),
// named in the enum's order from the value `first`.
template <class A>
Spec choice(std::string name, A, std::vector<std::string> names, std::string help, std::string readers,
            unsigned scope = Scope::searches, int first = 0) {
    Spec s = entry(std::move(name), Type::choice);
    s.choices = std::move(names), s.first = first;
    s.help = std::move(help), s.readers = std::move(readers), s.scope = scope;
    using V = std::remove_reference_t<decltype(A{}(std::declval<Settings&>()))>;
    s.get = [](const Spec& spec, const Settings& settings) -> std::string {
        const V& v = A{}(const_cast<Settings&>(settings));
        if constexpr (Unwrap<V>::optional) {
            if (!v) return "";
            return spec.choices.at(static_cast<int>(*v) - spec.first);
        } else {
            return spec.choices.at(static_cast<int>(v) - spec.first);
        }
    };
    s.set = [](const Spec& spec, Settings& settings, std::string_view text) -> std::string {
        const auto at = std::find(spec.choices.begin(), spec.choices.end(), text);
        if (at == spec.choices.end()) return "must be one of " + spec.value_name();
        A{}(settings) = static_cast<typename Unwrap<V>::type>(spec.first + (at - spec.choices.begin()));
        return {};
    };
    return s;
}

template <class A>
Spec text(std::string name, A, std::string help, std::string readers, unsigned scope) {
    Spec s = entry(std::move(name), Type::text);
    s.help = std::move(help), s.readers = std::move(readers), s.scope = scope;
    s.get = [](const Spec&, const Settings& settings) -> std::string { return A{}(const_cast<Settings&>(settings)); };
    s.set = [](const Spec&, Settings& settings, std::string_view v) -> std::string {
        A{}(settings) = std::string(v);
        return {};
    };
    return s;
}

// --hda-lag: auto, layer, or pushes of h from -1 (never wait) to 1000.
Spec hda_lag() {
    Spec s = entry("hda-lag", Type::text);
    s.help =
        "HDA*: a worker more than N pushes of h behind the best open node of its f layer, or in a higher "
        "layer, waits; layer: only across layers; auto: 0 while the search is young, then layer; -1: never";
    s.readers = "HDA*";
    s.choices = {"auto", "layer", "-1..1000"};
    using Lag = search::Options::Lag;
    s.get = [](const Spec&, const Settings& settings) -> std::string {
        const Lag& lag = settings.search.hda_lag;
        switch (lag.mode) {
            case Lag::Mode::automatic: return "auto";
            case Lag::Mode::layer: return "layer";
            case Lag::Mode::never: return "-1";
            case Lag::Mode::within: return std::to_string(lag.pushes);
        }
        return "";
    };
    s.set = [](const Spec&, Settings& settings, std::string_view text) -> std::string {
        double v = 0;
        if (text == "auto") settings.search.hda_lag = Lag{Lag::Mode::automatic};
        else if (text == "layer") settings.search.hda_lag = Lag{Lag::Mode::layer};
        else if (text == "-1") settings.search.hda_lag = Lag{Lag::Mode::never};
        else if (parse_number(text, v) && v == std::floor(v) && v >= 0 && v <= 1000)
            settings.search.hda_lag = Lag::within_layer(static_cast<int>(v));
        else return "must be auto, layer or a whole number from -1 to 1000";
        return {};
    };
    return s;
}

std::string member_help() {
    std::string help = "race these members: default (the mode's own) or names separated by commas:";
    for (const auto& [name, what] : portfolio::member_names()) help += " " + name + ",";
    help.pop_back();
    return help;
}

#define ACCESS(expr) [](Settings& s) -> auto& { return s.expr; }

std::vector<Spec> make_table() {
    using T = Type;
    std::vector<Spec> t;
    // How a level is searched.
    t.push_back(choice("mode", ACCESS(mode), {"optimal", "any"},
                       "optimal: a proven push-optimal solution; any: the first solution, by a portfolio", "all",
                       Scope::runs));
    t.push_back(choice("search", ACCESS(lone), {"astar", "hda"},
                       "run one search alone: astar (sequential) or hda (hash-distributed parallel A*); "
                       "default: the mode's portfolio",
                       "optimal mode", Scope::runs, static_cast<int>(Algorithm::astar)));
    t.push_back(text("portfolio", ACCESS(portfolio), member_help(), "portfolio", Scope::runs));
    t.push_back(choice("heuristic", ACCESS(heuristic), {"simple", "matching", "pdb", "pdb-static"},
                       "lower bound of a lone search; default: matching, or each portfolio member's own",
                       "forward searches"));
    t.push_back(choice("metric", ACCESS(metric), {"pushes", "moves"},
                       "prove a second objective too: pushes (fewest pushes, then moves) or moves (fewest moves, "
                       "then pushes); one sequential search over exact player positions",
                       "metric search", Scope::runs));
    t.push_back(on_off("improve", ACCESS(improve),
                       "--mode any: after the first solution, search for shorter ones while time is left", "any mode",
                       Scope::runs));
    t.push_back(number("threads", T::integer, ACCESS(threads), 0, 256, "",
                       "HDA* workers, or the portfolio's thread budget; 0: every hardware thread", "HDA*, portfolio",
                       Scope::runs));
    // Limits.
    t.push_back(number("time-limit", T::real, ACCESS(search.limits.time_limit_s), 0, 1e9, "s",
                       "seconds per level; 0: none", "all"));
    t.push_back(number("node-limit", T::integer, ACCESS(search.limits.node_limit), 0, 1e18, "nodes",
                       "expanded nodes per level; 0: none", "all"));
    t.push_back(number("memory-limit", T::real, ACCESS(memory_limit_mb), 0, 1e9, "MB",
                       "memory of the whole process; a search that needs more ends with memory_limit; 0: three "
                       "quarters of physical memory",
                       "all"));
    // Pruning and bounds that keep push optimality.
    t.push_back(on_off("pi-corral", ACCESS(search.pi_corral), "PI-corral pruning", "forward searches",
                       Scope::searches, true));
    t.push_back(on_off("deadlock-search", ACCESS(search.deadlock_search),
                       "a small search over the pushed box's cluster proves deadlocks", "forward searches",
                       Scope::searches, true));
    t.push_back(number("deadlock-search-nodes", T::integer, ACCESS(search.deadlock_search_nodes), 1, 100000,
                       "states", "states each deadlock search may expand", "forward searches"));
    t.push_back(on_off("lazy-deadlock-search", ACCESS(search.lazy_deadlock_search),
                       "run the deadlock search on a state when it is expanded, not on every child generated",
                       "forward searches", Scope::searches, true));
    t.push_back(on_off("goal-patterns", ACCESS(search.goal_patterns),
                       "prune a push that leaves a group of goals no box can fill any more",
                       "forward searches, FESS", Scope::searches, true));
    t.push_back(on_off("frozen-goals", ACCESS(search.frozen_goals),
                       "prune a push that freezes a box on a goal when the other boxes can no longer reach "
                       "distinct empty goals",
                       "forward searches", Scope::searches, true));
    t.push_back(on_off("tunnels", ACCESS(search.tunnels),
                       "tunnel macros: a box pushed into a one-way tunnel goes through it in one move",
                       "forward searches", Scope::searches, true));
    t.push_back(on_off("conflicts", ACCESS(search.pair_conflicts),
                       "pair conflicts raise the matching and PDB bounds; auto: on in A* order", "forward searches",
                       Scope::searches, true));
    t.push_back(on_off("penalties", ACCESS(search.penalties),
                       "penalty patterns: searched costs of interacting box groups raise the bound",
                       "forward A* searches", Scope::searches, true));
    t.push_back(number("penalty-nodes", T::integer, ACCESS(search.penalty_nodes), 1, 8000, "states",
                       "configurations each penalty-pattern search may expand", "forward A* searches"));
    t.push_back(number("pdb-group", T::integer, ACCESS(search.pdb_group), 2, 5, "boxes",
                       "PDB bound: the largest group of maze boxes one database scores (5: and the patterns of "
                       "five)",
                       "PDB bounds"));
    t.push_back(number("fives-after", T::integer, ACCESS(search.fives_after), 0, 1e18, "expansions",
                       "--pdb-group 5: expansions per worker with groups of four before the patterns of five score "
                       "too; 0: from the start",
                       "PDB bounds"));
    t.push_back(number("perimeter", T::integer, ACCESS(search.perimeter_states), 0, 1e9, "states",
                       "states of the perimeter (exact distances near the solved states); 0: none",
                       "forward A* searches"));
    t.push_back(choice("tie-break", ACCESS(search.tie_break), {"lifo", "goals", "plan"},
                       "A* order among open states of equal f and h: last in first out, fewer boxes off goals, or "
                       "fewer boxes not packed in the packing order",
                       "A* order"));
    // HDA*'s last layer and ownership.
    t.push_back(hda_lag());
    t.push_back(number("young-expansions", T::integer, ACCESS(search.hda_parallel_below), 0, 1e18, "expansions",
                       "--hda-lag auto, --distribution auto: the search is young (lag 0, one owner) while the "
                       "layers below the best f took fewer expansions",
                       "HDA*"));
    t.push_back(on_off("local-dive", ACCESS(search.hda_local_dive),
                       "a child continuing the best line stays on its parent's worker", "HDA* with a lag"));
    t.push_back(on_off("handover", ACCESS(search.hda_handover),
                       "with local dives, a child continuing the best line goes to its owner when that worker has "
                       "nothing in its f layer; auto: on in the optimal portfolio's hda-pdb when its workers fit "
                       "the cores",
                       "HDA* with local dives"));
    t.push_back(on_off("lookahead", ACCESS(search.hda_lookahead),
                       "a worker with nothing to expand computes ahead for the worker holding the best node",
                       "HDA* with local dives"));
    t.push_back(on_off("speculate", ACCESS(search.hda_speculate),
                       "a worker behind the best node expands its own best, ranked after the rest of its layer",
                       "HDA* with a lag"));
    t.push_back(choice("distribution", ACCESS(search.distribution), {"zobrist", "abstract", "auto"},
                       "owner of a state: hash of the whole state, hash of which zone each box is in, or zobrist "
                       "then abstract once the search has grown",
                       "HDA*"));
    t.push_back(number("zone-cells", T::integer, ACCESS(search.zone_cells), 1, 10000, "cells",
                       "--distribution abstract: floor cells per zone", "HDA*"));
    // Output.
    t.push_back(on_off("json", ACCESS(outputs.json), "JSON on stdout instead of text", "", Scope::runs));
    t.push_back(on_off("quiet", ACCESS(outputs.quiet), "no progress on stderr", "", Scope::solve));
    t.push_back(text("csv", ACCESS(outputs.csv_path), "also write one CSV row per level to this file", "",
                     Scope::runs));
    t.push_back(text("sok", ACCESS(outputs.sok_path),
                     "also write the levels with their solutions (SOK format) to this file", "", Scope::runs));
    Spec plot = text("plot", ACCESS(outputs.plot_path),
                     "also draw each level's time and result as SVG to this file", "", Scope::runs);
    plot.set = [](const Spec&, Settings& settings, std::string_view v) -> std::string {
        if (v.size() <= 4 || v.substr(v.size() - 4) != ".svg") return "writes SVG: FILE.svg";
        settings.outputs.plot_path = std::string(v);
        return {};
    };
    t.push_back(std::move(plot));
    t.push_back(number("jobs", T::integer, ACCESS(outputs.jobs), 1, 256, "",
                       "levels of a collection solved at once, each with its share of --threads", "", Scope::runs));
    return t;
}

#undef ACCESS

}  // namespace

std::string Spec::check(std::string_view text) const {
    Settings scratch;
    return set(*this, scratch, text);
}

std::string Spec::value_name() const {
    switch (type) {
        case Type::on_off: return "";
        case Type::integer: return "N";
        case Type::real: return unit == "s" ? "SECONDS" : unit == "MB" ? "MB" : "X";
        case Type::choice:
        case Type::text: {
            if (choices.empty()) return name == "portfolio" ? "MEMBERS" : "FILE";
            std::string names;
            for (const auto& c : choices) names += (names.empty() ? "" : "|") + c;
            return names;
        }
    }
    return "";
}

std::span<const Spec> options() {
    static const std::vector<Spec> table = make_table();
    return table;
}

const Spec* find_option(std::string_view name) {
    for (const Spec& s : options())
        if (s.name == name) return &s;
    return nullptr;
}

std::string usage_block(unsigned scope) {
    constexpr size_t column = 32, width = 100;
    const Settings defaults;
    std::ostringstream out;
    for (const Spec& s : options()) {
        if (!(s.scope & scope)) continue;
        std::string line = s.type == Type::on_off ? "--[no-]" + s.name : "--" + s.name + " " + s.value_name();
        std::string text = s.help;
        const std::string value = s.get(s, defaults);
        if (!value.empty() && (s.type != Type::text || !s.choices.empty()))
            text += " [" + value + (s.unit.empty() ? "" : " " + s.unit) + "]";
        if (line.size() >= column) {
            out << line << '\n';
            line.clear();
        }
        // The help wrapped at `width`, continued under its first word.
        size_t at = 0;
        while (at < text.size()) {
            line.resize(std::max(line.size() + 1, column), ' ');
            const size_t room = width - column;
            size_t end = text.size();
            if (end - at > room) {
                end = text.rfind(' ', at + room);
                if (end == std::string::npos || end <= at) end = at + room;
            }
            line += text.substr(at, end - at);
            out << line << '\n';
            line.clear();
            at = text.find_first_not_of(' ', end);
            if (at == std::string::npos) break;
        }
    }
    return out.str();
}

std::string options_json(const Settings& settings, unsigned scope) {
    std::string json = "{";
    for (const Spec& s : options()) {
        if (!(s.scope & scope)) continue;
        if (json.size() > 1) json += ',';
        json += '"' + s.name + "\":\"";
        for (char c : s.get(s, settings)) {
            if (c == '"' || c == '\\') json += '\\';
            json += c;
        }
        json += '"';
    }
    return json + "}";
}

}  // namespace hdasoko::run
