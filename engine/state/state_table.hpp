// StateTable: the sequential closed table. Open addressing over 64-bit slots
// (upper 32 bits: hash tag, lower 32: arena index + 1; 0 = empty), linear
// probing, doubling when 3/4 full. The home slot is taken from the tag's low
// bits, so growing moves slots without recomputing any hash. Equality is checked on the arena's packed
// state, so the table is exact: a state is either found or added, never lost.
// The lock-free table for HDA* lives in concurrent/.
#pragma once

#include <cstdint>
#include <vector>

#include "state/arena.hpp"
#include "state/state.hpp"

namespace hdasoko::state {

class StateTable {
public:
    static constexpr uint32_t none = 0xFFFFFFFF;

    // Up to 2^32 slots: the home slot comes from the 32-bit tag.
    StateTable(const Arena& arena, size_t initial_capacity = 1 << 16);

    // Arena index of the stored state equal to `state`, or none. Remembers
    // the probe position so that insert() right after a miss costs nothing.
    uint32_t find(const uint64_t* state, uint64_t hash) {
        const uint64_t tag = hash >> 32;
        for (size_t i = tag & mask_;; i = (i + 1) & mask_) {
            uint64_t slot = slots_[i];
            if (slot == 0) {
                last_probe_ = i;
                return none;
            }
            if ((slot >> 32) == tag) {
                uint32_t index = static_cast<uint32_t>(slot) - 1;
                if (equal(arena_.at(index), state, arena_.stride())) return index;
            }
        }
    }

    // Records arena index `index` (whose state hashes to `hash`); must follow
    // a find() of the same state that returned none.
    void insert_after_miss(uint32_t index, uint64_t hash) {
        slots_[last_probe_] = ((hash >> 32) << 32) | (uint64_t{index} + 1);
        if (++used_ * 4 > slots_.size() * 3) grow();
    }

    size_t size() const { return used_; }
    size_t bytes() const { return slots_.size() * sizeof(uint64_t); }

private:
    void grow();

    const Arena& arena_;
    std::vector<uint64_t> slots_;
    size_t mask_;
    size_t used_ = 0;
    size_t last_probe_ = 0;
};

}  // namespace hdasoko::state
