// engine/level/validate: the checks that make a board read by the parser a
// usable level (one player, boxes == goals, closed, within the engine limits,
// nothing stranded outside the player's area). Internal to level/: the rest of
// the engine sees only level.hpp; parse.cpp reads text, this file judges it.
#pragma once

#include <string>
#include <vector>

#include "level/level.hpp"

namespace hdasoko::level::detail {

// Where board row y came from: its line, how many squares it had as written
// (trailing blanks kept, '\r' not; squares at x >= length lie outside the
// board), and the 1-based source column of each square when the row was run-
// length encoded (empty: column x + 1).
struct RowSource {
    int line = 0;
    int length = 0;
    std::vector<int> columns;
    int column(int x) const {
        if (columns.empty()) return x + 1;
        return x < static_cast<int>(columns.size()) ? columns[x] : columns.back() + 1;
    }
};

// `level` holds canonical rows (padded to width), `rows` their sources.
// Throws ParseError at the offending square; returns normally when usable.
void validate(const Level& level, const std::vector<RowSource>& rows);

// A character as an error message quotes it: 'x', '\t', '\x01'.
std::string quote_char(char c);

}  // namespace hdasoko::level::detail
