// hda(): the search kernel (search/hda.hpp) in A* order over pushes, with
// options.threads workers and no one meeting it; owners by plain or
// abstract Zobrist hashing (Options::distribution).
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
    if (options.distribution == Options::Distribution::abstract) {  // owners by zones: a board of its own
        board::Board zoned = board;
        zoned.abstract_owner_keys(options.zone_cells);
        Hda<Order::astar, Expander> search(zoned, options);
        return search.run();
    }
    Hda<Order::astar, Expander> search(board, options);
    return search.run();
}

}  // namespace hdasoko::search
