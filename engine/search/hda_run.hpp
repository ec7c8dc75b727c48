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
SearchResult run_hda(const board::Board& board, const Options& given, const Net& net) {
    const Options options = with_tables(board, given);
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
