// Growth of the sequential state table: rehash every stored index (the full
// hash is recomputed from the arena's state; growth is rare).
#include "state/state_table.hpp"

namespace hdasoko::state {

StateTable::StateTable(const board::Board& board, const Arena& arena, size_t initial_capacity)
    : board_(board), arena_(arena) {
    size_t cap = 16;
    while (cap < initial_capacity) cap *= 2;
    slots_.assign(cap, 0);
    mask_ = cap - 1;
}

void StateTable::grow() {
    std::vector<uint64_t> old;
    old.swap(slots_);
    slots_.assign(old.size() * 2, 0);
    mask_ = slots_.size() - 1;
    for (uint64_t slot : old) {
        if (slot == 0) continue;
        uint32_t index = static_cast<uint32_t>(slot) - 1;
        uint64_t hash = state_hash(board_, arena_.at(index));
        size_t i = hash & mask_;
        while (slots_[i] != 0) i = (i + 1) & mask_;
        slots_[i] = slot;
    }
}

}  // namespace hdasoko::state
