#include "search/vicinity.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>

#include "state/state.hpp"

namespace hdasoko::search {

Vicinity::Vicinity(const board::Board& board, const std::vector<moves::Push>& pushes, int boxes_off)
    : words_(board.words()), limit_(2 * boxes_off) {
    std::vector<uint64_t> boxes(words_ + 1, 0);
    state::initial_boxes(board, boxes.data());
    auto keep = [&] {
        for (size_t at = 0; at < configurations_.size(); at += words_)
            if (std::equal(boxes.begin(), boxes.begin() + words_, configurations_.begin() + at)) return;
        configurations_.insert(configurations_.end(), boxes.begin(), boxes.begin() + words_);
    };
    keep();
    std::vector<moves::Push> single;
    for (const moves::Push& push : pushes) {
        single.clear();
        moves::unroll(board, push, single);
        for (const moves::Push& p : single) {
            state::clear_box(boxes.data(), p.box);
            state::set_box(boxes.data(), board.neighbor(p.box, p.dir));
            keep();
        }
    }
}

SearchStats improve_in_vicinity(const board::Board& board, const Options& options, std::vector<moves::Push> pushes,
                                const std::function<bool(const SearchResult&)>& better) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    SearchStats counts;
    for (int k = 1; k <= max_vicinity_boxes;) {
        if (options.limits.cancel && options.limits.cancel->load(std::memory_order_relaxed)) break;
        Options o = options;
        o.on_layer = nullptr;
        if (options.limits.time_limit_s > 0) {
            const double left =
                options.limits.time_limit_s - std::chrono::duration<double>(Clock::now() - start).count();
            if (left <= 0) break;
            o.limits.time_limit_s = left / 2;
        }
        uint32_t shorter_than = static_cast<uint32_t>(pushes.size());
        if (options.shared_bound) shorter_than = std::min(shorter_than, options.shared_bound->load());
        const std::atomic<uint32_t> cap{shorter_than};
        o.order = Order::astar;
        o.shared_bound = &cap;
        o.vicinity = std::make_shared<const Vicinity>(board, pushes, k);
        const SearchResult r = memory_guarded([&] { return hda(board, o); });
        add_counts(counts, r.stats);
        if (counts.initial_h == 0) counts.initial_h = r.stats.initial_h;  // the start's bound (the start is in every vicinity)
        counts.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        if (r.outcome == Outcome::solved && r.pushes.size() < shorter_than && better(r)) {
            pushes = r.pushes;
            k = 1;
        } else {
            ++k;
        }
    }
    return counts;
}

}  // namespace hdasoko::search
