// engine/level/validate: per-level checks run by the parser once a board's rows
// are read. Order: players, boxes and goals, closedness (flood fill from the
// player), size, squares stranded outside the player's area. Each failure is a
// ParseError at the square that shows it, or at the level's first row.
#include "level/validate.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace hdasoko::level::detail {

namespace {

bool is_player(char c) { return c == '@' || c == '+'; }
bool is_box(char c) { return c == '$' || c == '*'; }
bool is_goal(char c) { return c == '.' || c == '*' || c == '+'; }

std::string count(int n, const char* one, const char* many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// Source position of square (x, y), as its row was written.
struct Where {
    const Level& level;
    const std::vector<RowSource>& rows;
    int line(int y) const { return rows[y].line; }
    int column(int x, int y) const { return rows[y].column(x); }
    [[noreturn]] void fail(int x, int y, std::string message) const {
        throw ParseError(level.source, line(y), column(x, y), std::move(message));
    }
    [[noreturn]] void fail_level(std::string message) const { fail(0, 0, std::move(message)); }
    std::string square(int x, int y) const {
        return "line " + std::to_string(line(y)) + ", column " + std::to_string(column(x, y));
    }
};

void check_player(const Level& level, const Where& where) {
    int player_x = -1;
    int player_y = -1;
    for (int y = 0; y < level.height; ++y) {
        for (int x = 0; x < level.width; ++x) {
            if (!is_player(level.at(x, y))) continue;
            if (player_x >= 0) {
                where.fail(x, y, "more than one player: the first is at " +
                                     where.square(player_x, player_y));
            }
            player_x = x;
            player_y = y;
        }
    }
    if (player_x < 0) where.fail_level("no player ('@' or '+') in the level");
}

void check_boxes_and_goals(const Level& level, const Where& where) {
    int boxes = 0;
    int goals = 0;
    for (const std::string& row : level.rows) {
        for (char c : row) {
            boxes += is_box(c);
            goals += is_goal(c);
        }
    }
    if (boxes == 0) where.fail_level("no boxes in the level");
    if (boxes != goals) {
        where.fail_level("boxes and goals differ: " + count(boxes, "box", "boxes") + ", " +
                         count(goals, "goal", "goals"));
    }
    if (boxes > max_boxes) {
        where.fail_level("too many boxes: " + std::to_string(boxes) + " (limit " +
                         std::to_string(max_boxes) + ")");
    }
}

// Flood fill from the player through every square that is not a wall (boxes
// included: any of them might be pushed away). Reaching the rectangle's border
// or a square past the end of its source line means the player can walk off.
// Returns the reached squares as a width*height mask.
std::vector<char> player_area(const Level& level, const std::vector<RowSource>& rows, const Where& where) {
    const int w = level.width;
    const int h = level.height;
    std::vector<char> reached(static_cast<size_t>(w) * h, 0);
    std::vector<int> queue;
    queue.reserve(reached.size());
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            if (is_player(level.at(x, y))) {
                reached[y * w + x] = 1;
                queue.push_back(y * w + x);
            }
        }
    }
    constexpr int dx[4] = {-1, 1, 0, 0};
    constexpr int dy[4] = {0, 0, -1, 1};
    for (size_t head = 0; head < queue.size(); ++head) {
        const int x = queue[head] % w;
        const int y = queue[head] / w;
        const bool outside_line = x >= rows[y].length;
        if (outside_line || x == 0 || y == 0 || x == w - 1 || y == h - 1) {
            where.fail(x, y, "board not closed: the player can walk off the board at " +
                                 where.square(x, y));
        }
        for (int d = 0; d < 4; ++d) {
            const int index = (y + dy[d]) * w + (x + dx[d]);  // in range: x, y not on the border
            if (reached[index] || level.at(x + dx[d], y + dy[d]) == '#') continue;
            reached[index] = 1;
            queue.push_back(index);
        }
    }
    return reached;
}

void check_size(const Level& level, const std::vector<char>& reached, const Where& where) {
    // Interior squares: the player's area, plus boxes on goals outside it,
    // which occupy their square for good.
    int interior = 0;
    for (int y = 0; y < level.height; ++y) {
        for (int x = 0; x < level.width; ++x) {
            interior += reached[y * level.width + x] || level.at(x, y) == '*';
        }
    }
    if (interior > max_cells) {
        where.fail_level("level too large: " + std::to_string(interior) +
                         " interior squares (limit " + std::to_string(max_cells) + ")");
    }
}

void check_outside(const Level& level, const std::vector<char>& reached, const Where& where) {
    for (int y = 0; y < level.height; ++y) {
        for (int x = 0; x < level.width; ++x) {
            if (reached[y * level.width + x]) continue;
            const char c = level.at(x, y);
            if (c == '$') where.fail(x, y, "box outside the player's area is not on a goal");
            if (c == '.') where.fail(x, y, "goal outside the player's area has no box");
        }
    }
}

}  // namespace

std::string quote_char(char c) {
    const auto byte = static_cast<unsigned char>(c);
    switch (c) {
    case '\t': return "'\\t'";
    case '\r': return "'\\r'";
    case '\'': return "'\\''";
    case '\\': return "'\\\\'";
    default: break;
    }
    if (byte >= 0x20 && byte < 0x7f) return std::string("'") + c + "'";
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "'\\x%02X'", byte);
    return buffer;
}

void validate(const Level& level, const std::vector<RowSource>& rows) {
    const Where where{level, rows};
    check_player(level, where);
    check_boxes_and_goals(level, where);
    const std::vector<char> reached = player_area(level, rows, where);
    check_size(level, reached, where);
    check_outside(level, reached, where);
}

}  // namespace hdasoko::level::detail
