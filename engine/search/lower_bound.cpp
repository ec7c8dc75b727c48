// search/lower_bound: which f a stopped search proves (see the header).
#include "search/lower_bound.hpp"

#include <algorithm>

namespace hdasoko::search {

uint32_t proven_lower_bound(SearchFunction search, const Options& options, const SearchResult& result) {
    const SearchStats& s = result.stats;
    const bool ordered = options.order == Order::astar;
    switch (result.outcome) {
        case Outcome::unsolvable: return no_solution;
        case Outcome::bound_proven: return s.last_f;
        case Outcome::solved:
            if (ordered) return static_cast<uint32_t>(result.pushes.size());  // optimal
            break;
        default: break;
    }
    const bool one_frontier = search == astar || search == reverse || (search == hda && options.threads == 1);
    if (ordered && one_frontier) return std::max({s.initial_h, s.last_f, s.open_min_f});
    if (ordered && search == hda) return std::max(s.initial_h, s.open_min_f);
    return s.initial_h;
}

}  // namespace hdasoko::search
