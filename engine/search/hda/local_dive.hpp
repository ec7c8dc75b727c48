// Local dives (Options::hda_local_dive, with the layer gate) and hand-over
// (Options::hda_handover, with local dives); docs/hda-kernel.md.
//
// Local dive: a child that continues the best line is stored and expanded
// by its parent's worker, whoever owns its hash, and a shadow (Message dir |
// shadow_bit) tells the owner, which stores it closed with that g: on a
// shared machine each hop of the best line to another worker would wait for
// the scheduler to run that worker. The state may then live in two shards;
// each copy is a node with its own g and parent, so the proof holds. The
// diver first looks the child up in the owner's shard and drops it if held
// there at g or less (the owner's shard then keeps its old arrays when it
// grows). Not with a meeting (the bidirectional search looks states up in
// their owner's shard) nor across processes.
//
// Hand-over: with a tight bound every child in the layer continues the best
// line, so local dives would keep a whole layer on the worker that began
// it. A continuing child goes to its owner after all when the owner holds
// nothing in that layer; the owner then dives there too.
#pragma once

#include <cstdint>

#include "search/hda/common.hpp"
#include "search/hda/last_layer.hpp"
#include "search/hda/second_line.hpp"

namespace hdasoko::search::kernel {

class LocalDive {
public:
    LocalDive(const LastLayer& l, SecondLine line) : on_(l.local_dive), handover_(l.handover), line_(line) {}

    // Local dives are on: a worker reads the other workers' shards (its
    // children's duplicates, the start).
    bool on() const { return on_; }
    // A child continuing the best line, at f, owned by all[owner], stays with
    // its parent's worker.
    template <class Workers>
    bool keeps(const Workers& all, int owner, uint32_t f) const {
        return on_ && !(handover_ && idle_in_layer(*all[owner], f));
    }

private:
    // The worker holds nothing at f or below, open or in flight to it (as
    // it last published). Read for every continuing child: read every few
    // expansions instead, handing over one child per read, it gave the idle
    // worker too little (perf/results/last-layer-handover.md).
    template <class W>
    bool idle_in_layer(const W& w, uint32_t f) const {
        const Key k = least_key(w);
        return k == no_key || line_.f_of(major_of(k)) > f;
    }

    const bool on_, handover_;
    const SecondLine line_;
};

}  // namespace hdasoko::search::kernel
