// hda(): the search kernel (search/hda.hpp) in A* order over pushes, with
// options.threads workers and no one meeting it.
#include "search/expander.hpp"
#include "search/hda.hpp"

namespace hdasoko::search {

SearchResult hda(const board::Board& board, const Options& options) {
    // One database for every worker, built before any of them starts.
    if (uses_pdb(options.heuristic) && !options.pdb) {
        Options with_pdb = options;
        with_pdb.pdb = std::make_shared<const heuristic::Pdb>(board);
        return hda(board, with_pdb);
    }
    Hda<Order::astar, Expander> search(board, options);
    return search.run();
}

uint64_t worker_fixed_bytes(const Options& options) {
    constexpr uint64_t buffers = uint64_t{3} << 19;  // 1.5 MB
    return buffers + (options.deadlock_search ? deadlock::SubsetSearch::bytes(Expander::subset_cache_bits,
                                                                               options.deadlock_search_nodes)
                                              : 0);
}

}  // namespace hdasoko::search
