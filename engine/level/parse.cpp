// engine/level/parse: XSB collections to levels. Splits the text into lines,
// groups board rows into levels, checks each row's characters and the size
// limits, and picks titles from `;` comments and `Title:` lines. The checks on
// a whole board (players, boxes, closedness) live in validate.cpp.
//
// Tabs in a board row are an error, not expanded: their width is a guess
// (4? 8?) and a wrong guess silently shifts walls, so we ask for spaces.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "level/level.hpp"
#include "level/validate.hpp"

namespace hdasoko::level {

namespace {

constexpr std::string_view board_chars = "#@+$*.-_ ";

bool is_blank(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view s) {
    while (!s.empty() && (is_blank(s.front()) || s.front() == '\r')) s.remove_prefix(1);
    while (!s.empty() && (is_blank(s.back()) || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

// A board row starts (after blanks) with '#', or holds only board characters
// (and blanks) with at least one '#', such as "  $ #" whose left wall is
// missing: that row still belongs to the board, which validation will reject.
bool is_board_row(std::string_view line) {
    const size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos) return false;
    if (line[first] == '#') return true;
    bool wall = false;
    for (char c : line) {
        if (c == '#') wall = true;
        if (c != '\t' && board_chars.find(c) == std::string_view::npos) return false;
    }
    return wall;
}

bool starts_with_title_key(std::string_view s) {
    constexpr std::string_view key = "title:";
    if (s.size() < key.size()) return false;
    for (size_t i = 0; i < key.size(); ++i) {
        char c = s[i];
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        if (c != key[i]) return false;
    }
    return true;
}

// Walks the text line by line; one instance per parse_collection call.
class CollectionParser {
public:
    CollectionParser(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    std::vector<Level> run() {
        while (next_line()) {
            if (is_board_row(line_)) {
                if (!in_board_) begin_board();
                add_row();
            } else {
                if (in_board_) end_board();
                read_metadata(trim(line_));
            }
        }
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
        row_lines_.clear();
        line_lengths_.clear();
        width_ = 0;
    }

    void add_row() {
        std::string_view row = line_;
        while (!row.empty() && row.back() == ' ') row.remove_suffix(1);
        for (size_t i = 0; i < row.size(); ++i) {
            if (row[i] == '\t') {
                fail(static_cast<int>(i) + 1, "tab in a board row: use spaces");
            }
            if (board_chars.find(row[i]) == std::string_view::npos) {
                fail(static_cast<int>(i) + 1, "unknown character " + detail::quote_char(row[i]) +
                                                  " in a board row");
            }
        }
        if (row.size() > static_cast<size_t>(max_width)) {
            fail(max_width + 1, "level too wide: " + std::to_string(row.size()) +
                                    " columns (limit " + std::to_string(max_width) + ")");
        }
        if (rows_.size() == static_cast<size_t>(max_height)) too_tall();
        width_ = std::max(width_, static_cast<int>(row.size()));
        rows_.push_back(row);
        row_lines_.push_back(line_number_);
        line_lengths_.push_back(static_cast<int>(std::min(line_.size(), size_t{1} << 30)));
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
        level.first_line = row_lines_.front();
        level.width = width_;
        level.height = static_cast<int>(rows_.size());
        level.title = pending_title_.empty() ? pending_comment_ : pending_title_;
        titled_ = !pending_title_.empty();
        pending_title_.clear();
        pending_comment_.clear();
        level.rows.reserve(rows_.size());
        for (std::string_view source : rows_) {
            std::string row(source);
            std::replace(row.begin(), row.end(), '-', ' ');
            std::replace(row.begin(), row.end(), '_', ' ');
            row.resize(width_, ' ');
            level.rows.push_back(std::move(row));
        }
        detail::validate(level, line_lengths_);
        levels_.push_back(std::move(level));
    }

    // `; text` is a comment: the last non-empty one before a board names it.
    // `Title: text` names the board before it (it wins over a comment); one
    // before any board, or a second one, names the next board instead.
    void read_metadata(std::string_view line) {
        if (line.empty()) return;
        if (line.front() == ';') {
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
    std::vector<std::string_view> rows_;  // the current board, trailing blanks dropped
    std::vector<int> row_lines_;
    std::vector<int> line_lengths_;  // with trailing blanks: the line as the user sees it
    int width_ = 0;

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
