// perf/tables: the build time of the per-search tables (pair conflicts,
// goal-room patterns) at 1 and T threads, median of R builds each, per level,
// and the goal patterns' relaxed states.
// The pair-conflict table is built on the search's threads, so its time is
// part of every HDA* run's wall time (hdasoko scale's seconds).
//   perf/tables FILE LEVEL[,LEVEL...] [THREADS] [REPEAT]      (defaults 2 5)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "deadlock/goal_patterns.hpp"
#include "heuristic/pair_conflicts.hpp"
#include "level/level.hpp"

using namespace hdasoko;
using Clock = std::chrono::steady_clock;

namespace {

template <class F>
double median_seconds(int repeat, F&& build) {
    std::vector<double> s;
    for (int r = 0; r < repeat; ++r) {
        const auto start = Clock::now();
        build();
        s.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    std::sort(s.begin(), s.end());
    return s[s.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s FILE LEVEL[,LEVEL...] [THREADS] [REPEAT]\n", argv[0]);
        return 2;
    }
    const std::vector<level::Level> levels = level::load_collection(argv[1]);
    const int threads = argc > 3 ? std::atoi(argv[3]) : 2;
    const int repeat = argc > 4 ? std::atoi(argv[4]) : 5;
    std::printf("level\tpairs_1_ms\tpairs_%d_ms\tspeedup\tgoal_patterns_1_ms\tgoal_patterns_%d_ms\tspeedup\tstates\n",
                threads, threads);
    std::stringstream list(argv[2]);
    for (std::string item; std::getline(list, item, ',');) {
        const int n = std::atoi(item.c_str());
        if (n < 1 || n > static_cast<int>(levels.size())) continue;
        const board::Board board(levels[n - 1]);
        auto pairs = [&](int t) {
            return median_seconds(repeat, [&] {
                heuristic::PairConflicts table(board, heuristic::PairConflicts::default_memory_limit, nullptr, t);
            });
        };
        const double one = pairs(1), many = pairs(threads);
        auto goals = [&](int t) {
            return median_seconds(repeat, [&] {
                deadlock::GoalPatterns table(board, deadlock::GoalPatterns::default_max_states, nullptr, t);
            });
        };
        const double goals_one = goals(1), goals_many = goals(threads);
        std::printf("%d\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f\t%zu\n", n, one * 1e3, many * 1e3,
                    many > 0 ? one / many : 0, goals_one * 1e3, goals_many * 1e3,
                    goals_many > 0 ? goals_one / goals_many : 0, deadlock::GoalPatterns(board).states());
    }
}
