#include "search/perimeter.hpp"

#include <chrono>

#include "search/reverse_expander.hpp"

namespace hdasoko::search {

Perimeter::Perimeter(const board::Board& board, size_t max_states)
    : stride_(board.words() + 1),
      arena_(stride_),
      table_(1, 1 << 12, concurrent::ClosedTable::Growth::owner_reads_only) {
    const auto start = std::chrono::steady_clock::now();
    const Options options;
    ReverseExpander pulls(board, options);
    SearchStats stats;
    std::vector<uint32_t> layer, next;
    auto add = [&](const uint64_t* state, uint64_t hash, uint32_t d) {
        const auto found = table_.insert(0, hash, [&](uint32_t r) { return state::equal(arena_.at(r), state, stride_); },
                                         [&] {
                                             distance_.push_back(static_cast<uint8_t>(d));
                                             return arena_.add(state);
                                         });
        if (found.inserted) next.push_back(found.ref);
    };
    std::vector<uint64_t> scratch(stride_);
    pulls.roots(scratch.data(), [&](uint32_t) { add(scratch.data(), state::state_hash(board, scratch.data()), 0); });
    // Layer d + 1 from layer d; the distance is one byte, and a layer is
    // complete only if every state of the one before was expanded.
    for (uint32_t d = 0; !next.empty() && d < 254; ++d) {
        layer.swap(next);
        next.clear();
        depth_ = d;
        for (uint32_t ref : layer) {
            if (distance_.size() >= max_states) break;
            pulls.expand(arena_.at(ref), stats,
                         [&](const uint64_t* child, uint64_t hash, const moves::Push&) { add(child, hash, d + 1); });
        }
        if (distance_.size() >= max_states) break;
        depth_ = d + 1;  // layer d + 1 is complete: every state of layer d was expanded
    }
    seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace hdasoko::search
