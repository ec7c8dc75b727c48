// engine/solution/verify: replays LURD on a copy of Level::rows with the plain
// rules of Sokoban and nothing from board/ or moves/. Trusts nothing about the
// level either: ragged rows and moves off the rectangle are errors, not UB.
#include "solution/verify.hpp"

#include <string>
#include <vector>

namespace hdasoko::solution {

namespace {

// The board as the replay sees it: walls, boxes and goals, and the player.
class Replay {
public:
    explicit Replay(const level::Level& level) {
        for (const std::string& row : level.rows) {
            walls_.emplace_back(row.size(), false);
            boxes_.emplace_back(row.size(), false);
            goals_.emplace_back(row.size(), false);
            const int y = static_cast<int>(walls_.size()) - 1;
            for (size_t x = 0; x < row.size(); ++x) {
                const char c = row[x];
                walls_[y][x] = c == '#';
                boxes_[y][x] = c == '$' || c == '*';
                goals_[y][x] = c == '.' || c == '*' || c == '+';
                if (c == '@' || c == '+') {
                    ++players_;
                    player_x_ = static_cast<int>(x);
                    player_y_ = y;
                }
            }
        }
    }

    int players() const { return players_; }

    bool inside(int x, int y) const {
        return y >= 0 && y < static_cast<int>(walls_.size()) && x >= 0 &&
               x < static_cast<int>(walls_[y].size());
    }
    bool wall(int x, int y) const { return !inside(x, y) || walls_[y][x]; }
    bool box(int x, int y) const { return inside(x, y) && boxes_[y][x]; }

    // Applies one move; returns "" or what makes it illegal.
    std::string move(char letter) {
        int dx = 0;
        int dy = 0;
        switch (letter | 0x20) {
        case 'l': dx = -1; break;
        case 'r': dx = 1; break;
        case 'u': dy = -1; break;
        case 'd': dy = 1; break;
        default: return "is not a LURD move";
        }
        const bool push = letter >= 'A' && letter <= 'Z';
        const int x = player_x_ + dx;
        const int y = player_y_ + dy;
        if (!inside(x, y)) return "walks off the board";
        if (walls_[y][x]) return push ? "pushes into a wall" : "walks into a wall";
        if (push) {
            if (!boxes_[y][x]) return "pushes but there is no box to push";
            const int to_x = x + dx;
            const int to_y = y + dy;
            if (!inside(to_x, to_y)) return "pushes a box off the board";
            if (walls_[to_y][to_x]) return "pushes a box into a wall";
            if (boxes_[to_y][to_x]) return "pushes a box into another box";
            boxes_[y][x] = false;
            boxes_[to_y][to_x] = true;
        } else if (boxes_[y][x]) {
            return "walks into a box (a push is upper case)";
        }
        player_x_ = x;
        player_y_ = y;
        return "";
    }

    int boxes_off_goals() const {
        int count = 0;
        for (size_t y = 0; y < boxes_.size(); ++y) {
            for (size_t x = 0; x < boxes_[y].size(); ++x) count += boxes_[y][x] && !goals_[y][x];
        }
        return count;
    }

private:
    std::vector<std::vector<bool>> walls_;
    std::vector<std::vector<bool>> boxes_;
    std::vector<std::vector<bool>> goals_;
    int players_ = 0;
    int player_x_ = -1;
    int player_y_ = -1;
};

bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

std::string quote(char c) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte < 0x7f) return std::string("'") + c + "'";
    static constexpr char hex[] = "0123456789ABCDEF";
    return std::string("'\\x") + hex[byte >> 4] + hex[byte & 15] + "'";
}

}  // namespace

Verdict verify(const level::Level& level, std::string_view lurd) {
    Verdict verdict;
    Replay replay(level);
    if (replay.players() != 1) {
        verdict.error = "the level has " + std::to_string(replay.players()) +
                        " players; it needs exactly one";
        return verdict;
    }
    int step = 0;
    for (char letter : lurd) {
        if (is_space(letter)) continue;
        ++step;
        const std::string wrong = replay.move(letter);
        if (!wrong.empty()) {
            verdict.step = step;
            verdict.error = "step " + std::to_string(step) + ": " + quote(letter) + " " + wrong;
            return verdict;
        }
        ++verdict.moves;
        verdict.pushes += letter >= 'A' && letter <= 'Z';
    }
    if (const int left = replay.boxes_off_goals(); left > 0) {
        verdict.error = "not solved: " + std::to_string(left) +
                        (left == 1 ? " box is" : " boxes are") + " off goals after " +
                        std::to_string(verdict.moves) + " moves";
        return verdict;
    }
    verdict.ok = true;
    return verdict;
}

}  // namespace hdasoko::solution
