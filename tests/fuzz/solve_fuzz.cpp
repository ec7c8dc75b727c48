// Fuzz target: every search on fuzzed small levels. The first byte picks a
// configuration of tests/generate/differential (A*, HDA*, bidirectional,
// reverse, the any-solution orders, every portfolio member; each heuristic,
// PI-corral on and off), the rest is the level text. Kept cheap so that a
// run makes 100,000s of searches: tiny levels only (at most 4 boxes, 48
// interior squares), a tight node limit, and the PDB built only by the
// configurations that use it. The answer is judged against the reference BFS
// (optimal push count, unsolvable exactly when BFS says so) when BFS
// finishes within its own small cap, and every solution must verify.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string_view>

#include "board/board.hpp"
#include "generate/differential.hpp"
#include "generate/push_bfs.hpp"
#include "level/level.hpp"

using namespace hdasoko;

namespace {
constexpr size_t max_input = 512;          // bytes of level text
constexpr int max_boxes = 4;
constexpr int max_cells = 48;              // interior squares
constexpr uint64_t node_limit = 500;       // expansions per search
constexpr size_t bfs_max_states = 5000;

// Searches run (inputs that parsed into a small enough level), printed at exit.
struct SolveCount {
    uint64_t searches = 0;
    ~SolveCount() { std::cerr << "solve_fuzz: " << searches << " searches run\n"; }
} count;
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 2 || size > max_input) return 0;
    const auto& configs = generate::configs();
    const generate::Config& config = configs[data[0] % configs.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<level::Level> levels;
    try {
        levels = level::parse_collection(text, "fuzz");
    } catch (const level::ParseError&) {
        return 0;
    }
    const level::Level& l = levels.front();
    const board::Board board(l);
    if (board.boxes() > max_boxes || board.cells() > max_cells) return 0;
    search::Options base;
    base.limits.node_limit = node_limit;
    const generate::BfsAnswer expected = generate::bfs(l, bfs_max_states);
    ++count.searches;
    const auto disagreements = generate::judge(l, board, expected, config, config.run(board, base), true);
    if (!disagreements.empty()) {
        std::cerr << level::to_xsb(l) << '\n';
        for (const auto& d : disagreements) std::cerr << d << '\n';
        std::abort();
    }
    return 0;
}
