// hda(): the search kernel (search/hda.hpp) in A* order over pushes, with
// options.threads workers of this process and no one meeting it; owners by
// plain or abstract Zobrist hashing (Options::distribution).
#include "search/hda_run.hpp"

namespace hdasoko::search {

SearchResult hda(const board::Board& board, const Options& options) { return run_hda(board, options, LocalNet{}); }

uint64_t worker_fixed_bytes(const Options& options) {
    constexpr uint64_t buffers = uint64_t{3} << 19;  // 1.5 MB
    return buffers + (options.deadlock_search ? deadlock::SubsetSearch::bytes(Expander::subset_cache_bits,
                                                                               options.deadlock_search_nodes)
                                              : 0);
}

}  // namespace hdasoko::search
