// Which of the last-layer behaviours of the search kernel (search/hda.hpp,
// docs/hda-kernel.md) one search uses, derived once from its Options. Each
// behaviour is a policy of search/hda/ that holds its part of this; the
// kernel's loop calls the policies and tests none of these itself.
#pragma once

#include <cstdint>

#include "search/search.hpp"

namespace hdasoko::search::kernel {

// The lag of a worker that waits only for a lower f layer: more than any h.
constexpr int lag_layer = 1 << 30;

struct LastLayer {
    bool gated = false;             // the layer gate (Options::hda_lag): search/hda/layer_gate.hpp
    bool automatic = false;         // Lag::Mode::automatic: lag 0 while the search is young
    int lag = 0;                    // in h (the gate scales it to the tie), or lag_layer
    bool local_dive = false;        // Options::hda_local_dive: search/hda/local_dive.hpp
    bool handover = false;          // Options::hda_handover: the same file
    bool lookahead = false;         // Options::hda_lookahead: search/hda/compute_ahead.hpp
    bool second_line = false;       // Options::hda_speculate: search/hda/second_line.hpp
    bool zones_when_grown = false;  // Options::Distribution::automatic: search/hda/ownership.hpp
    bool concentrated = false;      // worker 0 owns every state while the search is young: the same file

    // astar: the order is A*; threads: this process's workers; meet:
    // another search meets this one (the bidirectional search looks states
    // up by their hashes' owners); distributed: workers in other processes.
    static LastLayer of(const Options& o, bool astar, int threads, bool meet, bool distributed) {
        LastLayer l;
        const bool several = astar && threads > 1 && !distributed;
        using Mode = Options::Lag::Mode;
        const Mode mode = o.hda_lag.mode;
        l.automatic = several && mode == Mode::automatic && !o.hda_speculate;
        // Speculation is defined by the wait within a layer: with the layer
        // lag (or the automatic one) it waits as with lag 0.
        l.lag = mode == Mode::within ? o.hda_lag.pushes : mode == Mode::never ? -1 : o.hda_speculate ? 0 : lag_layer;
        l.gated = several && mode != Mode::never;
        l.local_dive = l.gated && o.hda_local_dive && !meet;
        l.handover = l.local_dive && o.hda_handover.value_or(false);
        l.lookahead = l.local_dive && o.hda_lookahead;
        l.second_line = l.gated && o.hda_speculate;
        l.zones_when_grown = l.automatic && o.distribution == Options::Distribution::automatic && !meet;
        l.concentrated = l.automatic && l.lookahead && !l.handover;
        return l;
    }
};

}  // namespace hdasoko::search::kernel
