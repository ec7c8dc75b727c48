// engine/run: the option table. Every option a run takes is written once,
// here: its name, value type, range or choices, unit, help, the searches that
// read it, and how it reads and writes Settings. The command line registers
// its flags from the table, `--help` and the README's options block are
// printed from it, the JSON run header lists every option's value from it,
// and the differential test turns each technique on and off from it. Adding
// an option touches this table and the code that reads the value.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "portfolio/portfolio.hpp"
#include "search/metric.hpp"
#include "search/search.hpp"

namespace hdasoko::run {

// What searches a level (Settings::algorithm()).
//   portfolio:   a race of members (portfolio/portfolio.hpp), the default;
//   astar, hda:  one search alone (--search, or --heuristic naming a bound);
//   metric:      the lexicographic pushes/moves search (--metric);
//   distributed: HDA* over MPI ranks (engine/mpi; set under mpirun).
enum class Algorithm { portfolio, astar, hda, metric, distributed };
const char* algorithm_name(Algorithm algorithm);

// Where results go besides the text on stdout.
struct Outputs {
    bool json = false;      // JSON on stdout instead of text
    bool quiet = false;     // no progress on stderr
    std::string csv_path;   // one row per level
    std::string sok_path;   // the levels with their solutions, SOK format
    std::string plot_path;  // per-level times and results as SVG
    int jobs = 1;           // levels of a collection solved at once
};

// Everything the options set, before the run resolves what was left open.
struct Settings {
    search::Options search;
    // Unset: matching for a search alone, each member's own in a portfolio.
    std::optional<heuristic::Kind> heuristic;
    // Unset: the mode's default portfolio (or hda when --heuristic is given).
    std::optional<Algorithm> lone;
    portfolio::Mode mode = portfolio::Mode::optimal;
    std::string portfolio;                 // member list; empty: the mode's default
    std::optional<search::Metric> metric;  // prove a second objective
    bool improve = false;                  // --mode any: shorter solutions while time is left
    int threads = 0;                       // 0: every hardware thread
    double memory_limit_mb = 0;            // 0: three quarters of physical memory
    Outputs outputs;

    // What searches a level, from --search, --heuristic, --portfolio,
    // --metric and --mode.
    Algorithm algorithm() const;
    // The plain default (the optimal portfolio alone) also proves the
    // fewest moves among the push-optimal solutions.
    bool minimize_moves() const;
    // The portfolio's member list ("default" when none was named).
    std::string members() const;
    // search with the open choices resolved: the heuristic, the threads
    // (0: `hardware_threads`), the memory limit in bytes (0: three quarters
    // of `physical_bytes`).
    search::Options resolved(unsigned hardware_threads, uint64_t physical_bytes) const;
};

enum class Type {
    on_off,    // --name / --no-name
    integer,   // whole number in [min, max]
    real,      // number in [min, max]
    choice,    // one of `choices`
    text,      // free text (a path, a member list)
};

// The subcommands an option belongs to.
enum Scope : unsigned {
    solve = 1,
    bench = 2,
    scale = 4,
    searches = solve | bench | scale,  // what one search reads
    runs = solve | bench,               // how levels are run and reported
};

struct Spec {
    std::string name;  // the long flag without dashes
    Type type = Type::text;
    std::string unit;  // of integer and real values ("s", "MB", "states"); may be empty
    double min = 0, max = 0;            // integer and real
    std::vector<std::string> choices;   // choice
    int first = 0;                      // choice: the enum value of choices[0]
    std::string help;                   // one line
    std::string readers;                // the searches that read it
    unsigned scope = Scope::searches;
    // A pruning or bound technique that keeps push optimality: the
    // differential test checks the proven lengths with it on and off.
    bool technique = false;
    // The value in `settings` as the command line writes it ("on", "12",
    // "auto", "" when unset).
    std::string (*get)(const Spec& spec, const Settings& settings) = nullptr;
    // Sets the value from `text`; an error message, or empty when done.
    std::string (*set)(const Spec& spec, Settings& settings, std::string_view text) = nullptr;

    // The value `text` would set, checked: an error message or empty.
    std::string check(std::string_view text) const;
    // How the value is written in help: "N", "SECONDS", "plan|goals|lifo".
    std::string value_name() const;
};

// The table, in help order.
std::span<const Spec> options();
// The entry named `name`; null when there is none.
const Spec* find_option(std::string_view name);

// The options block of the README: one line per option of `scope`.
std::string usage_block(unsigned scope = Scope::solve);

// Every option of `scope` with its value in `settings`, as a JSON object.
std::string options_json(const Settings& settings, unsigned scope = Scope::solve);

}  // namespace hdasoko::run
