// perf/phases: where an HDA* search's time goes (hdasoko solve --search hda's
// search_s, without the PDB), at 1 and T workers, median of R runs each:
//   tables     the per-search tables (pair conflicts, goal patterns), built
//              on the search's threads (search::build_shared_tables)
//   construct  the workers (their expanders, shards, lookahead table)
//   run        the search itself
// and what a T-worker speedup can reach on the level when the search part
// goes no faster than one worker's (a dive: every expansion needs the one
// before it, so with one worker's order only a split of one expansion
// between threads would shorten it):
//   bound = one worker's total / (its tables / T + its construct + its run)
// that is, even with the tables split perfectly over T threads.
//   perf/phases FILE LEVEL[,LEVEL...] [THREADS] [REPEAT] [pdb|matching]   (defaults 2 7 pdb)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "search/hda_run.hpp"

using namespace hdasoko;
using Clock = std::chrono::steady_clock;

namespace {

double ms(Clock::time_point from, Clock::time_point to) {
    return std::chrono::duration<double, std::milli>(to - from).count();
}
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

struct Phases {
    double tables, construct, run, expanded;
    double total() const { return tables + construct + run; }
};

// Median of each phase over `repeat` searches of `board` with `threads` workers.
Phases measure(const board::Board& board, const search::Options& base, int threads, int repeat) {
    std::vector<double> tables, construct, run, expanded;
    for (int r = 0; r < repeat; ++r) {
        search::Options options = base;
        options.threads = threads;
        const auto start = Clock::now();
        search::Options shared = options;
        search::build_shared_tables(board, options, shared);
        const auto built = Clock::now();
        search::Hda<search::Order::astar, search::Expander, search::NoMeet, search::LocalNet> hda(board, shared);
        const auto constructed = Clock::now();
        const search::SearchResult result = hda.run();
        const auto end = Clock::now();
        if (result.outcome != search::Outcome::solved) {
            std::fprintf(stderr, "not solved\n");
            std::exit(1);
        }
        tables.push_back(ms(start, built));
        construct.push_back(ms(built, constructed));
        run.push_back(ms(constructed, end));
        expanded.push_back(static_cast<double>(result.stats.expanded));
    }
    return {median(tables), median(construct), median(run), median(expanded)};
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s FILE LEVEL[,LEVEL...] [THREADS] [REPEAT] [pdb|matching]\n", argv[0]);
        return 2;
    }
    const std::vector<level::Level> levels = level::load_collection(argv[1]);
    const int threads = argc > 3 ? std::atoi(argv[3]) : 2;
    const int repeat = std::max(1, argc > 4 ? std::atoi(argv[4]) : 7);
    const bool pdb = argc <= 5 || std::strcmp(argv[5], "matching") != 0;
    std::printf("level\tworkers\ttables_ms\tconstruct_ms\trun_ms\ttotal_ms\texpanded\tspeedup\tbound\n");
    std::stringstream list(argv[2]);
    for (std::string item; std::getline(list, item, ',');) {
        const int n = std::atoi(item.c_str());
        if (n < 1 || n > static_cast<int>(levels.size())) continue;
        const board::Board board(levels[n - 1]);
        search::Options options;
        options.heuristic = pdb ? heuristic::Kind::pdb : heuristic::Kind::matching;
        if (pdb) options.pdb = search::pdb_table(board, options);  // not timed: `solve` reports it as pdb_s
        const Phases one = measure(board, options, 1, repeat);
        const Phases many = measure(board, options, threads, repeat);
        const double bound = one.total() / (one.tables / threads + one.construct + one.run);
        for (const auto& [workers, p] : {std::pair{1, one}, std::pair{threads, many}})
            std::printf("%d\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.0f\t%.2f\t%.2f\n", n, workers, p.tables, p.construct, p.run,
                        p.total(), p.expanded, one.total() / p.total(), bound);
        std::fflush(stdout);
    }
}
