// Building the two-box pattern database: zones, lone-box distances to the
// entrance, the player areas of every pair of maze squares, then one
// backward breadth-first search of pulls from the terminal states (one box on
// the entrance), visited in order of value so that each state's first value
// is its least.
#include "heuristic/pdb.hpp"

#include <algorithm>
#include <chrono>
#include <new>

#include "heuristic/hungarian.hpp"
#include "heuristic/five_patterns.hpp"
#include "heuristic/group_pdb.hpp"
#include "memory/budget.hpp"

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;
using board::opposite;
using board::unreachable;

Pdb::Pdb(const board::Board& board, uint64_t memory_limit_bytes, int max_group, const BuildStop& stop, int threads)
    : board_(board), zone_(board), cells_(board.cells()), index_of_(board.cells(), -1) {
    const auto start = std::chrono::steady_clock::now();
    if (!zone_.has_entrance()) {
        why_ = "no entrance";
        return;
    }
    for (Cell c = 0; c < cells_; ++c)
        if (zone_.in_maze(c)) {
            index_of_[c] = static_cast<int16_t>(cell_of_.size());
            cell_of_.push_back(c);
        }
    maze_ = static_cast<int>(cell_of_.size());
    index_of_[zone_.entrance()] = static_cast<int16_t>(maze_);
    cell_of_.push_back(zone_.entrance());
    compute_to_entrance();
    compute_entrance_row();
    if (!label_areas(memory_limit_bytes)) return;
    search();
    available_ = true;
    // The groups and the patterns of five are optional: each takes what
    // the memory budget leaves it (memory::table_bytes), and one that does
    // not fit ends the list there; the bound then uses the groups built.
    try {
        for (int size = 3; size <= std::min(max_group, GroupPdb::max_size); ++size) {
            auto group = std::make_unique<const GroupPdb>(board_, *this, size == 3 ? nullptr : groups_.back().get(),
                                                         size, memory::table_bytes(GroupPdb::default_memory_limit),
                                                         stop);
            if (!group->available()) {
                if (group->why_unavailable() == "over the memory limit") memory::note_skipped("pattern groups");
                break;
            }
            groups_.push_back(std::move(group));
        }
        if (max_group >= FivePatterns::size && group(4) && !stop())
            fives_ = std::make_unique<const FivePatterns>(board_, *this, stop, threads);
    } catch (const std::bad_alloc&) {
        memory::note_skipped(groups_.size() + 2 < static_cast<size_t>(std::min(max_group, GroupPdb::max_size))
                                 ? "pattern groups"
                                 : "patterns of five");
        fives_ = nullptr;
    }
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

Pdb::~Pdb() = default;

uint64_t Pdb::groups_bytes() const {
    uint64_t bytes = 0;
    for (const auto& group : groups_) bytes += group->bytes();
    return fives_ ? bytes + fives_->bytes() : bytes;
}

uint64_t Pdb::bytes() const {
    return areas_.bytes() + values_.size() * sizeof(uint16_t) + to_entrance_.size() * sizeof(uint16_t) +
           index_of_.size() * sizeof(int16_t) + groups_bytes();
}

// As Board::compute_push_distances with the entrance as the only goal and
// the box kept on maze cells (a maze box never leaves them before v).
void Pdb::compute_to_entrance() {
    to_entrance_.assign(static_cast<size_t>(cells_) * 4, unreachable);
    const Cell v = zone_.entrance();
    std::vector<int> queue;  // entries c * 4 + side
    for (int s = 0; s < 4; ++s) {
        const Cell q = board_.neighbor(v, s);
        if (q != no_cell && board_.side(v, q) == s) {
            to_entrance_[v * 4 + s] = 0;
            queue.push_back(v * 4 + s);
        }
    }
    for (size_t head = 0; head < queue.size(); ++head) {
        const Cell t = static_cast<Cell>(queue[head] / 4);
        const int k = queue[head] % 4;
        const uint16_t next = to_entrance_[queue[head]] + 1;
        for (int d = 0; d < 4; ++d) {                    // the push into t went in direction d
            const Cell c = board_.neighbor(t, opposite(d));  // from c, where the player ends
            if (c == no_cell || !in_maze(c) || board_.side(t, c) != k) continue;
            const Cell q = board_.neighbor(c, opposite(d));  // where the player stood
            if (q == no_cell) continue;
            const int pred = c * 4 + board_.side(c, q);
            if (to_entrance_[pred] != unreachable) continue;
            to_entrance_[pred] = next;
            queue.push_back(pred);
        }
    }
}

// A maze box arrives on v pushed from a maze neighbour u, the player ending
// on u: its player side is then side(v, u).
void Pdb::compute_entrance_row() {
    const Cell v = zone_.entrance();
    const auto& goals = board_.goals();
    entrance_row_.assign(goals.size(), Hungarian::forbidden);
    for (int d = 0; d < 4; ++d) {
        const Cell u = board_.neighbor(v, d);
        if (u == no_cell || !in_maze(u) || board_.neighbor(u, d) == no_cell) continue;
        const int side = board_.side(v, u);
        for (size_t g = 0; g < goals.size(); ++g) {
            const uint16_t dist = board_.distance(static_cast<int>(g), v, side);
            if (dist != unreachable) entrance_row_[g] = std::min<int>(entrance_row_[g], dist);
        }
    }
}

// Player areas of every pair of indexed cells (maze cells and the entrance),
// with room for about three values a pair, then the values themselves.
bool Pdb::label_areas(uint64_t memory_limit_bytes) {
    if (!areas_.build(board_, cell_of_, 3 * sizeof(uint16_t), memory_limit_bytes) ||
        bytes() + uint64_t{areas_.states()} * sizeof(uint16_t) > memory_limit_bytes) {
        areas_ = PairAreas();
        why_ = "over the memory limit";
        return false;
    }
    return true;
}

void Pdb::search() {
    values_.assign(areas_.states(), unreachable);
    const auto [pair_of, first, second] = areas_.inverse();

    // Sources: one box on v, the other on maze cell c, at c's lone-box
    // distance to v with the player's side of c in that area.
    std::vector<std::pair<uint16_t, uint32_t>> sources;
    for (int i = 0; i < maze_; ++i) {
        const size_t id = PairAreas::pair_id(i, maze_);
        const Cell c = cell_of_[i];
        for (Cell p = 0; p < cells_; ++p) {
            if (p == c || p == zone_.entrance()) continue;
            const uint32_t s = areas_.state(id, p);
            const uint16_t value = single(c, p);
            if (value == unreachable || values_[s] != unreachable) continue;
            values_[s] = value;
            sources.emplace_back(value, s);
        }
    }
    std::sort(sources.begin(), sources.end());

    // Breadth-first over pulls, merged with the sources in order of value.
    std::vector<uint32_t> queue;
    queue.reserve(values_.size());
    size_t head = 0, next_source = 0;
    while (head < queue.size() || next_source < sources.size()) {
        uint32_t s;
        if (head < queue.size() &&
            (next_source == sources.size() || values_[queue[head]] <= sources[next_source].first))
            s = queue[head++];
        else
            s = sources[next_source++].second;
        const size_t id = pair_of[s];
        const uint8_t player_area = static_cast<uint8_t>(s - areas_.first_state(id));
        const int i = first[id], j = second[id];
        const uint16_t value = values_[s] + 1;
        // A terminal state is left only by pulling the box off v.
        for (int which = j == maze_ ? 1 : 0; which < 2; ++which) {
            const Cell x = cell_of_[which ? j : i], other = cell_of_[which ? i : j];
            for (int d = 0; d < 4; ++d) {
                const Cell y = board_.neighbor(x, d);  // the box is pulled to y, the player to z
                if (y == no_cell || y == other || areas_.area(id, y) != player_area || !in_maze(y)) continue;
                const Cell z = board_.neighbor(y, d);
                if (z == no_cell || z == other) continue;
                int a = index_of_[y], b = index_of_[other];
                if (a > b) std::swap(a, b);
                const uint32_t t = areas_.state(PairAreas::pair_id(a, b), z);
                if (values_[t] != unreachable) continue;
                values_[t] = value;
                queue.push_back(t);
            }
        }
    }
}

}  // namespace hdasoko::heuristic
