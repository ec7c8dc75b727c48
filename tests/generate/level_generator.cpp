// Random rooms, pulls and drops (see level_generator.hpp).
#include "level_generator.hpp"

#include <algorithm>
#include <cstdlib>
#include <random>
#include <utility>
#include <vector>

namespace hdasoko::generate {

namespace {

class Rng {
public:
    explicit Rng(uint64_t seed) : engine_(seed) {}
    int below(int n) { return static_cast<int>(engine_() % static_cast<uint64_t>(n)); }

private:
    std::mt19937_64 engine_;
};

struct Grid {
    int w = 0, h = 0;  // with the border walls
    std::vector<char> sq;
    char& at(int s) { return sq[s]; }
    int offset(int d) const { return d == 0 ? -1 : d == 1 ? -w : d == 2 ? 1 : w; }
    std::string text() const {
        std::string out;
        for (int y = 0; y < h; ++y) {
            out.append(sq.begin() + y * w, sq.begin() + (y + 1) * w);
            out += '\n';
        }
        return out;
    }
};

// A room of random size and random inner walls, reduced to its largest
// connected floor area; empty when the floor is too small for `boxes`.
std::vector<int> random_room(Rng& rng, const Shape& shape, Grid& g, int boxes) {
    g.w = 2 + shape.min_width + rng.below(shape.max_width - shape.min_width + 1);
    g.h = 2 + shape.min_height + rng.below(shape.max_height - shape.min_height + 1);
    g.sq.assign(g.w * g.h, '#');
    for (int y = 1; y < g.h - 1; ++y)
        for (int x = 1; x < g.w - 1; ++x) g.sq[y * g.w + x] = rng.below(5) == 0 ? '#' : ' ';
    std::vector<int> best, component;
    std::vector<uint8_t> seen(g.sq.size(), 0);
    for (int s = 0; s < static_cast<int>(g.sq.size()); ++s) {
        if (g.sq[s] != ' ' || seen[s]) continue;
        component.assign(1, s);
        seen[s] = 1;
        for (size_t i = 0; i < component.size(); ++i)
            for (int d = 0; d < 4; ++d) {
                const int t = component[i] + g.offset(d);
                if (g.sq[t] == ' ' && !seen[t]) {
                    seen[t] = 1;
                    component.push_back(t);
                }
            }
        if (component.size() > best.size()) best = component;
    }
    std::vector<uint8_t> keep(g.sq.size(), 0);
    for (int s : best) keep[s] = 1;
    for (int s = 0; s < static_cast<int>(g.sq.size()); ++s)
        if (!keep[s]) g.sq[s] = '#';
    std::sort(best.begin(), best.end());
    if (static_cast<int>(best.size()) < boxes + 3) best.clear();
    return best;
}

// `count` distinct squares of `floor`.
std::vector<int> pick(Rng& rng, std::vector<int> floor, int count) {
    for (int i = 0; i < count; ++i) std::swap(floor[i], floor[i + rng.below(static_cast<int>(floor.size()) - i)]);
    floor.resize(count);
    return floor;
}

std::string draw(Grid g, const std::vector<int>& goals, const std::vector<int>& boxes, int player) {
    for (int s : goals) g.at(s) = '.';
    for (int s : boxes) g.at(s) = g.at(s) == '.' ? '*' : '$';
    g.at(player) = g.at(player) == '.' ? '+' : '@';
    return g.text();
}

// One try at a pulled level: false when no box could be pulled at all.
bool try_pulled_level(Rng& rng, const Shape& shape, std::string& text) {
    Grid g;
    const int box_count = shape.min_boxes + rng.below(shape.max_boxes - shape.min_boxes + 1);
    std::vector<int> floor;
    while ((floor = random_room(rng, shape, g, box_count)).empty()) {
    }
    const std::vector<int> goals = pick(rng, floor, box_count);
    std::vector<int> boxes = goals;
    std::vector<uint8_t> box(g.sq.size(), 0);
    for (int b : boxes) box[b] = 1;
    std::vector<int> free;
    for (int s : floor)
        if (!box[s]) free.push_back(s);
    int player = free[rng.below(static_cast<int>(free.size()))];
    auto reachable = [&](int from) {
        std::vector<int> area{from};
        std::vector<uint8_t> mark(g.sq.size(), 0);
        mark[from] = 1;
        for (size_t i = 0; i < area.size(); ++i)
            for (int d = 0; d < 4; ++d) {
                const int t = area[i] + g.offset(d);
                if (g.sq[t] != '#' && !box[t] && !mark[t]) {
                    mark[t] = 1;
                    area.push_back(t);
                }
            }
        return std::pair{area, mark};
    };
    // Keep the configuration on the walk where the boxes are farthest from
    // the goals: a long random walk alone tends to wander back.
    auto spread = [&] {
        int total = 0;
        for (int b : boxes) {
            int nearest = g.w + g.h;
            for (int goal : goals)
                nearest = std::min(nearest, std::abs(b % g.w - goal % g.w) + std::abs(b / g.w - goal / g.w));
            total += nearest;
        }
        return total;
    };
    std::vector<int> best_boxes = boxes;
    int best_player = player, best_spread = 0;
    const int pulls = shape.min_pulls + rng.below(shape.max_pulls - shape.min_pulls + 1);
    for (int step = 0; step < pulls; ++step) {
        const auto [area, mark] = reachable(player);
        struct Pull {
            size_t box;
            int dir;
        };
        std::vector<Pull> options;
        for (size_t i = 0; i < boxes.size(); ++i)
            for (int d = 0; d < 4; ++d) {
                const int stand = boxes[i] + g.offset(d), back = stand + g.offset(d);
                if (mark[stand] && g.sq[back] != '#' && !box[back]) options.push_back({i, d});
            }
        if (options.empty()) break;
        const Pull pull = options[rng.below(static_cast<int>(options.size()))];
        const int stand = boxes[pull.box] + g.offset(pull.dir);
        box[boxes[pull.box]] = 0;
        box[stand] = 1;
        boxes[pull.box] = stand;
        player = stand + g.offset(pull.dir);
        if (spread() >= best_spread) {
            best_spread = spread();
            best_boxes = boxes;
            best_player = player;
        }
    }
    if (best_spread == 0) return false;
    boxes = best_boxes;
    std::fill(box.begin(), box.end(), 0);
    for (int b : boxes) box[b] = 1;
    const auto [area, mark] = reachable(best_player);
    player = area[rng.below(static_cast<int>(area.size()))];
    text = draw(g, goals, boxes, player);
    return true;
}

}  // namespace

// Solvable by construction: boxes start on their goals and the player pulls
// them away at random; the pushes that undo the pulls solve the level. Rooms
// where no box could be pulled are drawn again.
std::string pulled_level(uint64_t seed, const Shape& shape) {
    Rng rng(seed);
    std::string text;
    while (!try_pulled_level(rng, shape, text)) {
    }
    return text;
}

// Boxes dropped on random squares: often unsolvable.
std::string dropped_level(uint64_t seed) {
    Rng rng(seed);
    Grid g;
    const Shape shape;
    const int box_count = shape.min_boxes + rng.below(shape.max_boxes - shape.min_boxes + 1);
    std::vector<int> floor;
    while ((floor = random_room(rng, shape, g, box_count)).empty()) {
    }
    const std::vector<int> goals = pick(rng, floor, box_count);
    const std::vector<int> squares = pick(rng, floor, box_count + 1);
    const std::vector<int> boxes(squares.begin(), squares.end() - 1);
    return draw(g, goals, boxes, squares.back());
}

}  // namespace hdasoko::generate
