// Sequential A* over pushes, the reference search for push-optimal lengths,
// and its any-solution orders: the search kernel (search/hda.hpp) with one
// worker over the forward Expander.
#include "search/expander.hpp"
#include "search/hda.hpp"

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
    Options one = options;
    one.threads = 1;
    one = with_tables(board, one);
    if (one.perimeter_states && !one.perimeter)
        one.perimeter = std::make_shared<const Perimeter>(board, one.perimeter_states);
    Hda<order, Expander> search(board, one);
    SearchResult r = search.run();
    r.workers.clear();  // sequential: no worker shares to report
    return r;
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
