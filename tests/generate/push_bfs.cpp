// The reference BFS over pushes on a padded copy of the level's grid. A
// state is the sorted box squares and the smallest square of the player's
// area (row-major), so two states are equal exactly when the boxes are equal
// and the player can walk from one position to the other.
#include "push_bfs.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

namespace hdasoko::generate {

namespace {

class PushBfs {
public:
    explicit PushBfs(const level::Level& level) : w_(level.width + 2), h_(level.height + 2) {
        const int n = w_ * h_;
        wall_.assign(n, 1);
        goal_.assign(n, 0);
        int player = -1;
        std::vector<int> box_squares;
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x) {
                const char ch = level.at(x, y);
                const int s = (y + 1) * w_ + (x + 1);
                wall_[s] = ch == '#';
                if (ch == '@' || ch == '+') player = s;
            }
        // Only the squares the player reaches through floor and boxes take
        // part; a box on a goal walled off elsewhere never moves.
        std::vector<uint8_t> inside(n, 0);
        std::vector<int> stack{player};
        inside[player] = 1;
        while (!stack.empty()) {
            const int s = stack.back();
            stack.pop_back();
            for (int d = 0; d < 4; ++d) {
                const int t = s + offset(d);
                if (!wall_[t] && !inside[t]) {
                    inside[t] = 1;
                    stack.push_back(t);
                }
            }
        }
        for (int y = 0; y < level.height; ++y)
            for (int x = 0; x < level.width; ++x) {
                const char ch = level.at(x, y);
                const int s = (y + 1) * w_ + (x + 1);
                if (!inside[s]) {
                    wall_[s] = 1;
                    continue;
                }
                goal_[s] = ch == '.' || ch == '*' || ch == '+';
                if (ch == '$' || ch == '*') boxes_.push_back(static_cast<uint16_t>(s));
            }
        player_ = player;
        occupied_.assign(n, 0);
        reached_.assign(n, 0);
    }

    BfsAnswer run(size_t max_states) {
        BfsAnswer answer;
        std::vector<uint16_t> boxes = boxes_;
        std::sort(boxes.begin(), boxes.end());
        for (uint16_t b : boxes) occupied_[b] = 1;
        const int start_player = area(player_);
        for (uint16_t b : boxes) occupied_[b] = 0;
        std::string start = key(boxes, start_player);
        std::unordered_set<std::string> seen{start};
        if (solved(boxes)) return {BfsAnswer::solved, 0, 1};
        std::vector<std::string> layer{start}, next;
        for (int depth = 1; !layer.empty(); ++depth) {
            next.clear();
            for (const std::string& k : layer) {
                decode(k, boxes);
                for (uint16_t b : boxes) occupied_[b] = 1;
                area(decode_player(k));
                from_ = reached_;  // the parent's area
                for (size_t i = 0; i < boxes.size(); ++i) {
                    const int b = boxes[i];
                    for (int d = 0; d < 4; ++d) {
                        const int to = b + offset(d);
                        if (!from_[b - offset(d)] || wall_[to] || occupied_[to]) continue;
                        child_ = boxes;
                        child_[i] = static_cast<uint16_t>(to);
                        std::sort(child_.begin(), child_.end());
                        occupied_[b] = 0;
                        occupied_[to] = 1;
                        const int player = area(b);
                        occupied_[to] = 0;
                        occupied_[b] = 1;
                        std::string child_key = key(child_, player);
                        if (!seen.insert(child_key).second) continue;
                        if (solved(child_)) return {BfsAnswer::solved, depth, seen.size()};
                        if (seen.size() > max_states) return {BfsAnswer::too_large, -1, seen.size()};
                        next.push_back(std::move(child_key));
                    }
                }
                for (uint16_t b : boxes) occupied_[b] = 0;
            }
            layer.swap(next);
        }
        answer.kind = BfsAnswer::unsolvable;
        answer.states = seen.size();
        return answer;
    }

private:
    int offset(int d) const { return d == 0 ? -1 : d == 1 ? -w_ : d == 2 ? 1 : w_; }

    // Marks the player's area from `from` in reached_; returns its smallest square.
    int area(int from) {
        std::fill(reached_.begin(), reached_.end(), 0);
        int smallest = from;
        stack_.assign(1, from);
        reached_[from] = 1;
        while (!stack_.empty()) {
            const int s = stack_.back();
            stack_.pop_back();
            smallest = std::min(smallest, s);
            for (int d = 0; d < 4; ++d) {
                const int t = s + offset(d);
                if (wall_[t] || occupied_[t] || reached_[t]) continue;
                reached_[t] = 1;
                stack_.push_back(t);
            }
        }
        return smallest;
    }

    bool solved(const std::vector<uint16_t>& boxes) const {
        return std::all_of(boxes.begin(), boxes.end(), [&](uint16_t b) { return goal_[b]; });
    }

    static std::string key(const std::vector<uint16_t>& boxes, int player) {
        std::string k;
        for (uint16_t b : boxes) {
            k += static_cast<char>(b & 0xFF);
            k += static_cast<char>(b >> 8);
        }
        k += static_cast<char>(player & 0xFF);
        k += static_cast<char>(player >> 8);
        return k;
    }
    static uint16_t at(const std::string& k, size_t i) {
        return static_cast<uint16_t>(static_cast<uint8_t>(k[2 * i]) | static_cast<uint8_t>(k[2 * i + 1]) << 8);
    }
    static void decode(const std::string& k, std::vector<uint16_t>& boxes) {
        boxes.resize(k.size() / 2 - 1);
        for (size_t i = 0; i < boxes.size(); ++i) boxes[i] = at(k, i);
    }
    static int decode_player(const std::string& k) { return at(k, k.size() / 2 - 1); }

    int w_, h_;
    std::vector<uint8_t> wall_, goal_, occupied_, reached_;
    std::vector<uint16_t> boxes_;
    // Scratch reused from state to state (the fuzzers run this oracle
    // thousands of times a second under ASan, where every allocation costs).
    std::vector<uint8_t> from_;
    std::vector<uint16_t> child_;
    std::vector<int> stack_;
    int player_ = -1;
};

}  // namespace

BfsAnswer bfs(const level::Level& level, size_t max_states) { return PushBfs(level).run(max_states); }

}  // namespace hdasoko::generate
