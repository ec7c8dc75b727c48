// run_hda(): HDA* in A* order over pushes (search/hda.hpp) as hda() runs it,
// over any transport (search/transport.hpp): the pattern database built once
// before any worker starts (on every process: it is deterministic), and with
// abstract Zobrist ownership a copy of the board whose owner keys hash zones
// (board/abstract_zobrist.cpp); the perimeter, when asked for, is built on
// the board searched.
#pragma once

#include <memory>

#include "heuristic/pdb.hpp"
#include "search/expander.hpp"
#include "search/hda.hpp"

namespace hdasoko::search {

template <class Net>
SearchResult run_hda(const board::Board& board, const Options& options, const Net& net) {
    if ((uses_pdb(options.heuristic) && !options.pdb) || (options.goal_patterns && !options.goal_pattern_table) ||
        (options.pair_conflicts.value_or(true) && !options.conflict_table)) {
        // Built once, read by every worker.
        Options shared = options;
        if (uses_pdb(options.heuristic) && !options.pdb) shared.pdb = pdb_table(board, options);
        build_shared_tables(board, options, shared);
        return run_hda(board, shared, net);
    }
    // The perimeter keys its states by the hashes of the board searched.
    auto search_on = [&](const board::Board& b) {
        Options o = options;
        if (o.perimeter_states && !o.perimeter) o.perimeter = std::make_shared<const Perimeter>(b, o.perimeter_states);
        Hda<Order::astar, Expander, NoMeet, Net> search(b, o, {}, net);
        return search.run();
    };
    if (options.distribution == Options::Distribution::abstract) {
        board::Board zoned = board;
        zoned.abstract_owner_keys(options.zone_cells);
        return search_on(zoned);
    }
    return search_on(board);
}

}  // namespace hdasoko::search
