// MpiNet (mpi/transport.hpp): the mover thread, the termination waves and
// the collectives that end a search.
#include "mpi/transport.hpp"

#include <mpi.h>
#include <pthread.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstring>
#include <memory>
#include <thread>
#include <type_traits>

#include "concurrent/parker.hpp"
#include "search/hda_run.hpp"

namespace hdasoko::mpi {

namespace {
int world_rank = 0, world_size = 1;
}  // namespace

int rank() { return world_rank; }
int ranks() { return world_size; }
void set_world(int r, int n) {
    world_rank = r;
    world_size = n;
}

namespace {

// The mover's nap when nothing moved: it starts short (a batch from another
// rank announces itself to nobody, so the nap bounds how late it is picked
// up) and doubles with every idle round up to the longest, back to the
// shortest once anything moves. A batch from this rank's workers wakes it
// at once (send() unparks it).
constexpr long min_park_ns = 50'000;
constexpr long max_park_ns = 800'000;
// The largest message: every batch a round takes for one rank goes in one
// message up to this size, under Open MPI's eager limit over shared memory
// (32 KiB as engine/mpi/session.cpp sets it; TCP's is 64 KiB), so that a
// message never waits for a rendezvous. A lone batch over it goes alone.
constexpr size_t message_words = 30 * 1024 / 8;
constexpr auto wave_interval = std::chrono::microseconds(500);  // between waves while this rank is busy
constexpr uint64_t no_stop = ~uint64_t{0};

}  // namespace

struct MpiNet::State {
    MPI_Comm comm = MPI_COMM_NULL;
    int rank = 0, size = 1, threads = 1;
    search::NetPort port;
    concurrent::BatchList outbox;  // batches for other ranks, from the workers
    concurrent::BatchPool pool;    // batches received, owned by the mover
    concurrent::Parker parker;     // the mover's nap
    std::thread mover;
    std::atomic<bool> finished{false};  // the search has ended on every rank
    std::atomic<bool> joined{false};    // this rank's workers have left
    int64_t sent = 0, received = 0;     // records, the mover's counts
    // Messages: every batch for one rank taken in a round, back to back,
    // each behind a word (local thread << 32 | words), up to message_words.
    // Sends in flight: requests and their buffers, index by index (one
    // MPI_Testsome over all of them); a finished buffer is kept for reuse.
    std::vector<std::vector<concurrent::Batch*>> staged;  // per rank, this round
    std::vector<MPI_Request> requests;
    std::vector<std::vector<uint64_t>*> sending;
    std::vector<std::vector<uint64_t>*> spare;
    std::vector<std::unique_ptr<std::vector<uint64_t>>> buffers;  // owns every message buffer
    std::vector<int> done_indices;
    std::vector<uint64_t> incoming;

    ~State() {
        if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
    }

    std::vector<uint64_t>* buffer() {
        if (spare.empty()) {
            buffers.push_back(std::make_unique<std::vector<uint64_t>>());
            buffers.back()->reserve(message_words);
            return buffers.back().get();
        }
        std::vector<uint64_t>* m = spare.back();
        spare.pop_back();
        m->clear();
        return m;
    }
    void post(int to, std::vector<uint64_t>* m, int64_t records) {
        MPI_Request request = MPI_REQUEST_NULL;
        MPI_Isend(m->data(), static_cast<int>(m->size()), MPI_UINT64_T, to, 0, comm, &request);
        requests.push_back(request);
        sending.push_back(m);
        sent += records;
        port.sent_out(records);
    }
    // The outbox, one message per rank (more when it is over message_words);
    // the batches go back to their workers' pools at once. True if any.
    bool send_outbox() {
        concurrent::Batch* list = outbox.take_all();
        if (!list) return false;
        for (concurrent::Batch* b = list; b; b = b->next) staged[static_cast<size_t>(b->to / threads)].push_back(b);
        for (int to = 0; to < size; ++to) {
            auto& batches = staged[static_cast<size_t>(to)];
            if (batches.empty()) continue;
            std::vector<uint64_t>* m = buffer();
            int64_t records = 0;
            for (concurrent::Batch* b : batches) {
                const size_t n = b->words.size();
                if (!m->empty() && m->size() + 1 + n > message_words) {
                    post(to, m, records);
                    m = buffer();
                    records = 0;
                }
                m->push_back((static_cast<uint64_t>(b->to % threads) << 32) | n);
                m->insert(m->end(), b->words.begin(), b->words.end());
                records += b->size(port.record_words);
                b->owner->release(b);
            }
            post(to, m, records);
            batches.clear();
        }
        return true;
    }
    // Sends MPI is done with free their buffers; all: wait for every one.
    void reap(bool all) {
        if (requests.empty()) return;
        if (all) {
            MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
            spare.insert(spare.end(), sending.begin(), sending.end());
            requests.clear();
            sending.clear();
            return;
        }
        done_indices.resize(requests.size());
        int count = 0;
        MPI_Testsome(static_cast<int>(requests.size()), requests.data(), &count, done_indices.data(),
                     MPI_STATUSES_IGNORE);
        if (count <= 0) return;  // none, or MPI_UNDEFINED (no active request)
        for (int k = 0; k < count; ++k) {
            std::vector<uint64_t>*& m = sending[static_cast<size_t>(done_indices[static_cast<size_t>(k)])];
            spare.push_back(m);
            m = nullptr;
        }
        size_t keep = 0;  // completed requests are MPI_REQUEST_NULL now
        for (size_t i = 0; i < requests.size(); ++i)
            if (sending[i]) {
                requests[keep] = requests[i];
                sending[keep] = sending[i];
                ++keep;
            }
        requests.resize(keep);
        sending.resize(keep);
    }
    // Receives what has arrived; keep: hand each batch in it to its owner,
    // else drop it.
    bool receive(bool keep) {
        bool any = false;
        for (;;) {
            int flag = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm, &flag, &status);
            if (!flag) return any;
            int count = 0;
            MPI_Get_count(&status, MPI_UINT64_T, &count);
            incoming.resize(static_cast<size_t>(count));  // grows to the largest message once
            MPI_Recv(incoming.data(), count, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG, comm, MPI_STATUS_IGNORE);
            for (size_t i = 0; i < incoming.size();) {
                const int local = static_cast<int>(incoming[i] >> 32);
                const size_t n = incoming[i] & 0xFFFFFFFFu;
                const uint64_t* words = incoming.data() + i + 1;
                received += static_cast<int64_t>(n) / port.record_words;
                if (keep) {
                    concurrent::Batch* b = pool.acquire(static_cast<size_t>(port.batch_words));
                    b->words.assign(words, words + n);  // within the reserved capacity: a batch's words
                    port.deliver(local, b);
                }
                i += 1 + n;
            }
            any = true;
        }
    }

    void run();
    void drain();
};

// The mover: sends, receives and termination waves until the search ends.
void MpiNet::State::run() {
    pthread_setname_np(pthread_self(), "hdasoko-mover");  // in top -H and debuggers
    std::array<int64_t, 4> sum_in{}, sum_out{};     // not passive, sent, received, expanded
    std::array<uint64_t, 2> min_in{}, min_out{};    // incumbent, stop reason
    MPI_Request wave[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    bool in_wave = false, quiet_before = false;
    int64_t quiet_sent = -1, quiet_received = -1;
    auto last_wave = std::chrono::steady_clock::now() - wave_interval;
    long park_ns = min_park_ns;
    while (!finished.load(std::memory_order_relaxed)) {
        bool moved = send_outbox();
        reap(false);
        moved |= receive(true);
        if (!in_wave) {
            const bool passive = port.passive();
            const auto now = std::chrono::steady_clock::now();
            if (passive || now - last_wave >= wave_interval) {
                last_wave = now;
                sum_in = {passive ? 0 : 1, sent, received, static_cast<int64_t>(port.expanded())};
                const int stopped = port.stopped();
                min_in = {port.incumbent(), stopped ? static_cast<uint64_t>(stopped) : no_stop};
                MPI_Iallreduce(sum_in.data(), sum_out.data(), 4, MPI_INT64_T, MPI_SUM, comm, &wave[0]);
                MPI_Iallreduce(min_in.data(), min_out.data(), 2, MPI_UINT64_T, MPI_MIN, comm, &wave[1]);
                in_wave = true;
            }
        } else {
            int done = 0;
            MPI_Testall(2, wave, &done, MPI_STATUSES_IGNORE);
            if (done) {
                in_wave = false;
                port.lower_incumbent(static_cast<uint32_t>(min_out[0]));
                const bool quiet = sum_out[0] == 0 && sum_out[1] == sum_out[2];
                if (min_out[1] != no_stop) {
                    port.stop(static_cast<int>(min_out[1]));
                    finished.store(true, std::memory_order_relaxed);
                } else if (port.node_limit && static_cast<uint64_t>(sum_out[3]) >= port.node_limit) {
                    port.stop(1 + static_cast<int>(search::Outcome::node_limit));  // every rank's expansions
                    finished.store(true, std::memory_order_relaxed);
                } else if (quiet && quiet_before && sum_out[1] == quiet_sent && sum_out[2] == quiet_received) {
                    finished.store(true, std::memory_order_relaxed);
                }
                quiet_before = quiet;
                quiet_sent = sum_out[1];
                quiet_received = sum_out[2];
                moved = true;
            }
        }
        if (moved) {
            park_ns = min_park_ns;
        } else {
            parker.park(park_ns, [&] { return !outbox.empty(); });
            park_ns = std::min(2 * park_ns, max_park_ns);
        }
    }
    port.wake_all();
    drain();
}

// After the decision: this rank's workers leave (wait() says when); what
// they still send is dropped, and what is in flight is received and dropped
// until every rank has received all that was sent.
void MpiNet::State::drain() {
    auto drop_outbox = [&] {
        for (concurrent::Batch* b = outbox.take_all(); b;) {
            concurrent::Batch* next = b->next;
            port.sent_out(b->size(port.record_words));
            b->owner->release(b);
            b = next;
        }
    };
    while (!joined.load(std::memory_order_acquire)) {
        drop_outbox();
        reap(false);
        receive(false);
        std::this_thread::sleep_for(std::chrono::microseconds(100));
    }
    drop_outbox();
    for (;;) {
        std::array<int64_t, 2> in{sent, received}, out{};
        MPI_Request r;
        MPI_Iallreduce(in.data(), out.data(), 2, MPI_INT64_T, MPI_SUM, comm, &r);
        for (int done = 0; !done;) {
            receive(false);
            reap(false);
            MPI_Test(&r, &done, MPI_STATUS_IGNORE);
        }
        if (out[0] == out[1]) break;
    }
    reap(true);
}

MpiNet::MpiNet(int threads) : state_(std::make_shared<State>()) {
    State& s = *state_;
    MPI_Comm_dup(MPI_COMM_WORLD, &s.comm);
    MPI_Comm_rank(s.comm, &s.rank);
    MPI_Comm_size(s.comm, &s.size);
    s.threads = std::max(1, threads);
    s.staged.resize(static_cast<size_t>(s.size));
}

int MpiNet::first_worker() const { return state_->rank * state_->threads; }
int MpiNet::workers(int) const { return state_->size * state_->threads; }

void MpiNet::start(search::NetPort port) {
    State& s = *state_;
    s.port = std::move(port);
    s.mover = std::thread([&s] { s.run(); });
}

void MpiNet::send(int owner, concurrent::Batch* batch) {
    batch->to = owner;
    state_->outbox.push(batch);
    state_->parker.unpark();
}

bool MpiNet::finished() const { return state_->finished.load(std::memory_order_relaxed); }

void MpiNet::wait() {
    state_->joined.store(true, std::memory_order_release);
    state_->parker.unpark();
    state_->mover.join();
}

void MpiNet::agree(uint64_t& best, uint32_t& incumbent, int& stopped) {
    std::array<uint64_t, 2> low{best, incumbent}, low_out{};
    MPI_Allreduce(low.data(), low_out.data(), 2, MPI_UINT64_T, MPI_MIN, state_->comm);
    int stop_out = 0;
    MPI_Allreduce(&stopped, &stop_out, 1, MPI_INT, MPI_MAX, state_->comm);
    best = low_out[0];
    incumbent = static_cast<uint32_t>(low_out[1]);
    stopped = stop_out;
}

std::vector<moves::Push> MpiNet::path(search::Ref goal, const search::RefCodec& refs,
                                      const std::function<void(search::Ref, search::Node&)>& lookup) {
    const State& s = *state_;
    std::vector<moves::Push> path;
    for (search::Ref r = goal;;) {
        const int owner = refs.worker(r) / s.threads;
        uint64_t step[2] = {0, 0};  // parent, (box << 16) | (run << 8) | dir
        if (owner == s.rank) {
            search::Node node;
            lookup(r, node);
            step[0] = node.parent;
            step[1] = (static_cast<uint64_t>(static_cast<uint16_t>(node.box)) << 16) | (uint64_t{node.run} << 8) |
                      node.dir;
        }
        MPI_Bcast(step, 2, MPI_UINT64_T, owner, s.comm);
        const auto parent = static_cast<search::Ref>(step[0]);
        if (parent == search::no_ref) break;
        path.push_back(moves::Push{static_cast<board::Cell>(static_cast<uint16_t>(step[1] >> 16)),
                                   static_cast<uint8_t>(step[1] & 0xFF), static_cast<uint8_t>((step[1] >> 8) & 0xFF)});
        r = parent;
    }
    std::reverse(path.begin(), path.end());
    return path;
}

void MpiNet::gather(search::SearchResult& result) {
    const State& s = *state_;
    search::SearchStats& t = result.stats;
    std::array<uint64_t, 17> counts{t.expanded,       t.generated,          t.duplicates,       t.reopened,
                                    t.pruned_dead_square, t.pruned_freeze, t.pruned_matching, t.pruned_corral,
                                    t.corral_deadlocks, t.pruned_subset,   t.expanded_before_last_f,
                                    t.messages_sent,  t.stored,             t.memory_bytes,     t.tunnel_macros,
                                    t.raised,         t.last_f};
    std::array<uint64_t, 17> sums{};
    MPI_Allreduce(counts.data(), sums.data(), 16, MPI_UINT64_T, MPI_SUM, s.comm);
    MPI_Allreduce(&counts[16], &sums[16], 1, MPI_UINT64_T, MPI_MAX, s.comm);
    double seconds = 0;
    MPI_Allreduce(&t.seconds, &seconds, 1, MPI_DOUBLE, MPI_MAX, s.comm);
    t.expanded = sums[0];
    t.generated = sums[1];
    t.duplicates = sums[2];
    t.reopened = sums[3];
    t.pruned_dead_square = sums[4];
    t.pruned_freeze = sums[5];
    t.pruned_matching = sums[6];
    t.pruned_corral = sums[7];
    t.corral_deadlocks = sums[8];
    t.pruned_subset = sums[9];
    t.expanded_before_last_f = sums[10];
    t.messages_sent = sums[11];
    t.stored = sums[12];
    t.memory_bytes = sums[13];
    t.tunnel_macros = sums[14];
    t.raised = sums[15];
    if (result.outcome != search::Outcome::solved && result.outcome != search::Outcome::bound_proven)
        t.last_f = static_cast<uint32_t>(sums[16]);
    t.seconds = seconds;
    static_assert(std::is_trivially_copyable_v<search::WorkerStats>);
    const int bytes = static_cast<int>(sizeof(search::WorkerStats) * result.workers.size());
    std::vector<search::WorkerStats> all(result.workers.size() * s.size);
    MPI_Allgather(result.workers.data(), bytes, MPI_BYTE, all.data(), bytes, MPI_BYTE, s.comm);
    result.workers = std::move(all);
}

search::SearchResult hda(const board::Board& board, const search::Options& options) {
    return search::run_hda(board, options, MpiNet(options.threads));
}

}  // namespace hdasoko::mpi
