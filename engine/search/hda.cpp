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
    if (options.perimeter_states && !options.perimeter) {
        Options with_perimeter = options;
        with_perimeter.perimeter = std::make_shared<const Perimeter>(board, options.perimeter_states);
        return hda(board, with_perimeter);
    }
    Hda<Order::astar, Expander> search(board, options);
    return search.run();
}

}  // namespace hdasoko::search
