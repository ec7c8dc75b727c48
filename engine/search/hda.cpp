// hda(): the search kernel (search/hda.hpp) in A* order over pushes, with
// options.threads workers of this process and no one meeting it; owners by
// plain or abstract Zobrist hashing (Options::distribution).
#include "search/hda_run.hpp"

namespace hdasoko::search {

SearchResult hda(const board::Board& board, const Options& options) { return run_hda(board, options, LocalNet{}); }

}  // namespace hdasoko::search
