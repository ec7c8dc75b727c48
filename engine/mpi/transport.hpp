// engine/mpi: HDA* over MPI (Open MPI), one rank per machine with the
// engine's threads inside it (Kishimoto, Fukunaga and Botea ran HDA* over
// MPI on clusters; this is the same owner-by-hash scheme over ranks x
// threads). Built only with the CMake option HDASOKO_MPI.
//
// MpiNet is the distributed transport of search/transport.hpp. One thread
// per rank (the mover) owns every MPI call while the search runs
// (MPI_THREAD_SERIALIZED: the main thread calls MPI only before and after):
//   - a worker's batch for another rank goes onto an outbox (lock-free);
//     the mover sends it with MPI_Isend (tag: the owner's thread on that
//     rank) and gives it back to its pool when the send completes;
//   - it probes for batches from other ranks, receives each into a batch of
//     its own pool and hands it to the owner's inbox;
//   - termination across ranks: waves of non-blocking all-reductions
//     (MPI_Iallreduce) of (ranks not passive, records sent, records
//     received) and of (incumbent, stop reason). A rank is passive when its
//     own Termination counter is zero (no worker has work below the
//     incumbent, nothing is in flight inside it and its outbox is empty).
//     The search has ended when two waves in a row find every rank passive
//     and the same sent == received totals (Mattern's four-counter method:
//     only a received batch makes a passive rank active, and none was
//     received between the two waves). The wave also carries the lowest
//     incumbent to every rank, so a rank stops expanding f >= a goal found
//     elsewhere, and any rank's stop (a limit, SIGINT) to all: every rank
//     sees the same reduced values, so all decide at the same wave.
//   - after the decision it drains: batches still in flight are received
//     and dropped (only after a stop) until the totals agree, so no send is
//     left unmatched at MPI_Finalize.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "search/node.hpp"
#include "search/search.hpp"
#include "search/transport.hpp"

namespace hdasoko::mpi {

// This process's place in MPI_COMM_WORLD; Session (mpi/session.hpp) sets it.
int rank();
int ranks();

class MpiNet {
public:
    static constexpr bool distributed = true;

    // Collective: every rank builds one, with the same thread count.
    explicit MpiNet(int threads);

    int first_worker() const;
    int workers(int threads) const;

    void start(search::NetPort port);
    void send(int owner, concurrent::Batch* batch);
    bool finished() const;
    void wait();
    void agree(uint64_t& best, uint32_t& incumbent, int& stopped);
    std::vector<moves::Push> path(search::Ref goal, const search::RefCodec& refs,
                                  const std::function<void(search::Ref, search::Node&)>& lookup);
    void gather(search::SearchResult& result);

    struct State;

private:
    std::shared_ptr<State> state_;
};

// HDA* in A* order over every rank's options.threads workers (collective:
// every rank calls it with the same level and options). Every rank returns
// the same outcome, solution and summed statistics; workers lists every
// rank's workers in order.
search::SearchResult hda(const board::Board& board, const search::Options& options);

}  // namespace hdasoko::mpi
