// Abstract Zobrist hashing (Jinnai and Fukunaga, "Abstract Zobrist hashing:
// an efficient work distribution method for parallel best-first search",
// AAAI 2016; JAIR 2017). Plain Zobrist ownership sends almost every child to
// another worker: (W-1)/W of them with W workers. Hashing an abstraction of
// the state instead keeps a child with its parent whenever the push leaves
// the abstraction unchanged.
//
// The abstraction here: the floor is cut into zones of about zone_cells
// connected cells (grown breadth-first over the cells a box can stand on, in
// row-major order of their seeds; a scrap smaller than half a zone joins a
// neighbouring zone), and the low 32 bits of every box key become a random
// key of its cell's zone, those of every player key zero. The XOR of a
// state's keys then hashes, in its low half, the parity of the number of
// boxes in each zone: a push within a zone (and any player move) leaves the
// owner unchanged, a push across a zone border changes it. XOR can only
// express such parities: any key scheme combined by XOR makes the owner
// depend on the box cells linearly over GF(2), and a push keeps its owner
// exactly when its two cells have equal keys, so zones are the whole design
// space. The high halves stay the plain Zobrist keys: the closed table
// (slot and tag, concurrent/closed_table.hpp) sees the same hashes as before,
// and a one-worker search is unchanged.
//
// Smaller zones give more abstract states (better load balance, more
// messages); larger zones fewer messages and coarser balance.
#include <algorithm>
#include <deque>

#include "board/board.hpp"
#include "board/splitmix64.hpp"

namespace hdasoko::board {

std::vector<uint32_t> Board::zone_owner_keys(int zone_cells, std::vector<int>& zone) const {
    zone_cells = std::max(1, zone_cells);
    const int n = cells();
    constexpr int none = -1;
    zone.assign(n, none);
    std::vector<int> size;
    // Zones over the live cells (a box on a dead cell is pruned), grown
    // breadth-first from the first cell without one.
    std::deque<Cell> queue;
    for (Cell seed = 0; seed < n; ++seed) {
        if (zone[seed] != none || is_dead(seed)) continue;
        const int z = static_cast<int>(size.size());
        size.push_back(0);
        queue.assign(1, seed);
        zone[seed] = z;
        while (!queue.empty() && size[z] < zone_cells) {
            const Cell c = queue.front();
            queue.pop_front();
            ++size[z];
            for (int d = 0; d < 4 && size[z] + static_cast<int>(queue.size()) < zone_cells; ++d) {
                const Cell m = neighbor(c, d);
                if (m == no_cell || is_dead(m) || zone[m] != none) continue;
                zone[m] = z;
                queue.push_back(m);
            }
        }
        size[z] += static_cast<int>(queue.size());  // claimed, not yet visited
    }
    // Scraps join the smallest neighbouring zone that is not a scrap.
    std::vector<int> merged(size.size());
    for (size_t z = 0; z < size.size(); ++z) merged[z] = static_cast<int>(z);
    for (Cell c = 0; c < n; ++c) {
        const int z = zone[c];
        if (z == none || size[z] * 2 >= zone_cells || merged[z] != z) continue;
        int best = none;
        for (Cell a = 0; a < n; ++a) {
            if (zone[a] != z) continue;
            for (int d = 0; d < 4; ++d) {
                const Cell m = neighbor(a, d);
                if (m == no_cell || zone[m] == none || zone[m] == z) continue;
                const int target = merged[zone[m]];
                if (size[target] * 2 < zone_cells) continue;
                if (best == none || size[target] < size[best]) best = target;
            }
        }
        if (best != none) {
            merged[z] = best;
            size[best] += size[z];
        }
    }
    // Zones renumbered densely; dead cells get a zone of their own (number 0,
    // key 0 in the low half): no search stores a box there.
    std::vector<int> number(size.size(), none);
    int zones = 1;
    for (Cell c = 0; c < n; ++c) {
        if (zone[c] == none) {
            zone[c] = 0;
            continue;
        }
        int& z = number[merged[zone[c]]];
        if (z == none) z = zones++;
        zone[c] = z;
    }
    std::vector<uint32_t> zone_key(zones, 0);
    uint64_t seed = 0xA0761D6478BD642FULL;
    for (int z = 1; z < zones; ++z)
        do zone_key[z] = static_cast<uint32_t>(splitmix64(seed));
        while (zone_key[z] == 0);
    std::vector<uint32_t> keys(n);
    for (Cell c = 0; c < n; ++c) keys[c] = zone_key[zone[c]];
    return keys;
}

std::vector<uint32_t> Board::zone_owner_keys(int zone_cells) const {
    std::vector<int> zones;
    return zone_owner_keys(zone_cells, zones);
}

int Board::abstract_owner_keys(int zone_cells) {
    const std::vector<uint32_t> keys = zone_owner_keys(zone_cells, zone_);
    constexpr uint64_t high = 0xFFFFFFFF00000000ULL;
    for (Cell c = 0; c < cells(); ++c) {
        box_key_[c] = (box_key_[c] & high) | keys[c];
        player_key_[c] &= high;
    }
    return *std::max_element(zone_.begin(), zone_.end());
}

}  // namespace hdasoko::board
