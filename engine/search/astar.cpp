// Sequential A* over pushes, the reference search for push-optimal lengths,
// and its any-solution orders: search/best_first.hpp over the forward
// Expander.
#include "search/best_first.hpp"
#include "search/expander.hpp"

namespace hdasoko::search {

const char* outcome_name(Outcome outcome) {
    switch (outcome) {
        case Outcome::solved: return "solved";
        case Outcome::unsolvable: return "unsolvable";
        case Outcome::time_limit: return "time_limit";
        case Outcome::memory_limit: return "memory_limit";
        case Outcome::node_limit: return "node_limit";
        case Outcome::interrupted: return "interrupted";
        case Outcome::bound_proven: return "bound_proven";
    }
    return "?";
}

namespace {

template <Order order>
SearchResult run_ordered(const board::Board& board, const Options& options) {
    if (uses_pdb(options.heuristic) && !options.pdb) {
        Options with_pdb = options;
        with_pdb.pdb = std::make_shared<const heuristic::Pdb>(board);
        BestFirst<order, Expander> search(board, with_pdb);
        return search.run();
    }
    BestFirst<order, Expander> search(board, options);
    return search.run();
}

}  // namespace

SearchResult astar(const board::Board& board, const Options& options) {
    switch (options.order) {
        case Order::weighted: return run_ordered<Order::weighted>(board, options);
        case Order::greedy: return run_ordered<Order::greedy>(board, options);
        case Order::astar: break;
    }
    return run_ordered<Order::astar>(board, options);
}

}  // namespace hdasoko::search
