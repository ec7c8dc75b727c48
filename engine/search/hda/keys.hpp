// The open-list key of the search kernel (search/hda.hpp): (major, tie),
// lower first. major is the order's f (with speculation, f and the line:
// search/hda/second_line.hpp); the tie orders an f layer.
#pragma once

#include <cstdint>

#include "search/hda/second_line.hpp"
#include "search/search.hpp"

namespace hdasoko::search::kernel {

template <Order order>
class Keys {
public:
    // tie_scale: in A* order with a tie rank, the expander's tie_ranks(), else 1.
    Keys(uint32_t weight, uint32_t tie_scale, SecondLine line) : weight_(weight), tie_scale_(tie_scale), line_(line) {}

    // The order's f.
    uint32_t f(uint32_t g, uint32_t h) const {
        if constexpr (order == Order::astar) return g + h;
        if constexpr (order == Order::weighted) return g + weight_ * h;
        return h;
    }
    // In A* order with a tie-break other than lifo (Options::tie_break) the
    // tie is h * tie_scale + the state's rank (< tie_scale, the expander's
    // tie_rank()): lower h first, then the lower rank. The order inside an f
    // layer is free (every node below the incumbent's f is expanded anyway),
    // so this keeps optimality. The rank is scored only where it decides:
    // when the state is stored in an open list, and for a child sent away,
    // when it ties its parent's h (does it continue the best line?). A
    // batch's key takes rank 0, which can only make its f layer look busier
    // to the others (the layer gate).
    uint32_t tie(uint32_t g, uint32_t h, uint32_t rank) const {
        if constexpr (order == Order::greedy) return g;
        return h * tie_scale_ + rank;
    }
    uint32_t major(uint32_t g, uint32_t h, bool second) const { return line_.major(f(g, h), second); }
    uint32_t f_of(uint32_t major) const { return line_.f_of(major); }
    // The g of an entry with key (f, tie): a node whose g differs was
    // reached again with a smaller g after the entry was made (stale).
    uint32_t g_of(uint32_t f, uint32_t t) const {
        if constexpr (order == Order::astar) return f - t / tie_scale_;
        if constexpr (order == Order::weighted) return f - weight_ * t;
        return t;
    }
    uint32_t tie_scale() const { return tie_scale_; }
    const SecondLine& line() const { return line_; }

private:
    const uint32_t weight_;
    const uint32_t tie_scale_;
    const SecondLine line_;
};

}  // namespace hdasoko::search::kernel
