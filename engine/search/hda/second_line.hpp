// Speculation (Options::hda_speculate, off by default): the second line.
// A worker behind the best key in the same f expands its own best node
// instead of waiting at the layer's gate, and that expansion's children go
// on the second line: the open-list key is (f, line, tie), so within their f
// they rank after every node of the first line and never take the lead from
// the best line. Across f a worker still waits. The order within an f layer
// changes nothing in the proof of optimality (docs/hda-kernel.md).
#pragma once

#include <cstdint>

#include "search/hda/common.hpp"

namespace hdasoko::search::kernel {

class SecondLine {
public:
    explicit SecondLine(bool on) : on_(on) {}

    // The open list's first key: f, or with speculation 2 f + line; f_of()
    // takes the f back.
    uint32_t major(uint32_t f, bool second) const { return on_ ? 2 * f + second : f; }
    uint32_t f_of(uint32_t major) const { return on_ ? major >> 1 : major; }
    // A node popped with this major is on the second line.
    bool second(uint32_t major) const { return on_ && (major & 1); }
    // A worker whose best key `mine` is behind `best` expands on the second
    // line rather than wait: when both are in the same f.
    bool takes(Key mine, Key best) const { return on_ && f_of(major_of(mine)) == f_of(major_of(best)); }

private:
    bool on_;
};

}  // namespace hdasoko::search::kernel
