// Fuzz target: the level/collection parser. Any text either parses into
// levels that keep the parser's promises (level.hpp: rows of exactly `width`
// board characters, one player, boxes == goals, at least one box, within the
// engine limits), whose canonical text parses back to the same rows, or is
// rejected with a ParseError naming a line and column inside the text.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "level/level.hpp"

using namespace hdasoko;

namespace {

void require(bool ok) {
    if (!ok) std::abort();
}

void check_level(const level::Level& l) {
    require(l.width >= 1 && l.width <= level::max_width && l.height >= 1 && l.height <= level::max_height);
    require(static_cast<int>(l.rows.size()) == l.height);
    int players = 0, boxes = 0, goals = 0;
    for (const std::string& row : l.rows) {
        require(static_cast<int>(row.size()) == l.width);
        for (char c : row) {
            require(std::string_view("# .$*@+").find(c) != std::string_view::npos);
            players += c == '@' || c == '+';
            boxes += c == '$' || c == '*';
            goals += c == '.' || c == '*' || c == '+';
        }
    }
    require(players == 1 && boxes >= 1 && boxes == goals && boxes <= level::max_boxes);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    try {
        const auto levels = level::parse_collection(text, "fuzz");
        require(!levels.empty());
        for (const level::Level& l : levels) {
            check_level(l);
            const auto again = level::parse_collection(level::to_xsb(l), "again");
            require(again.size() == 1);
            // to_xsb trims trailing blanks, so the width may shrink; the
            // squares that remain are the same.
            require(again[0].height == l.height);
            for (int y = 0; y < l.height; ++y)
                for (int x = 0; x < l.width; ++x)
                    require((x < again[0].width ? again[0].at(x, y) : ' ') == l.at(x, y));
        }
    } catch (const level::ParseError& e) {
        const long lines = std::count(text.begin(), text.end(), '\n') + 1;
        require(e.line() >= 0 && e.line() <= lines && e.column() >= 0);
        require(!e.message().empty());
    }
    return 0;
}
