// differential: the differential check (differential.hpp) over many
// generated levels, for runs longer than ctest's share.
//   differential [--seed S] [--count N] [--max-states M] [--rotating] [--write DIR] [--times N]
// Level i (0 <= i < N) is pulled_level(S + i / 2) for even i (solvable) and
// dropped_level(S + i / 2) for odd i (often unsolvable); levels whose BFS
// sees more than M states (default 200000) are skipped and counted. Prints a
// line per disagreement and a progress line every 100 levels (flushed), then
// the totals; exits 1 when any search disagreed with BFS. --write DIR only
// writes the levels to DIR, one file each (seeds for the fuzzers). --times N
// lists the N configurations that took the most wall time in all.
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <string>

#include "differential.hpp"
#include "level_generator.hpp"
#include "memory/budget.hpp"
#include "push_bfs.hpp"

using namespace hdasoko;

int main(int argc, char** argv) {
    // The levels are small: a runaway allocation fails at once as a memory
    // limit, a disagreement (issue 68), instead of taking the machine.
    memory::set_limit(memory::used() + (uint64_t{4} << 30));
    uint64_t seed = 20240601, count = 5000;
    size_t max_states = 200000;
    generate::Coverage coverage = generate::Coverage::full;
    std::string write_dir;
    size_t times = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--seed" && has_value) seed = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--count" && has_value) count = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--max-states" && has_value) max_states = std::strtoull(argv[++i], nullptr, 10);
        else if (arg == "--rotating") coverage = generate::Coverage::rotating;
        else if (arg == "--write" && has_value) write_dir = argv[++i];
        else if (arg == "--times" && has_value) times = std::strtoull(argv[++i], nullptr, 10);
        else {
            std::cerr << "usage: differential [--seed S] [--count N] [--max-states M] [--rotating] [--write DIR] [--times N]\n";
            return 2;
        }
    }
    if (!write_dir.empty()) std::filesystem::create_directories(write_dir);
    const auto start = std::chrono::steady_clock::now();
    uint64_t solvable = 0, unsolvable = 0, skipped = 0, disagreements = 0, bfs_states = 0;
    generate::DifferentialCount searches;
    for (uint64_t i = 0; i < count; ++i) {
        const bool pulled = i % 2 == 0;
        const uint64_t level_seed = seed + i / 2;
        const std::string text = pulled ? generate::pulled_level(level_seed) : generate::dropped_level(level_seed);
        const std::string name = std::string(pulled ? "pulled_level" : "dropped_level") + "(" +
                                 std::to_string(level_seed) + ")";
        if (!write_dir.empty()) {
            std::ofstream(write_dir + "/" + (pulled ? "pulled-" : "dropped-") + std::to_string(level_seed) + ".xsb") << text;
            continue;
        }
        const level::Level level = level::parse_collection(text, name).at(0);
        const generate::BfsAnswer expected = generate::bfs(level, max_states);
        bfs_states += expected.states;
        if (expected.kind == generate::BfsAnswer::too_large) ++skipped;
        else if (expected.kind == generate::BfsAnswer::solved) ++solvable;
        else ++unsolvable;
        if (pulled && expected.kind == generate::BfsAnswer::unsolvable) {
            std::cout << name << ": BFS calls a pulled (solvable) level unsolvable\n" << text;
            ++disagreements;
        }
        const auto found = generate::differential(level, expected, coverage, level_seed, searches);
        for (const std::string& d : found) std::cout << name << ": " << d << '\n';
        if (!found.empty()) std::cout << text << std::flush;
        disagreements += found.size();
        if ((i + 1) % 100 == 0 || i + 1 == count) {
            const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::cout << "levels " << i + 1 << "  solvable " << solvable << "  unsolvable " << unsolvable
                      << "  skipped " << skipped << "  searches " << searches.searches << "  disagreements "
                      << disagreements << "  seconds " << s << std::endl;
        }
    }
    if (!write_dir.empty()) {
        std::cout << "wrote " << count << " levels to " << write_dir << '\n';
        return 0;
    }
    std::cout << "seed " << seed << " count " << count << ": " << solvable + unsolvable << " levels checked ("
              << solvable << " solvable, " << unsolvable << " unsolvable), " << skipped
              << " skipped (BFS over " << max_states << " states), " << searches.searches << " searches, "
              << bfs_states << " BFS states, " << searches.tunnel_macros << " tunnel macros on "
              << searches.levels_with_tunnel_macros << " levels, " << disagreements << " disagreements\n";
    for (const auto& [seconds, name] : generate::slowest(searches.seconds, times))
        std::cout << std::fixed << std::setprecision(2) << std::setw(9) << seconds << " s  " << name << '\n';
    return disagreements ? 1 : 0;
}
