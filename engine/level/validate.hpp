// engine/level/validate: the checks that make a board read by the parser a
// usable level (one player, boxes == goals, closed, within the engine limits,
// nothing stranded outside the player's area). Internal to level/: the rest of
// the engine sees only level.hpp; parse.cpp reads text, this file judges it.
#pragma once

#include <string>
#include <vector>

#include "level/level.hpp"

namespace hdasoko::level::detail {

// `level` holds canonical rows (padded to width); `line_lengths[y]` is how many
// characters row y had in its source line (trailing blanks kept, '\r' not).
// Squares at x >= line_lengths[y] lie outside the board as written.
// Throws ParseError at the offending square; returns normally when usable.
void validate(const Level& level, const std::vector<int>& line_lengths);

// A character as an error message quotes it: 'x', '\t', '\x01'.
std::string quote_char(char c);

}  // namespace hdasoko::level::detail
