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
#include "run/options.hpp"
#include "results_plot.hpp"
#include "run_header.hpp"
#include "scale.hpp"
#include "run/signals.hpp"
#include "run/solve.hpp"
#include "verify.hpp"
#ifdef HDASOKO_MPI
#include <cstdio>

#include "mpi/session.hpp"
#include "mpi/transport.hpp"
#endif

namespace {

using namespace hdasoko;
using run::Exit;

uint64_t physical_memory_bytes() {
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * page : 0;
}

// Registers every option of the table (run/options.hpp) that belongs to
// `scope` on `app`, each writing its value into `settings` when given; the
// help shows the value `settings` holds now as the default.
void add_options(CLI::App& app, run::Settings& settings, unsigned scope) {
    for (const run::Spec& spec : run::options()) {
        if (!(spec.scope & scope)) continue;
        std::string help = spec.help;
        if (!spec.readers.empty()) help += " (read by: " + spec.readers + ")";
        const std::string value = spec.get(spec, settings);
        if (spec.type == run::Type::on_off) {
            help += " [default: " + value + "]";
            app.add_flag_function(
                   "--" + spec.name + ",!--no-" + spec.name,
                   [&spec, &settings](int64_t count) { spec.set(spec, settings, count > 0 ? "on" : "off"); }, help)
                // A value given to the flag (--tunnels=maybe) is refused here,
                // before CLI11 converts it: that conversion throws outside its
                // own error handling.
                ->check(CLI::Validator(
                    [](std::string& text) {
                        try {
                            CLI::detail::to_flag_value(text);
                            return std::string();
                        } catch (const std::exception&) {
                            return std::string("takes no value but true or false");
                        }
                    },
                    ""));
            continue;
        }
        CLI::Option* option = app.add_option_function<std::string>(
            "--" + spec.name, [&spec, &settings](const std::string& text) { spec.set(spec, settings, text); }, help);
        option->type_name(spec.value_name());
        if (!value.empty()) option->default_str(value + (spec.unit.empty() ? "" : " " + spec.unit));
        option->check(CLI::Validator([&spec](std::string& text) { return spec.check(text); }, ""));
    }
}

std::ofstream open_output(const std::string& path) {
    std::ofstream out(path);
    if (!out) throw level::ParseError(path, 0, 0, "cannot write file");
    return out;
}

// Solves the chosen levels; one level prints the full report, several print
// a row each and a summary. Returns the exit code (the largest of the levels').
// The options of one search for `settings`.
search::Options search_options(const run::Settings& settings) {
    search::Options options = settings.resolved(std::thread::hardware_concurrency(), physical_memory_bytes());
    options.limits.cancel = &run::signals::stop_flag();
    return options;
}

int run_levels(const std::vector<const level::Level*>& levels, const run::Settings& settings, bool single) {
    run::signals::install();
    const run::Outputs& to = settings.outputs;
    search::Options options = search_options(settings);
    run::Plan plan;
    plan.search = settings.algorithm();
    plan.mode = settings.mode;
    plan.metric = settings.metric.value_or(search::Metric::pushes);
    plan.minimize_moves = settings.minimize_moves();
    plan.improve = settings.improve;
    plan.portfolio = settings.members();
#ifdef HDASOKO_MPI
    if (mpi::launched()) {  // under mpirun: one HDA* over every rank's threads (engine/mpi)
        plan.search = run::Algorithm::distributed;
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
        return run::exit_bad_input;
    }
    if (plan.improve && !to.quiet)
        plan.improved = [](const run::Solved& s, const char* by) {
            std::cerr << "level " << s.level->number << ": improved to " << s.pushes << " pushes, " << s.moves
                      << " moves (" << by << ", verified)\n";
        };
    if (plan.search == run::Algorithm::portfolio) {  // names checked before any search starts
        std::string error;
        if (portfolio::portfolio_members(plan.portfolio, plan.mode, options, options.threads, error).empty()) {
            std::cerr << "hdasoko: --portfolio: " << error << '\n';
            return run::exit_bad_input;
        }
    }
    if (single && !to.quiet && plan.search != run::Algorithm::portfolio) {  // a race's members report at the end
        std::cerr << std::right << std::setw(6) << "f" << std::setw(14) << "expanded" << std::setw(14)
                  << "generated" << std::setw(12) << "stored" << std::setw(10) << "seconds\n";
        options.on_layer = [](const search::SearchStats& s) {
            std::cerr << std::setw(6) << s.last_f << std::setw(14) << cli::thousands(s.expanded) << std::setw(14)
                      << cli::thousands(s.generated) << std::setw(12) << cli::thousands(s.stored) << std::setw(9)
                      << std::fixed << std::setprecision(2) << s.seconds << '\n';
        };
    }
    cli::RunHeader header = cli::run_header(options);
    header.options = run::options_json(settings);
    const std::string heuristic =
        plan.search == run::Algorithm::portfolio ? "per member" : heuristic::kind_name(options.heuristic);
    std::ofstream csv, sok;
    if (!to.csv_path.empty()) {
        csv = open_output(to.csv_path);
        cli::print_header_csv(csv, header);
        cli::print_csv_header(csv);
    }
    if (!to.json) cli::print_header_text(std::cout, header);
    if (!to.sok_path.empty()) sok = open_output(to.sok_path);
    cli::Summary summary;
    int worst = run::exit_solved;
    if (!single && !to.json) cli::print_row_header(std::cout);
    cli::Progress progress(static_cast<int>(levels.size()), !single && !to.quiet);
    // The levels are kept only for what needs them all at the end (the
    // JSON document, the plot); otherwise a run of any length holds only the
    // levels in flight.
    const bool keep = single || to.json || !to.plot_path.empty();
    const std::vector<run::Solved> all =
        cli::solve_collection(levels, options, plan, single ? 1 : to.jobs, keep, progress, [&](const run::Solved& s) {
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
        title << "hdasoko " << (plan.search == run::Algorithm::portfolio ? "portfolio " + plan.portfolio : run::algorithm_name(plan.search)) << ", "
              << (plan.mode == portfolio::Mode::any ? "any" : "optimal") << " mode, " << options.threads
              << " threads, time limit " << (options.limits.time_limit_s > 0 ? cli::fixed(options.limits.time_limit_s, 0) + " s" : "none");
        if (!cli::write_results_svg(to.plot_path, all, title.str()))
            std::cerr << "hdasoko: cannot write " << to.plot_path << '\n';
    }
    if (const int sig = run::signals::stop_signal())
        std::cerr << "hdasoko: stopped by " << run::signals::signal_name(sig) << '\n';
    return worst;
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
    run::Settings settings;
    solve->add_option("FILE", solve_file, "XSB level or collection; - reads standard input")->required();
    solve->add_option("--level", level_arg, "level number (1-based) or 'all'")->capture_default_str();
    solve->add_option("--title", title, "level with this title (instead of --level)");
    add_options(*solve, settings, run::Scope::solve);

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
    run::Settings bench_settings;
    bench_settings.outputs.quiet = true;
    bench_settings.threads = 1;  // the signature is a one-thread count of HDA*
    bench_settings.lone = run::Algorithm::hda;
    bench->add_option("FILE", bench_file, "collection to solve instead of the bench list");
    bench->add_option("--levels-dir", levels_dir, "where the bench list's collections are")->capture_default_str();
    add_options(*bench, bench_settings, run::Scope::bench);

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
    run::Settings scale_settings;
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
    add_options(*scale, scale_settings, run::Scope::scale);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        int code = app.exit(e);
        return code == 0 ? 0 : run::exit_bad_input;
    }

#ifdef HDASOKO_MPI
    if (session) {
        if (!*solve || level_arg == "all") {
            std::cerr << "hdasoko: under mpirun only `solve` of one level runs (HDA* over every rank)\n";
            return run::exit_bad_input;
        }
        if (mpi::rank() != 0) {  // the same search on every rank; one report
            settings.outputs.quiet = true;
            if (!std::freopen("/dev/null", "w", stdout)) return run::exit_internal;
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
                    return run::exit_bad_input;
                }
                chosen.push_back(&level::select_level(collection, n, cli::input_name(solve_file)));
            }
            return agreed(run_levels(chosen, settings, single));
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
                    return run::exit_bad_input;
                }
                chosen.push_back(&level::select_level(collection, n, cli::input_name(analyze_file)));
            }
            return cli::run_analyze(chosen, single, analyze_csv, analyze_fives);
        }
        if (*verify) {
            if (verify_file == "-" && solution_arg == "-") {
                std::cerr << "hdasoko: verify: the level and the solution cannot both come from standard input\n";
                return run::exit_bad_input;
            }
            return cli::run_verify(cli::load_levels(verify_file), cli::input_name(verify_file), solution_arg,
                                   verify_level);
        }
        if (*scale) {
            if (!replot_csv.empty()) {
                if (scale_request.plot_path.empty()) {
                    std::cerr << "hdasoko: --replot needs --plot\n";
                    return run::exit_bad_input;
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
                    return run::exit_bad_input;
                }
                scale_request.threads.push_back(t);
            }
            if (scale_request.threads.empty() || scale_request.threads.front() != 1)
                scale_request.threads.insert(scale_request.threads.begin(), 1);  // the baseline
            run::signals::install();
            return cli::run_scale(l, search_options(scale_settings), scale_request);
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
            return run_levels(chosen, bench_settings, false);
        }
    } catch (const level::ParseError& e) {
        std::cerr << "hdasoko: " << e.what() << '\n';
        return failed(run::exit_bad_input);
    } catch (const std::bad_alloc&) {
        std::cerr << "hdasoko: out of memory\n";
        return failed(run::exit_memory_limit);
    } catch (const std::exception& e) {
        std::cerr << "hdasoko: internal error: " << e.what() << '\n';
        return failed(run::exit_internal);
    }
    return failed(run::exit_internal);
}
