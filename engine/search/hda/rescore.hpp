// The stronger bound after Options::fives_after expansions (the expander's
// strengthen(): the pattern database's patterns of five). Each worker
// switches once; the nodes it stored before are scored again when they come
// up: when the bound rose a node goes back to the open list at its new f
// (or is dropped, dead) instead of being expanded. Any admissible bound
// keeps the proof of optimality, so mixing the two does too.
#pragma once

#include <cstdint>

#include "heuristic/heuristic.hpp"
#include "search/node.hpp"

namespace hdasoko::search::kernel {

class Rescoring {
public:
    explicit Rescoring(uint64_t after) : after_(after) {}

    // Switches `me` to the stronger bound, once; the states it stored
    // before are scored again when they come up.
    template <class W>
    static void strengthen(W& me) {
        if constexpr (requires { me.expander.strengthen(); }) {
            if (me.strengthened) return;
            me.strengthened = true;
            if (me.expander.strengthen()) me.rescore_below = me.arena.size();
        }
    }

    // The node at `index` was popped with tie t, its h t / tie_scale (its
    // state in me.unpacked): the switch when due, and true when the node is
    // not to be expanded now, its bound risen (requeue(node, h): back to the
    // open list at the new h) or dead.
    template <class W, class Requeue>
    bool rescored(W& me, uint32_t index, uint32_t t, uint32_t tie_scale, Requeue&& requeue) const {
        if constexpr (requires { me.expander.strengthen(); }) {
            if (me.stats.expanded >= after_) strengthen(me);
            if (index >= me.rescore_below) return false;
            Node& node = me.nodes[index];
            const uint32_t h = me.expander.score(me.unpacked.data());
            if (h != heuristic::dead && h <= t / tie_scale) return false;
            ++me.stats.raised;
            if (h == heuristic::dead) {
                store_flags(node, closed_flag | dead_flag);
                return true;
            }
            requeue(node, h);
            return true;
        } else {
            return false;
        }
    }

private:
    const uint64_t after_;
};

}  // namespace hdasoko::search::kernel
