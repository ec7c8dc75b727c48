// Fuzz target: every search on fuzzed small levels. The first two bytes pick a
// configuration of tests/generate/differential (A*, HDA*, bidirectional,
// reverse, the any-solution orders, every portfolio member; each heuristic,
// PI-corral on and off). The rest is the level: its text when it parses into
// a small enough level, and otherwise the bytes read as a grid (grid_level
// below), so that every input makes a search and mutations explore boards,
// not parse errors. Kept cheap so that a run makes 100,000s of searches:
// tiny levels only (at most 4 boxes, 48 interior squares), a tight node
// limit, and the PDB built only by the configurations that use it. The
// answer is judged against the reference BFS (optimal push count,
// unsolvable exactly when BFS says so) when BFS finishes within its own
// small cap, and every solution must verify; a memory limit on such a
// level is a finding too (see below).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "board/board.hpp"
#include "generate/differential.hpp"
#include "generate/push_bfs.hpp"
#include "level/level.hpp"
#include "memory/budget.hpp"

using namespace hdasoko;

namespace {
constexpr size_t max_input = 512;          // bytes of level text
constexpr int max_boxes = 4;
constexpr int max_cells = 48;              // interior squares
constexpr uint64_t node_limit = 500;       // expansions per search
constexpr size_t bfs_max_states = 5000;

// Searches run, and how many of them came from level text, printed at exit.
struct SolveCount {
    uint64_t searches = 0;
    uint64_t from_text = 0;
    ~SolveCount() { std::cerr << "solve_fuzz: " << searches << " searches run (" << from_text << " from level text)\n"; }
} count;

bool small(const level::Level& l) {
    const board::Board board(l);
    return board.boxes() <= max_boxes && board.cells() <= max_cells;
}

std::optional<level::Level> text_level(std::string_view text) {
    try {
        auto levels = level::parse_collection(text, "fuzz");
        if (small(levels.front())) return std::move(levels.front());
    } catch (const level::ParseError&) {
    }
    return std::nullopt;
}

// The bytes as a grid inside a wall: the first gives the width (3-8), each
// further byte one square (at most 6 rows): low three bits 0-3 floor,
// 4 wall, 5 box, 6 goal, 7 box on goal. The player stands on the first
// square whose byte is 0xF0 or above, else on the first square that is not
// a wall (a box there is dropped); what the player cannot reach becomes
// wall, and surplus boxes or
// goals (beyond the smaller count, or beyond max_boxes) become floor. None
// when no box or no square for the player is left.
std::optional<level::Level> grid_level(std::string_view bytes) {
    if (bytes.size() < 2) return std::nullopt;
    const int width = 3 + static_cast<uint8_t>(bytes[0]) % 6;
    const int height = std::min<int>(6, (static_cast<int>(bytes.size()) - 1 + width - 1) / width);
    const int n = width * height;
    std::string cells(n, ' ');
    int player = -1;
    for (int i = 0; i < n; ++i) {
        const auto b = static_cast<uint8_t>(static_cast<size_t>(i) + 1 < bytes.size() ? bytes[i + 1] : 0);
        cells[i] = "    #$.*"[b % 8];
        if (b >= 0xF0 && player < 0 && cells[i] != '#') player = i;
    }
    if (player < 0) player = static_cast<int>(cells.find_first_not_of('#'));
    if (player < 0 || player >= n) return std::nullopt;
    if (cells[player] == '$' || cells[player] == '*') cells[player] = cells[player] == '*' ? '.' : ' ';
    // The player's area: squares joined to the player's through non-walls.
    std::vector<char> reached(n, 0);
    std::vector<int> stack{player};
    reached[player] = 1;
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        const int x = i % width, y = i / width;
        for (const int j : {x > 0 ? i - 1 : -1, x + 1 < width ? i + 1 : -1, y > 0 ? i - width : -1,
                            y + 1 < height ? i + width : -1})
            if (j >= 0 && !reached[j] && cells[j] != '#') {
                reached[j] = 1;
                stack.push_back(j);
            }
    }
    int boxes = 0, goals = 0;
    for (int i = 0; i < n; ++i) {
        if (!reached[i]) cells[i] = '#';
        boxes += cells[i] == '$' || cells[i] == '*';
        goals += cells[i] == '.' || cells[i] == '*';
    }
    const int keep = std::min({boxes, goals, max_boxes});
    if (keep == 0) return std::nullopt;
    int kept_boxes = 0, kept_goals = 0;
    for (int i = 0; i < n; ++i) {
        char& c = cells[i];
        const bool box = (c == '$' || c == '*') && kept_boxes < keep;
        const bool goal = (c == '.' || c == '*') && kept_goals < keep;
        kept_boxes += box;
        kept_goals += goal;
        if (c != '#') c = box ? (goal ? '*' : '$') : goal ? '.' : ' ';
    }
    cells[player] = cells[player] == '.' ? '+' : '@';
    std::string text(width + 2, '#');
    text += '\n';
    for (int y = 0; y < height; ++y) text += '#' + cells.substr(y * width, width) + "#\n";
    text += std::string(width + 2, '#') + '\n';
    return level::parse_collection(text, "grid").front();  // well formed by construction
}
}  // namespace

// A small budget for the whole process (memory/budget.hpp; under the
// sanitizers it counts the search's pages): a search that passes it on
// these levels ends as a memory limit, which is a finding below.
constexpr uint64_t budget_bytes = uint64_t{64} << 20;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    memory::set_limit(memory::used() + budget_bytes);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 3 || size > max_input) return 0;
    const auto& configs = generate::configs();
    // Two bytes, little-endian: there are more configurations than one byte
    // names (523; with one, those from 256 on, tunnel macros with the
    // matching and PDB bounds among them, were never fuzzed).
    const generate::Config& config = configs[(data[0] | data[1] << 8) % configs.size()];
    const std::string_view text(reinterpret_cast<const char*>(data + 2), size - 2);
    std::optional<level::Level> parsed = text_level(text);
    if (parsed) ++count.from_text;
    else parsed = grid_level(text);
    if (!parsed) return 0;
    const level::Level& l = *parsed;
    const board::Board board(l);
    search::Options base;
    base.limits.node_limit = node_limit;
    const generate::BfsAnswer expected = generate::bfs(l, bfs_max_states);
    ++count.searches;
    const generate::Answer answer = config.run(board, base);
    // A level this small needs kilobytes: a memory limit here is a runaway
    // allocation caught (issue 68: a bound that wrapped asked for 2^32 open
    // list buckets; under ulimit it failed and was taken for a clean
    // limit). libFuzzer's -malloc_limit_mb (tests/fuzz/run.sh) catches the
    // request itself.
    if (answer.result.outcome == search::Outcome::memory_limit) {
        std::cerr << level::to_xsb(l) << "\n" << config.name << ": memory_limit on a level this small\n";
        std::abort();
    }
    const auto disagreements = generate::judge(l, board, expected, config, answer, true);
    if (!disagreements.empty()) {
        std::cerr << level::to_xsb(l) << '\n';
        for (const auto& d : disagreements) std::cerr << d << '\n';
        std::abort();
    }
    return 0;
}
