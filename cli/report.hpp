// Output of the command: text for people (each number with its basis), JSON
// for programs (the same keys as SearchStats), and one-row-per-level tables.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "run/solve.hpp"

namespace hdasoko::cli {

std::string thousands(uint64_t n);          // 1234567 -> "1,234,567"
std::string fixed(double v, int digits);    // fixed(0.5, 2) -> "0.50"
std::string json_string(const std::string& s);
uint64_t peak_rss_bytes();                  // VmHWM of this process, 0 if unknown

void print_text(std::ostream& out, const run::Solved& solved, bool show_solution);
// `run`: the run header's JSON object (cli/run_header), under "run"; empty: none.
void print_json(std::ostream& out, const run::Solved& solved, const std::string& heuristic,
                const std::string& run = "");

// Collections: a header, a row per level, and a summary.
void print_row_header(std::ostream& out);
void print_row(std::ostream& out, const run::Solved& solved);
struct Summary {
    int levels = 0, solved = 0, optimal = 0;
    uint64_t expanded = 0, generated = 0, pushes = 0, moves = 0;
    // Levels by result, in order of first appearance: optimal, unproven (a
    // solution, not proven optimal), solved (any mode), or the outcome.
    std::vector<std::pair<std::string, int>> by_result;
    double seconds = 0;
    void add(const run::Solved& s);
};
void print_summary(std::ostream& out, const Summary& summary);
// CSV, one row per level: level,title,solved,outcome,pushes,lower_bound,moves,expanded,generated,
// seconds,optimal,winner,proven (solved: a verified solution is there; optimal: 1 when it is
// proven optimal; proven: pushes | pushes-then-moves | moves-then-pushes, what is proven;
// lower_bound: proven, on pushes; empty when the level is proven unsolvable)
void print_csv_header(std::ostream& out);
void print_csv_row(std::ostream& out, const run::Solved& solved);

// The level with its verified solution as a SOK "Solution" section, which
// Sokoban programs read (YSokoban, Sokoban YASC, JSoko).
void print_sok(std::ostream& out, const run::Solved& solved);

void print_json_collection(std::ostream& out, const std::vector<run::Solved>& all, const Summary& summary,
                           const std::string& heuristic, const std::string& run);

}  // namespace hdasoko::cli
