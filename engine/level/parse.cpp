// engine/level/parse: XSB and SOK collections to levels. Splits the text into
// lines, groups board rows into levels (run-length encoded rows expanded,
// `p P b B` read as `@ + $ *`), checks each row's characters and the size
// limits, picks titles from `;` comments and `Title:` lines, reads SOK
// "Solution" sections into Level::solutions and skips "Comment:" ..
// "Comment-End:" blocks. The checks on a whole board (players, boxes,
// closedness) live in validate.cpp.
//
// Tabs in a board row are an error, not expanded: their width is a guess
// (4? 8?) and a wrong guess silently shifts walls, so we ask for spaces.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "level/level.hpp"
#include "level/run_length.hpp"
#include "level/validate.hpp"

namespace hdasoko::level {

namespace {

constexpr std::string_view board_chars = "#@+$*.-_ pPbB";

// The canonical square of a board character ('-' and '_' floor, the letter
// variants of player and boxes).
char canonical(char c) {
    switch (c) {
        case '-': case '_': return ' ';
        case 'p': return '@';
        case 'P': return '+';
        case 'b': return '$';
        case 'B': return '*';
        default: return c;
    }
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && (is_blank(s.front()) || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (is_blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// A board row starts (after blanks) with '#', or holds only board characters
// (and blanks, run lengths and `|`) with at least one '#', such as "  $ #"
// whose left wall is missing: that row still belongs to the board, which
// validation will reject.
bool is_board_row(std::string_view line) {
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) return false;
    if (line[first] == '#') return true;
    bool wall = false;
    for (char c : line) {
        if (c == '#') wall = true;
        if (c != '\t' && c != '|' && !is_digit(c) && board_chars.find(c) == std::string_view::npos) return false;
    }
    return wall;
}

// `s` begins with `key` (lower case), in any case.
bool starts_with_key(std::string_view s, std::string_view key) {
    if (s.size() < key.size()) return false;
    for (size_t i = 0; i < key.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != key[i]) return false;
    }
    return true;
}

bool starts_with_title_key(std::string_view s) { return starts_with_key(s, "title:"); }

// "Solution", "Solution (97/256)", "solution: ...": not "Solutions are ...".
bool is_solution_header(std::string_view s) {
    if (!starts_with_key(s, "solution")) return false;
    if (s.size() == 8) return true;
    const char next = s[8];
    return next == ' ' || next == '\t' || next == '(' || next == ':' || next == '/';
}

// A line of moves: LURD letters, run lengths, groups, blanks; at least one letter.
bool is_moves_line(std::string_view s) {
    bool letter = false;
    for (char c : s) {
        if (std::string_view("lurdLURD").find(c) != std::string_view::npos) letter = true;
        else if (!is_digit(c) && c != '(' && c != ')' && c != ' ' && c != '\t') return false;
    }
    return letter;
}

// Walks the text line by line; one instance per parse_collection call.
class CollectionParser {
public:
    CollectionParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    std::vector<Level> run() {
        while (next_line()) {
            if (in_comment_) {  // SOK: everything up to "Comment-End:" is text
                const std::string_view t = trim(line_);
                in_comment_ = !starts_with_key(t, "comment-end") && !starts_with_key(t, "comment_end");
                continue;
            }
            if (in_solution_ && read_moves(trim(line_))) continue;
            if (in_solution_) end_solution();
            if (is_board_row(line_)) {
                if (!in_board_) begin_board();
                add_row();
            } else {
                if (in_board_) end_board();
                read_metadata(trim(line_));
            }
        }
        if (in_solution_) end_solution();
        if (in_board_) end_board();
        if (levels_.empty()) {
            const bool empty = text_.find_first_not_of(" \t\r\n") == std::string_view::npos;
            throw ParseError(file_, 0, 0,
                             empty ? "empty file: no level in it"
                                   : "no level in file (a board row starts with '#')");
        }
        return std::move(levels_);
    }

private:
    // Sets line_ to the next line without its '\n' and a trailing '\r'.
    bool next_line() {
        if (position_ >= text_.size()) return false;
        const size_t end = std::min(text_.find('\n', position_), text_.size());
        line_ = text_.substr(position_, end - position_);
        if (!line_.empty() && line_.back() == '\r') line_.remove_suffix(1);
        position_ = end + 1;
        ++line_number_;
        return true;
    }

    void begin_board() {
        in_board_ = true;
        rows_.clear();
        sources_.clear();
        width_ = 0;
    }

    void add_row() {
        if (!has_runs(line_)) {
            add_row(line_, {});
            return;
        }
        // Run-length encoded: expand, then one board row per `|`-separated part.
        const RunLengthText runs = expand_runs(line_, '|');
        if (!runs.error.empty()) fail(runs.error_at + 1, runs.error);
        size_t begin = 0;
        for (size_t i = 0; i <= runs.text.size(); ++i) {
            if (i < runs.text.size() && runs.text[i] != '|') continue;
            // A part of floor alone is no row: skipped where a separator
            // opens or closes the board, an error inside it (written back
            // as XSB it would be a blank line, which ends a level).
            const std::string_view part = std::string_view(runs.text).substr(begin, i - begin);
            if (part.find_first_not_of(" -_") == std::string_view::npos) {
                const bool at_edge = rows_.empty() || i == runs.text.size();
                if (!at_edge)
                    fail(i < runs.source.size() ? runs.source[i] + 1 : 1, "empty row inside a run-length level");
                begin = i + 1;
                continue;
            }
            std::vector<int> columns;
            for (size_t k = begin; k < i; ++k) columns.push_back(runs.source[k] + 1);
            if (columns.empty()) columns.push_back(i < runs.source.size() ? runs.source[i] + 1 : 1);
            // Written back as XSB a row without a wall would not read as a
            // board row (is_board_row): such a part is no row either.
            if (!is_board_row(part)) fail(columns.front(), "row without a wall inside a run-length level");
            add_row(part, std::move(columns));
            begin = i + 1;
        }
    }

    // One board row as written (`columns`: the source column of each square
    // of an expanded row, else empty).
    void add_row(std::string_view written, std::vector<int> columns) {
        std::string_view row = written;
        while (!row.empty() && row.back() == ' ') row.remove_suffix(1);
        detail::RowSource source{line_number_, static_cast<int>(std::min(written.size(), size_t{1} << 30)),
                                 std::move(columns)};
        for (size_t i = 0; i < row.size(); ++i) {
            const int column = source.column(static_cast<int>(i));
            if (row[i] == '\t') {
                fail(column, "tab in a board row: use spaces");
            }
            if (board_chars.find(row[i]) == std::string_view::npos) {
                fail(column, "unknown character " + detail::quote_char(row[i]) + " in a board row");
            }
        }
        if (row.size() > static_cast<size_t>(max_width)) {
            fail(source.column(max_width), "level too wide: " + std::to_string(row.size()) +
                                               " columns (limit " + std::to_string(max_width) + ")");
        }
        if (rows_.size() == static_cast<size_t>(max_height)) too_tall();
        width_ = std::max(width_, static_cast<int>(row.size()));
        rows_.emplace_back(row);
        sources_.push_back(std::move(source));
    }

    // Counts the board's remaining rows for the message, then fails at the
    // first row past the limit.
    [[noreturn]] void too_tall() {
        const int line = line_number_;
        int height = max_height + 1;
        while (next_line() && is_board_row(line_)) ++height;
        throw ParseError(file_, line, 1,
                         "level too tall: " + std::to_string(height) + " rows (limit " +
                             std::to_string(max_height) + ")");
    }

    void end_board() {
        in_board_ = false;
        Level level;
        level.source = file_;
        level.number = static_cast<int>(levels_.size()) + 1;
        level.first_line = sources_.front().line;
        level.width = width_;
        level.height = static_cast<int>(rows_.size());
        level.title = pending_title_.empty() ? pending_comment_ : pending_title_;
        titled_ = !pending_title_.empty();
        pending_title_.clear();
        pending_comment_.clear();
        level.rows.reserve(rows_.size());
        for (std::string row : rows_) {
            for (char& c : row) c = canonical(c);
            row.resize(width_, ' ');
            level.rows.push_back(std::move(row));
        }
        detail::validate(level, sources_);
        levels_.push_back(std::move(level));
    }

    // SOK: "Solution ..." starts a section of move lines after a board.
    void begin_solution(std::string_view header) {
        if (levels_.empty()) fail(1, "solution section before any level");
        in_solution_ = true;
        solution_line_ = line_number_;
        solution_name_ = trim(header.substr(8));
        if (!solution_name_.empty() && solution_name_.front() == ':') solution_name_ = trim(solution_name_.substr(1));
        moves_.clear();
        moves_at_.clear();
        if (is_moves_line(solution_name_)) {  // "Solution: lurd..." on one line
            read_moves(solution_name_);
            solution_name_ = {};
        }
    }

    // Appends a line of moves to the open section; false for any other line
    // (blank lines right after the header are skipped).
    bool read_moves(std::string_view moves) {
        if (moves.empty() && moves_.empty()) return true;
        if (!is_moves_line(moves)) return false;
        const int column = static_cast<int>(moves.data() - line_.data()) + 1;
        for (size_t i = 0; i < moves.size(); ++i) {
            moves_ += moves[i];
            moves_at_.emplace_back(line_number_, column + static_cast<int>(i));
        }
        return true;
    }

    void end_solution() {
        in_solution_ = false;
        if (moves_.empty()) return;  // a header without moves (e.g. a note)
        StoredSolution solution{std::string(solution_name_), solution_line_, ""};
        std::string error;
        int at = 0;
        if (!decode_solution(moves_, solution.lurd, error, at)) {
            throw ParseError(file_, moves_at_[at].first, moves_at_[at].second, "bad solution: " + error);
        }
        levels_.back().solutions.push_back(std::move(solution));
    }

    // `; text` is a comment: the last non-empty one before a board names it.
    // `Title: text` names the board before it (it wins over a comment); one
    // before any board, or a second one, names the next board instead.
    void read_metadata(std::string_view line) {
        if (line.empty()) return;
        if (is_solution_header(line)) {
            begin_solution(line);
        } else if (starts_with_key(line, "comment:") && trim(line.substr(8)).empty()) {
            in_comment_ = true;
        } else if (line.front() == ';') {
            const std::string_view comment = trim(line.substr(1));
            if (!comment.empty()) pending_comment_ = comment;
        } else if (starts_with_title_key(line)) {
            const std::string_view title = trim(line.substr(6));
            if (!levels_.empty() && !titled_) {
                levels_.back().title = title;
                titled_ = true;
            } else {
                pending_title_ = title;
            }
        }
    }

    [[noreturn]] void fail(int column, std::string message) const {
        throw ParseError(file_, line_number_, column, std::move(message));
    }

    std::string_view text_;
    const std::string& file_;
    size_t position_ = 0;
    int line_number_ = 0;
    std::string_view line_;

    bool in_board_ = false;
    std::vector<std::string> rows_;  // the current board as written, trailing blanks dropped
    std::vector<detail::RowSource> sources_;
    int width_ = 0;

    bool in_comment_ = false;   // inside a SOK "Comment:" block
    bool in_solution_ = false;  // inside a SOK "Solution" section
    int solution_line_ = 0;
    std::string_view solution_name_;
    std::string moves_;  // the section's move characters, blanks dropped
    std::vector<std::pair<int, int>> moves_at_;  // line and column of each

    std::string pending_comment_;
    std::string pending_title_;
    bool titled_ = false;  // levels_.back() got its title from a Title: line
    std::vector<Level> levels_;
};

}  // namespace

std::vector<Level> parse_collection(std::string_view text, const std::string& file_name) {
    return CollectionParser(text, file_name).run();
}

}  // namespace hdasoko::level
