// The hdasoko command: solve, verify, bench, scale, analyze. Wires options to the engine and
// prints; all search work happens in the engine library.
#include <CLI/CLI.hpp>

#include <atomic>
#include <charconv>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <optional>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "analyze.hpp"
#include "collection.hpp"
#include "input.hpp"
#include "level/level.hpp"
#include "memory/budget.hpp"
#include "report.hpp"
#include "results_plot.hpp"
#include "run_header.hpp"
#include "scale.hpp"
#include "signals.hpp"
#include "solve.hpp"
#include "verify.hpp"
#ifdef HDASOKO_MPI
#include <cstdio>

#include "mpi/session.hpp"
#include "mpi/transport.hpp"
#endif

namespace {

using namespace hdasoko;
using cli::Exit;

uint64_t physical_memory_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * page : 0;
}

// --hda-lag: "auto" (Options::hda_lag_auto, the default), "layer"
// (Options::hda_lag_layer) or an integer from -1 to 1000; nothing for anything else.
std::optional<int> hda_lag_value(const std::string& text) {
    if (text == "auto") return search::Options::hda_lag_auto;
    if (text == "layer") return search::Options::hda_lag_layer;
    int value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end || value < -1 || value > 1000) return std::nullopt;
    return value;
}

// Options shared by the searching subcommands.
struct SearchFlags {
    std::string heuristic;  // empty: matching (a lone search) or each member's own
    double time_limit_s = 0;
    uint64_t node_limit = 0;
    double memory_limit_mb = 0;  // 0: three quarters of physical memory
    bool no_pi_corral = false;
    std::string hda_lag = "auto";  // --hda-lag: "auto", "layer" or -1..1000 (hda_lag_value())
    bool no_local_dive = !search::Options{}.hda_local_dive;
    bool speculate = search::Options{}.hda_speculate;
    bool no_lookahead = !search::Options{}.hda_lookahead;
    std::optional<bool> handover;  // --handover / --no-handover; unset: the search's own choice
    size_t perimeter_states = search::Options{}.perimeter_states;
    std::string distribution = "auto";
    int zone_cells = search::Options{}.zone_cells;
    bool no_deadlock_search = false;
    int deadlock_search_nodes = 400;
    bool eager_deadlock_search = false;
    bool penalties = false;
    std::optional<bool> pair_conflicts;  // --conflicts / --no-conflicts; unset: on in the optimal searches
    bool tunnels = search::Options{}.tunnels;
    bool goal_patterns = search::Options{}.goal_patterns;
    bool frozen_goals = search::Options{}.frozen_goals;
    int pdb_group = search::Options{}.pdb_group;
    uint64_t fives_after = search::Options{}.fives_after;
    search::TieBreak tie_break = search::Options{}.tie_break;
    int penalty_nodes = search::Options{}.penalty_nodes;
    std::string algorithm;  // empty: the default portfolio unless --heuristic names a bound
    int threads = 0;  // 0: every hardware thread
    std::string mode = "optimal";
    std::string portfolio;  // empty: no race (unless --mode any)
    std::string metric;     // empty: push-optimal (moves not minimized), by the default portfolio
    bool improve = false;   // --mode any: shorter solutions while time is left

    // `workers`: also --search and --threads (scale has a list of its own).
    void add_to(CLI::App& app, bool workers = true) {
        app.add_option("--heuristic", heuristic,
                       "lower bound of a lone search: simple | matching (default) | pdb | pdb-static")
            ->check(CLI::IsMember({"simple", "matching", "pdb", "pdb-static"}));
        app.add_option("--time-limit", time_limit_s, "seconds per level, 0 = none")
            ->check(CLI::NonNegativeNumber);
        app.add_option("--node-limit", node_limit, "expanded nodes per level, 0 = none");
        app.add_option("--memory-limit", memory_limit_mb,
                       "MB of resident memory for the whole process (peak RSS, watched while a level is solved); "
                       "0 = 3/4 of physical memory")
            ->check(CLI::NonNegativeNumber);
        app.add_flag("--no-pi-corral", no_pi_corral, "turn PI-corral pruning off");
        app.add_option("--hda-lag", hda_lag,
                       "HDA*: a worker whose best open node is in a higher f layer than the best of all, or "
                       "in the same layer and more than N pushes of h behind it, waits instead of expanding; "
                       "layer = only across f layers; auto = 0 while the layers below the best f took fewer than "
                       "50,000 expansions (one worker's order, for a search that may lie in one layer), then "
                       "layer; -1 = never")
            ->check([](const std::string& text) {
                return hda_lag_value(text) ? std::string() : "must be 'auto', 'layer' or an integer from -1 to 1000";
            })
            ->capture_default_str();
        app.add_flag("--no-local-dive", no_local_dive,
                     "HDA* unless --hda-lag -1: send a child continuing the best line to its owner like any other "
                     "(by default it stays on its parent's worker)");
        app.add_flag_callback("--handover", [this] { handover = true; },
                              "HDA* with local dives: a child continuing the best line goes to its owner when that "
                              "worker has nothing in its f layer, so that both dive a layer every child continues "
                              "(default: off, on in the optimal portfolio's hda-pdb when its workers fit the cores)");
        app.add_flag_callback("--no-handover", [this] { handover = false; }, "turn --handover off everywhere");
        app.add_flag("--no-lookahead", no_lookahead,
                     "HDA* with local dives: a worker with nothing to expand waits instead of computing ahead the "
                     "expansions the worker holding the best node will need when its line ends");
        app.add_flag("--speculate", speculate,
                     "HDA* unless --hda-lag -1 (with auto or layer it waits as with 0): a worker behind the best node in its f "
                     "layer expands its own best node "
                     "instead of waiting, its children ranked after the rest of their f layer (faster below the "
                     "optimum's layer, a lottery in it)");
        app.add_option("--perimeter", perimeter_states,
                       "states held by the perimeter (exact distances near the solved states, a tighter bound "
                       "elsewhere); 0 = none")
            ->capture_default_str();
        app.add_option("--distribution", distribution,
                       "HDA* owner of a state: zobrist (hash of the whole state) | abstract (hash of which zone "
                       "each box is in: most children stay on their parent's worker) | auto (zobrist, then abstract "
                       "once --hda-lag auto moves from 0 to layer)")
            ->check(CLI::IsMember({"auto", "zobrist", "abstract"}))
            ->capture_default_str();
        app.add_option("--zone-cells", zone_cells, "--distribution abstract: floor cells per zone")
            ->check(CLI::Range(1, 10000))
            ->capture_default_str();
        app.add_flag("--no-deadlock-search", no_deadlock_search,
                     "turn off the deadlock search over the pushed box's cluster after each push");
        app.add_flag("--eager-deadlock-search", eager_deadlock_search,
                     "run the deadlock search on every child when it is generated, not on each state when it "
                     "is popped to be expanded (more searches; the expansions may differ a little)");
        app.add_option("--deadlock-search-nodes", deadlock_search_nodes, "sub-states each deadlock search may expand")
            ->check(CLI::Range(1, 100000))
            ->capture_default_str();
        app.add_flag("--penalties,!--no-penalties", penalties,
                     "penalty patterns: searched costs of interacting box groups raise the bound (forward "
                     "optimal searches; keeps push optimality)");
        app.add_flag_callback("--conflicts", [this] { pair_conflicts = true; },
                              "pair conflicts: what two interacting boxes need beyond their lone-box distances, "
                              "from a two-box table to every pair of goals, raises the matching and PDB bounds "
                              "(forward searches; keeps push optimality; default: on in A* order)");
        app.add_flag_callback("--no-conflicts", [this] { pair_conflicts = false; }, "turn pair conflicts off");
        app.add_flag("--tunnels,!--no-tunnels", tunnels,
                     "tunnel macros: a box pushed into a one-way tunnel goes on through it in one move, every "
                     "push counted (forward searches; keeps push optimality)");
        app.add_flag("--goal-patterns,!--no-goal-patterns", goal_patterns,
                     "goal-room patterns: a push that leaves a group of goals no box can fill any more is "
                     "pruned (forward searches and FESS; keeps push optimality)");
        app.add_flag("--frozen-goals,!--no-frozen-goals", frozen_goals,
                     "frozen-goal deadlocks: a push that freezes a box on a goal is pruned when, the boxes "
                     "frozen on goals taken as walls, the other boxes cannot all reach distinct empty goals "
                     "(forward A* searches; FESS always; keeps push optimality)");
        app.add_option("--pdb-group", pdb_group,
                       "PDB bound: the largest group of maze boxes scored by one pattern database: 2 (pairs), 3 "
                       "(and triples), 4 (and groups of four), 5 (and patterns of five initial boxes, searched "
                       "before the search, scoring after --fives-after expansions); keeps push optimality")
            ->check(CLI::Range(2, 5))
            ->capture_default_str();
        app.add_option("--fives-after", fives_after,
                       "--pdb-group 5: states each HDA* worker expands with groups of four before the patterns "
                       "of five score states too (its open states are then scored again as they come up); 0 = "
                       "from the start")
            ->capture_default_str();
        app.add_option("--tie-break", tie_break,
                       "A* order, among open states of equal f and h: plan (fewer boxes not packed in the "
                       "packing order first) | goals (fewer boxes off their goals first) | lifo (last in first "
                       "out); only the order inside an f layer, so push optimality holds")
            ->transform(CLI::CheckedTransformer(
                std::map<std::string, search::TieBreak>{
                    {"plan", search::TieBreak::plan}, {"goals", search::TieBreak::goals}, {"lifo", search::TieBreak::lifo}},
                CLI::ignore_case))
            ->default_str("plan");
        app.add_option("--penalty-nodes", penalty_nodes, "configurations each penalty-pattern search may expand")
            ->check(CLI::Range(1, 8000))
            ->capture_default_str();
        if (!workers) return;
        app.add_option("--search", algorithm,
                       "run one search alone: astar (sequential) | hda (hash-distributed parallel A*); "
                       "default: the mode's default portfolio")
            ->check(CLI::IsMember({"astar", "hda"}));
        app.add_option("--threads", threads, "HDA* workers (a portfolio's budget); 0 = every hardware thread")
            ->check(CLI::Range(0, 256))
            ->capture_default_str();
        std::string names;
        for (const auto& [name, what] : portfolio::member_names()) names += "\n  " + name + ": " + what;
        app.add_option("--mode", mode, "optimal (proven push-optimal) | any (first solution, via a portfolio)")
            ->check(CLI::IsMember({"optimal", "any"}))
            ->capture_default_str();
        app.add_option("--metric", metric,
                       "prove a second objective too: pushes (fewest pushes, then fewest moves) | moves "
                       "(fewest moves, then fewest pushes); one sequential search over exact player positions")
            ->check(CLI::IsMember({"pushes", "moves"}));
        app.add_flag("--improve", improve,
                     "with --mode any: after the first solution keep searching for shorter ones (fewer pushes, "
                     "then fewer moves) while time is left: weighted A*, then HDA* pruned by the best so far "
                     "(which proves it push-optimal when it ends), then the fewest moves");
        app.add_option("--portfolio", portfolio,
                       "race these members: 'default' or names separated by commas:" + names);
    }

    cli::Plan plan() const {
        cli::Plan p;
        p.mode = mode == "any" ? portfolio::Mode::any : portfolio::Mode::optimal;
        // The best measured configuration by default (portfolio/portfolio.cpp,
        // default_members); --search or --heuristic alone ask for one search.
        const bool alone = portfolio.empty() && p.mode == portfolio::Mode::optimal &&
                           (!algorithm.empty() || !heuristic.empty());
        p.search = alone ? (algorithm.empty() ? "hda" : algorithm) : "portfolio";
        if (!metric.empty()) p.search = "metric";
        // The plain default: the portfolio, then the fewest moves among push-optimal solutions.
        p.minimize_moves = metric.empty() && portfolio.empty() && algorithm.empty() && heuristic.empty() &&
                           p.mode == portfolio::Mode::optimal;
        p.metric = metric == "moves" ? search::Metric::moves : search::Metric::pushes;
        p.improve = improve;
        if (!portfolio.empty()) p.portfolio = portfolio;
        return p;
    }

    search::Options options() const {
        search::Options o;
        heuristic::parse_kind(heuristic.empty() ? "matching" : heuristic, o.heuristic);
        o.pi_corral = !no_pi_corral;
        o.hda_lag = *hda_lag_value(hda_lag);
        o.hda_local_dive = !no_local_dive;
        o.hda_speculate = speculate;
        o.hda_lookahead = !no_lookahead;
        o.hda_handover = handover;
        o.perimeter_states = perimeter_states;
        o.distribution = distribution == "abstract"  ? search::Options::Distribution::abstract
                         : distribution == "zobrist" ? search::Options::Distribution::zobrist
                                                     : search::Options::Distribution::automatic;
        o.zone_cells = zone_cells;
        o.deadlock_search = !no_deadlock_search;
        o.deadlock_search_nodes = deadlock_search_nodes;
        o.lazy_deadlock_search = !eager_deadlock_search;
        o.penalties = penalties;
        o.pair_conflicts = pair_conflicts;
        o.tunnels = tunnels;
        o.goal_patterns = goal_patterns;
        o.frozen_goals = frozen_goals;
        o.pdb_group = pdb_group;
        o.fives_after = fives_after;
        o.tie_break = tie_break;
        o.penalty_nodes = penalty_nodes;
        o.threads = threads > 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
        o.limits.time_limit_s = time_limit_s;
        o.limits.node_limit = node_limit;
        o.limits.memory_limit_bytes = memory_limit_mb > 0 ? static_cast<uint64_t>(memory_limit_mb * 1048576.0)
                                                          : physical_memory_bytes() / 4 * 3;
        o.limits.cancel = &cli::signals::stop_flag();
        return o;
    }
};

// Where results go besides stdout.
struct Outputs {
    bool json = false;
    bool quiet = false;       // no progress on stderr
    std::string csv_path;     // one row per level
    std::string sok_path;     // levels with their solutions, SOK format
    std::string plot_path;    // per-level times as SVG (cli/results_plot)
    int jobs = 1;             // levels solved at once (cli/collection)
};

std::ofstream open_output(const std::string& path) {
    std::ofstream out(path);
    if (!out) throw level::ParseError(path, 0, 0, "cannot write file");
    return out;
}

// Solves the chosen levels; one level prints the full report, several print
// a row each and a summary. Returns the exit code (the largest of the levels').
int run_levels(const std::vector<const level::Level*>& levels, const SearchFlags& flags, const Outputs& to,
               bool single) {
    cli::signals::install();
    search::Options options = flags.options();
    cli::Plan plan = flags.plan();
#ifdef HDASOKO_MPI
    if (mpi::launched()) {  // under mpirun: one HDA* over every rank's threads (engine/mpi)
        plan.search = "distributed";
        plan.distributed = mpi::hda;
        plan.minimize_moves = false;
    }
#endif
    plan.memory_limit_bytes = options.limits.memory_limit_bytes;
    // Every allocation of the process takes its bytes from this budget
    // (memory/budget.hpp); the watch of each level holds resident memory.
    memory::set_limit(plan.memory_limit_bytes);
    if (plan.improve && plan.mode != portfolio::Mode::any) {
        std::cerr << "hdasoko: --improve needs --mode any (optimal mode proves the shortest already)\n";
        return cli::exit_bad_input;
    }
    if (plan.improve && !to.quiet)
        plan.improved = [](const cli::Solved& s, const char* by) {
            std::cerr << "level " << s.level->number << ": improved to " << s.pushes << " pushes, " << s.moves
                      << " moves (" << by << ", verified)\n";
        };
    if (plan.search == "portfolio") {  // names checked before any search starts
        std::string error;
        if (portfolio::portfolio_members(plan.portfolio, plan.mode, options, options.threads, error).empty()) {
            std::cerr << "hdasoko: --portfolio: " << error << '\n';
            return cli::exit_bad_input;
        }
    }
    if (single && !to.quiet && plan.search != "portfolio") {  // a race's members report at the end
        std::cerr << std::right << std::setw(6) << "f" << std::setw(14) << "expanded" << std::setw(14)
                  << "generated" << std::setw(12) << "stored" << std::setw(10) << "seconds\n";
        options.on_layer = [](const search::SearchStats& s) {
            std::cerr << std::setw(6) << s.last_f << std::setw(14) << cli::thousands(s.expanded) << std::setw(14)
                      << cli::thousands(s.generated) << std::setw(12) << cli::thousands(s.stored) << std::setw(9)
                      << std::fixed << std::setprecision(2) << s.seconds << '\n';
        };
    }
    const cli::RunHeader header = cli::run_header(options);
    const std::string heuristic = plan.search == "portfolio" ? "per member"
                                  : flags.heuristic.empty()   ? "matching"
                                                              : flags.heuristic;
    std::ofstream csv, sok;
    if (!to.csv_path.empty()) {
        csv = open_output(to.csv_path);
        cli::print_header_csv(csv, header);
        cli::print_csv_header(csv);
    }
    if (!to.json) cli::print_header_text(std::cout, header);
    if (!to.sok_path.empty()) sok = open_output(to.sok_path);
    cli::Summary summary;
    int worst = cli::exit_solved;
    if (!single && !to.json) cli::print_row_header(std::cout);
    cli::Progress progress(static_cast<int>(levels.size()), !single && !to.quiet);
    // The levels are kept only for what needs them all at the end (the
    // JSON document, the plot); otherwise a run of any length holds only the
    // levels in flight.
    const bool keep = single || to.json || !to.plot_path.empty();
    const std::vector<cli::Solved> all =
        cli::solve_collection(levels, options, plan, single ? 1 : to.jobs, keep, progress, [&](const cli::Solved& s) {
            if (!s.error.empty()) std::cerr << "hdasoko: level " << s.level->number << ": " << s.error << '\n';
            summary.add(s);
            worst = std::max(worst, s.exit_code());
            if (!to.json) {
                if (single) cli::print_text(std::cout, s, true);
                else cli::print_row(std::cout, s);
                std::cout.flush();
            }
            // Flushed per level: a long run stopped midway keeps what it did.
            if (csv.is_open()) cli::print_csv_row(csv, s), csv.flush();
            if (sok.is_open()) cli::print_sok(sok, s), sok.flush();
        });
    if (to.json) {
        if (single) {
            if (!all.empty()) cli::print_json(std::cout, all.front(), heuristic, cli::header_json(header));
            std::cout << '\n';
        } else {
            cli::print_json_collection(std::cout, all, summary, heuristic, cli::header_json(header));
        }
    } else if (!single) {
        cli::print_summary(std::cout, summary);
    }
    if (!to.plot_path.empty()) {
        std::ostringstream title;
        title << "hdasoko " << (plan.search == "portfolio" ? "portfolio " + plan.portfolio : plan.search) << ", "
              << (plan.mode == portfolio::Mode::any ? "any" : "optimal") << " mode, " << options.threads
              << " threads, time limit " << (options.limits.time_limit_s > 0 ? cli::fixed(options.limits.time_limit_s, 0) + " s" : "none");
        if (!cli::write_results_svg(to.plot_path, all, title.str()))
            std::cerr << "hdasoko: cannot write " << to.plot_path << '\n';
    }
    if (const int sig = cli::signals::stop_signal())
        std::cerr << "hdasoko: stopped by " << cli::signals::signal_name(sig) << '\n';
    return worst;
}

void add_outputs(CLI::App& app, Outputs& to) {
    app.add_flag("--json", to.json, "machine-readable output on stdout");
    app.add_option("--csv", to.csv_path, "also write one CSV row per level to this file");
    app.add_option("--sok", to.sok_path, "also write the levels with their solutions (SOK format) to this file");
    app.add_option("--plot", to.plot_path,
                   "also draw each level's time and result (proven, solved, unsolved) as SVG to this file")
        ->check([](const std::string& path) {
            return path.size() > 4 && path.substr(path.size() - 4) == ".svg" ? "" : "--plot writes SVG: FILE.svg";
        });
    app.add_option("--jobs", to.jobs, "levels of a collection solved at once, each with its share of --threads")
        ->check(CLI::Range(1, 256));
}

// The bench list: shipped levels that each solve within about a second on
// one core, chosen to exercise every pruning test. Its total expanded count
// is the behaviour signature (STYLE.md, "bench").
struct BenchLevel {
    const char* file;
    int first, last;
};
constexpr BenchLevel bench_levels[] = {
    {"xsokoban.xsb", 1, 1}, {"xsokoban.xsb", 2, 2},     {"xsokoban.xsb", 38, 38},
    {"xsokoban.xsb", 78, 78}, {"microban.xsb", 1, 92}, {"microban.xsb", 94, 138},
    {"microban.xsb", 140, 143}, {"microban.xsb", 145, 152}, {"microban.xsb", 154, 155},
};

// The whole of `text` as a decimal int (no sign games, no trailing junk).
bool parse_int(const std::string& text, int& value) {
    size_t used = 0;
    try {
        value = std::stoi(text, &used);
    } catch (const std::exception&) {
        return false;
    }
    return !text.empty() && used == text.size();
}

}  // namespace

int main(int argc, char** argv) {
#ifdef HDASOKO_MPI
    // Under mpirun every rank runs this command; rank 0 prints.
    std::optional<mpi::Session> session;
    if (mpi::launched()) session.emplace(argc, argv);
#endif
    CLI::App app{"hdasoko: a parallel Sokoban solver that proves push-optimal solutions"};
    app.require_subcommand(1);

    // solve
    auto* solve = app.add_subcommand("solve", "solve levels push-optimally and verify the solutions");
    std::string solve_file, level_arg = "1", title;
    Outputs solve_to;
    SearchFlags flags;
    solve->add_option("FILE", solve_file, "XSB level or collection; - reads standard input")->required();
    solve->add_option("--level", level_arg, "level number (1-based) or 'all'")->capture_default_str();
    solve->add_option("--title", title, "level with this title (instead of --level)");
    solve->add_flag("--quiet", solve_to.quiet, "no progress on stderr");
    add_outputs(*solve, solve_to);
    flags.add_to(*solve);

    // verify
    auto* verify = app.add_subcommand("verify", "replay a LURD solution and check that it solves the level");
    std::string verify_file, solution_arg;
    int verify_level = 0;
    verify->add_option("FILE", verify_file, "XSB or SOK level or collection; - reads standard input")->required();
    verify->add_option("SOLUTION", solution_arg,
                       "file holding LURD (run lengths allowed), - for standard input, or the LURD string; "
                       "none: check the file's stored solution sections");
    verify->add_option("--level", verify_level, "level number (1-based); default 1 with SOLUTION, else all")
        ->check(CLI::Range(1, 1 << 20));

    // bench
    auto* bench = app.add_subcommand(
        "bench", "solve the fixed bench list (or a whole collection FILE) on one thread and summarize");
    std::string bench_file, levels_dir = "levels";
    Outputs bench_to;
    bench_to.quiet = true;
    SearchFlags bench_flags;
    bench_flags.threads = 1;  // the signature is a one-thread count of HDA*
    bench_flags.algorithm = "hda";
    bench->add_option("FILE", bench_file, "collection to solve instead of the bench list");
    bench->add_option("--levels-dir", levels_dir, "where the bench list's collections are")->capture_default_str();
    add_outputs(*bench, bench_to);
    bench_flags.add_to(*bench);

    // analyze
    auto* analyze = app.add_subcommand(
        "analyze", "dead squares, goal zone and entrance, PDB size and build time, initial lower bounds");
    std::string analyze_file, analyze_level = "1", analyze_csv;
    analyze->add_option("FILE", analyze_file, "XSB level or collection; - reads standard input")->required();
    analyze->add_option("--level", analyze_level, "level number (1-based) or 'all'")->capture_default_str();
    analyze->add_option("--csv", analyze_csv, "also write one CSV row per level to this file");
    bool analyze_fives = false;
    analyze->add_flag("--fives", analyze_fives,
                      "also the PDB bound with the patterns of five (solve --pdb-group 5; searched per level, up to "
                      "tens of seconds on big mazes)");

    // scale
    auto* scale = app.add_subcommand("scale", "HDA* speedup, search overhead and load balance per worker count");
    std::string scale_file;
    int scale_level = 1;
    std::string scale_threads = "1,2,4,8,16";
    cli::ScaleRequest scale_request;
    SearchFlags scale_flags;
    std::string replot_csv;
    scale->add_option("FILE", scale_file, "XSB level or collection; - reads standard input")->required();
    scale->add_option("--replot", replot_csv, "draw --plot from this CSV of an earlier run instead of searching");
    scale->add_option("--level", scale_level, "level number (1-based)")->capture_default_str();
    scale->add_option("--threads", scale_threads, "comma-separated worker counts")->capture_default_str();
    scale->add_option("--repeat", scale_request.repeats, "runs per worker count (min, median and max are reported)")
        ->check(CLI::Range(1, 1000))
        ->capture_default_str();
    scale->add_option("--csv", scale_request.csv_path, "write the table as CSV to this file");
    scale->add_option("--plot", scale_request.plot_path, "draw speedup and search overhead (.png or .svg; gnuplot)");
    scale_flags.add_to(*scale, false);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : cli::exit_bad_input;
    }

#ifdef HDASOKO_MPI
    if (session) {
        if (!*solve || level_arg == "all") {
            std::cerr << "hdasoko: under mpirun only `solve` of one level runs (HDA* over every rank)\n";
            return cli::exit_bad_input;
        }
        if (mpi::rank() != 0) {  // the same search on every rank; one report
            solve_to.quiet = true;
            if (!std::freopen("/dev/null", "w", stdout)) return cli::exit_internal;
        }
    }
    auto agreed = [&](int code) { return session ? mpi::Session::agree_exit(code) : code; };
    // An error on one rank ends every rank at once: the others would wait
    // for it in the next collective.
    auto failed = [&](int code) {
        if (session) mpi::Session::abort(code);
        return code;
    };
#else
    auto agreed = [](int code) { return code; };
    auto failed = [](int code) { return code; };
#endif
    try {
        if (*solve) {
            auto collection = cli::load_levels(solve_file);
            std::vector<const level::Level*> chosen;
            bool single = true;
            if (!title.empty()) {
                chosen.push_back(&level::select_level_by_title(collection, title, cli::input_name(solve_file)));
            } else if (level_arg == "all") {
                for (const auto& l : collection) chosen.push_back(&l);
                single = false;
            } else {
                int n = 0;
                if (!parse_int(level_arg, n)) {
                    std::cerr << "hdasoko: --level: expected a number or 'all', got '" << level_arg << "'\n";
                    return cli::exit_bad_input;
                }
                chosen.push_back(&level::select_level(collection, n, cli::input_name(solve_file)));
            }
            return agreed(run_levels(chosen, flags, solve_to, single));
        }
        if (*analyze) {
            auto collection = cli::load_levels(analyze_file);
            std::vector<const level::Level*> chosen;
            const bool single = analyze_level != "all";
            if (!single) {
                for (const auto& l : collection) chosen.push_back(&l);
            } else {
                int n = 0;
                if (!parse_int(analyze_level, n)) {
                    std::cerr << "hdasoko: --level: expected a number or 'all', got '" << analyze_level << "'\n";
                    return cli::exit_bad_input;
                }
                chosen.push_back(&level::select_level(collection, n, cli::input_name(analyze_file)));
            }
            return cli::run_analyze(chosen, single, analyze_csv, analyze_fives);
        }
        if (*verify) {
            if (verify_file == "-" && solution_arg == "-") {
                std::cerr << "hdasoko: verify: the level and the solution cannot both come from standard input\n";
                return cli::exit_bad_input;
            }
            return cli::run_verify(cli::load_levels(verify_file), cli::input_name(verify_file), solution_arg,
                                   verify_level);
        }
        if (*scale) {
            if (!replot_csv.empty()) {
                if (scale_request.plot_path.empty()) {
                    std::cerr << "hdasoko: --replot needs --plot\n";
                    return cli::exit_bad_input;
                }
                std::string name = scale_file.substr(scale_file.find_last_of('/') + 1);
                return cli::replot_scale(replot_csv, scale_request.plot_path,
                                         "HDA* on " + name + " #" + std::to_string(scale_level));
            }
            auto collection = cli::load_levels(scale_file);
            const level::Level& l = level::select_level(collection, scale_level, cli::input_name(scale_file));
            std::stringstream list(scale_threads);
            std::string item;
            while (std::getline(list, item, ',')) {
                int t = 0;
                if (!parse_int(item, t) || t < 1 || t > 256) {
                    std::cerr << "hdasoko: --threads: expected worker counts 1..256 separated by commas, got '"
                              << scale_threads << "'\n";
                    return cli::exit_bad_input;
                }
                scale_request.threads.push_back(t);
            }
            if (scale_request.threads.empty() || scale_request.threads.front() != 1)
                scale_request.threads.insert(scale_request.threads.begin(), 1);  // the baseline
            cli::signals::install();
            return cli::run_scale(l, scale_flags.options(), scale_request);
        }
        if (*bench) {
            std::vector<std::vector<level::Level>> collections;
            std::vector<const level::Level*> chosen;
            if (!bench_file.empty()) {
                collections.push_back(cli::load_levels(bench_file));
                for (const auto& l : collections.back()) chosen.push_back(&l);
            } else {
                collections.reserve(std::size(bench_levels));
                for (const BenchLevel& b : bench_levels) {
                    std::string path = levels_dir + "/" + b.file;
                    collections.push_back(level::load_collection(path));
                    for (int n = b.first; n <= b.last; ++n)
                        chosen.push_back(&level::select_level(collections.back(), n, path));
                }
            }
            return run_levels(chosen, bench_flags, bench_to, false);
        }
    } catch (const level::ParseError& e) {
        std::cerr << "hdasoko: " << e.what() << '\n';
        return failed(cli::exit_bad_input);
    } catch (const std::bad_alloc&) {
        std::cerr << "hdasoko: out of memory\n";
        return failed(cli::exit_memory_limit);
    } catch (const std::exception& e) {
        std::cerr << "hdasoko: internal error: " << e.what() << '\n';
        return failed(cli::exit_internal);
    }
    return failed(cli::exit_internal);
}
