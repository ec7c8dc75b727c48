// engine/level: XSB and SOK text in, validated levels out.
// Owns parsing of single levels and collections (titles, `;` comments, `-`/`_`
// as floor, player/box on goal, the `p P b B` variants, run-length encoded
// rows, SOK solution sections and comment blocks) and every check that makes a level usable by
// the rest of the engine; each failure is a ParseError naming file, line and
// column. It knows nothing of cells, states or search: board/ builds on it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace hdasoko::level {

// Engine limits. Interior squares (those the player could ever stand on or a
// box could ever occupy) are numbered 0..n-1 by board/; n must fit max_cells.
constexpr int max_cells = 1024;
constexpr int max_width = 256;
constexpr int max_height = 256;
constexpr int max_boxes = 255;

// A solution stored with a level (SOK "Solution" section), decoded to plain
// LURD (run lengths expanded); not checked here: solution/verify replays it.
struct StoredSolution {
    std::string name;  // the rest of the section's header line, e.g. "(97/256)"
    int line = 0;      // 1-based line of the header
    std::string lurd;
};

// One level in canonical form. `rows` holds `height` strings of exactly
// `width` characters from "# .$*@+" (floor `-`/`_` become ' '; short lines are
// padded with ' '). Squares the player cannot reach through floor and boxes
// (outside the walls) are left as read, so printing `rows` shows the level as
// written. Invariants, checked by the parser: exactly one player; at least one
// box; boxes == goals; the player cannot walk off the board; every box and
// goal off the player's area is a box already on a goal.
struct Level {
    std::string title;    // "Title:" line, else the `; name` comment before it, else ""
    std::string source;   // file name as given to the parser
    int number = 0;       // 1-based position in its collection
    int first_line = 0;   // 1-based source line of rows[0]
    int width = 0;
    int height = 0;
    std::vector<std::string> rows;
    std::vector<StoredSolution> solutions;  // SOK solution sections after the board

    char at(int x, int y) const { return rows[y][x]; }
};

// What went wrong and where. what() reads "file:line:column: message";
// line/column are 1-based, 0 where not applicable (e.g. a file that cannot be
// opened has line 0).
class ParseError : public std::runtime_error {
public:
    ParseError(std::string file, int line, int column, std::string message);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    int column() const { return column_; }
    const std::string& message() const { return message_; }

private:
    std::string file_;
    int line_;
    int column_;
    std::string message_;
};

// Parses every level of a collection (one level is a collection of one).
// Throws ParseError on the first bad level, and for a text with no level.
std::vector<Level> parse_collection(std::string_view text, const std::string& file_name);

// Reads and parses a file; an unreadable file is a ParseError too.
std::vector<Level> load_collection(const std::string& path);

// Level `number` (1-based) of a collection; out of range is a ParseError
// naming the file and the valid range.
const Level& select_level(const std::vector<Level>& collection, int number,
                          const std::string& file_name);

// The first level whose title equals `title`; none is a ParseError.
const Level& select_level_by_title(const std::vector<Level>& collection,
                                   const std::string& title, const std::string& file_name);

// Canonical XSB text of a level (rows with trailing blanks trimmed).
std::string to_xsb(const Level& level);

}  // namespace hdasoko::level
