// engine/level/run_length: run-length encoding as Sokoban programs write it,
// for board rows ("4#|#@$.#": a count before a character repeats it, `|`
// separates rows) and for solutions ("3r2U" is "rrrUU"). Decoding only;
// hdasoko writes plain text.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace hdasoko::level {

constexpr int max_run = 4096;  // a longer run is an error, not a huge allocation

// The decoded text with, for each character, its 0-based offset in the
// source; or, when the text is malformed, the offset of the fault and what
// is wrong (error non-empty).
struct RunLengthText {
    std::string text;
    std::vector<int> source;
    int error_at = -1;
    std::string error;
};

// Expands "<count><char>" runs in `encoded`; characters without a count are
// kept once. A count must be 1..max_run and followed by a character other
// than a digit or `separator` (0 for none).
RunLengthText expand_runs(std::string_view encoded, char separator = 0);

// True when `line` uses run-length encoding: a digit, or a `|` row separator.
bool has_runs(std::string_view line);

// A solution in LURD as Sokoban programs write it, plain or run-length
// encoded ("3r2U", groups "2(lu)"), possibly over several lines; blanks and
// line breaks are dropped.
// Returns false with `error` (and 0-based `error_at` in `text`) when a count
// is malformed. Letters other than LURD are left for the verifier to reject.
bool decode_solution(std::string_view text, std::string& lurd, std::string& error, int& error_at);

}  // namespace hdasoko::level
