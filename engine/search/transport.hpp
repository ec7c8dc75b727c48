// Transport: where HDA*'s batches of states go (search/hda.hpp). The kernel
// takes it as a template parameter `Net`, so that the in-process search pays
// nothing for the choice: with LocalNet every owner is a worker of this
// process, each batch goes to its owner's lock-free inbox
// (concurrent/inbox.hpp), and no other member below is ever called.
//
// A distributed Net (engine/mpi/transport.hpp: MPI between processes, one
// rank per machine) runs the same search over ranks x threads workers:
// worker w of the whole search is thread w - first_worker() of the rank
// whose range holds w, and Refs (search/node.hpp) name workers of the whole
// search, so parents may live on other ranks. Besides first_worker() and
// workers() it provides, each called per batch or per search, never per
// state:
//   start(port)       before the workers start; port (below) is how the
//                     transport reaches this process's part of the search;
//   send(owner, b)    a batch for a worker of another rank; the kernel has
//                     counted its records in its Termination, the transport
//                     uncounts them once they are on the wire (port.sent_out)
//                     and gives the batch back to b->owner when the send is done;
//   finished()        the whole search has ended (every rank out of work
//                     with nothing in flight, or stopped): workers leave;
//   wait()            after this rank's workers have joined;
//   agree(best, incumbent, stopped)   the best goal, the incumbent and the
//                     stop reason of the whole search, on every rank;
//   path(goal, lookup)  the pushes from a start to the goal, walking parents
//                     across ranks; lookup(ref, node) reads a node of this rank;
//   gather(result)    statistics and per-worker shares of every rank.
// The last four are collective: every rank calls them in the same order.
#pragma once

#include <cstdint>
#include <functional>

#include "concurrent/inbox.hpp"

namespace hdasoko::search {

// One process: every worker is local.
struct LocalNet {
    static constexpr bool distributed = false;
    int first_worker() const { return 0; }
    int workers(int threads) const { return threads; }
};

// What a distributed transport's own thread may do to this process's part
// of the search. Called per batch or per termination wave.
struct NetPort {
    int record_words = 0;  // words of one record (search/message.hpp)
    int batch_words = 0;   // words of a full batch
    uint64_t node_limit = 0;  // Limits::node_limit, for the expansions of every rank
    // Hands a batch from another rank to local worker `local`: counts its
    // records as in flight in this process, then pushes it to the inbox.
    std::function<void(int local, concurrent::Batch*)> deliver;
    std::function<void(int64_t records)> sent_out;  // records of a send() are on the wire
    std::function<bool()> passive;                  // no local worker has work, nothing in flight here
    std::function<uint32_t()> incumbent;
    std::function<void(uint32_t)> lower_incumbent;
    std::function<int()> stopped;        // 0, or 1 + Outcome
    std::function<void(int)> stop;       // 1 + Outcome
    std::function<uint64_t()> expanded;  // by this rank's workers so far
    std::function<void()> wake_all;
};

}  // namespace hdasoko::search
