// Growth of the sequential state table: every slot moves to the home slot its
// tag gives under the doubled mask.
#include "state/state_table.hpp"

namespace hdasoko::state {

StateTable::StateTable(const Arena& arena, size_t initial_capacity) : arena_(arena) {
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
        size_t i = (slot >> 32) & mask_;
        while (slots_[i] != 0) i = (i + 1) & mask_;
        slots_[i] = slot;
    }
}

}  // namespace hdasoko::state
