// Reverse (pull) search: from the solved configuration back to the initial
// one, with the search kernel of search/hda.hpp (one worker) over the pulls
// of search/reverse_expander.hpp. The solution, read backwards with
// each pull turned into its push, is a forward push sequence from the
// initial state; push-optimal in Order::astar since the bound is consistent.
#include "search/hda.hpp"
#include "search/reverse_expander.hpp"

namespace hdasoko::search {

namespace {

template <Order order>
SearchResult run_reverse(const board::Board& board, const Options& options) {
    Options one = options;
    one.threads = 1;
    Hda<order, ReverseExpander> search(board, one);
    SearchResult r = search.run();
    r.workers.clear();  // sequential: no worker shares to report
    return r;
}

}  // namespace

SearchResult reverse(const board::Board& board, const Options& options) {
    SearchResult r;
    switch (options.order) {
        case Order::astar: r = run_reverse<Order::astar>(board, options); break;
        case Order::weighted: r = run_reverse<Order::weighted>(board, options); break;
        case Order::greedy: r = run_reverse<Order::greedy>(board, options); break;
    }
    if (r.outcome == Outcome::solved) r.pushes = pushes_of_pulls(board, std::move(r.pushes));
    return r;
}

}  // namespace hdasoko::search
