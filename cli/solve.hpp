// The solve pipeline shared by the subcommands: parse -> analyze -> search
// -> reconstruct -> verify, with the time of each phase, and the exit-code
// bands of the command.
#pragma once

#include <string>

#include "level/level.hpp"
#include "search/search.hpp"

namespace hdasoko::cli {

// Exit codes in documented bands (README "Exit codes").
enum Exit : int {
    exit_solved = 0,
    exit_unsolvable = 10,
    exit_time_limit = 20,
    exit_memory_limit = 21,
    exit_node_limit = 22,
    exit_interrupted = 23,
    exit_bad_input = 30,
    exit_internal = 40,
};

struct Phases {
    double analyze_s = 0, pdb_s = 0, search_s = 0, reconstruct_s = 0, verify_s = 0;
    double total() const { return analyze_s + pdb_s + search_s + reconstruct_s + verify_s; }
};

struct Solved {
    const level::Level* level = nullptr;
    search::SearchResult result;
    std::string lurd;       // verified solution when result.outcome == solved
    int pushes = -1;
    int moves = -1;
    bool verified = false;
    std::string error;      // internal error (rejected solution), else empty
    Phases phases;
    int exit_code() const;
};

// `parallel`: HDA* with options.threads workers, else sequential A*. A PDB
// heuristic's database is built here (phase pdb) unless options holds one.
Solved solve_level(const level::Level& level, const search::Options& options, bool parallel);

}  // namespace hdasoko::cli
