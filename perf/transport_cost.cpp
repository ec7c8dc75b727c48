// perf_transport_cost: wall time per state moved between two HDA* workers,
// in-process (concurrent/inbox.hpp: a producer thread fills batches of 128
// records and pushes them to a consumer's inbox, which reads every record
// and gives the batch back) against MPI (two ranks: the same batches with
// MPI_Isend, at most 64 in flight, received after MPI_Iprobe, as
// engine/mpi's mover does). Records of 6 words (48 bytes: a two-word level
// state, its player word and the 24-byte message header). No search: the
// transport alone, the upper bound of what it adds per message.
//   mpirun -n 2 --oversubscribe build-mpi/perf/perf_transport_cost [records]
#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "concurrent/inbox.hpp"

using namespace hdasoko::concurrent;
using Clock = std::chrono::steady_clock;

constexpr int record_words = 6, batch_records = 128, batch_words = record_words * batch_records;

double in_process(long records) {
    BatchPool pool;
    BatchList inbox;
    std::atomic<bool> done{false};
    uint64_t sum = 0;
    const auto start = Clock::now();
    std::thread consumer([&] {
        long got = 0;
        while (got < records) {
            for (Batch* b = inbox.take_all(); b;) {
                Batch* next = b->next;
                for (int i = 0; i < b->size(record_words); ++i) sum += b->record(i, record_words)[0];
                got += b->size(record_words);
                b->owner->release(b);
                b = next;
            }
        }
        done = true;
    });
    for (long sent = 0; sent < records; sent += batch_records) {
        Batch* b = pool.acquire(batch_words);
        for (int i = 0; i < batch_records; ++i) b->append(record_words)[0] = static_cast<uint64_t>(sent + i);
        inbox.push(b);
    }
    consumer.join();
    if (sum == 42) std::puts("");
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double over_mpi(long records, int rank) {
    MPI_Barrier(MPI_COMM_WORLD);
    const auto start = Clock::now();
    uint64_t sum = 0;
    if (rank == 0) {
        BatchPool pool;
        std::vector<MPI_Request> requests;
        std::vector<Batch*> batches;
        for (long sent = 0; sent < records; sent += batch_records) {
            while (requests.size() >= 64) {
                int index = 0;
                MPI_Waitany(static_cast<int>(requests.size()), requests.data(), &index, MPI_STATUS_IGNORE);
                pool.release(batches[index]);
                requests.erase(requests.begin() + index);
                batches.erase(batches.begin() + index);
            }
            Batch* b = pool.acquire(batch_words);
            for (int i = 0; i < batch_records; ++i) b->append(record_words)[0] = static_cast<uint64_t>(sent + i);
            requests.emplace_back();
            batches.push_back(b);
            MPI_Isend(b->words.data(), batch_words, MPI_UINT64_T, 1, 0, MPI_COMM_WORLD, &requests.back());
        }
        MPI_Waitall(static_cast<int>(requests.size()), requests.data(), MPI_STATUSES_IGNORE);
    } else if (rank == 1) {
        std::vector<uint64_t> words(batch_words);
        for (long got = 0; got < records;) {
            int flag = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
            if (!flag) continue;
            MPI_Recv(words.data(), batch_words, MPI_UINT64_T, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            for (int i = 0; i < batch_records; ++i) sum += words[static_cast<size_t>(i) * record_words];
            got += batch_records;
        }
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (sum == 42) std::puts("");
    return std::chrono::duration<double>(Clock::now() - start).count();
}

int main(int argc, char** argv) {
    setenv("OMPI_MCA_btl_vader_eager_limit", "32768", 0);  // as engine/mpi/session.cpp
    MPI_Init(&argc, &argv);
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    const long records = argc > 1 ? std::atol(argv[1]) : 4'000'000;
    for (int run = 0; run < 3; ++run) {
        const double local = rank == 0 ? in_process(records) : 0;
        const double mpi = over_mpi(records, rank);
        if (rank == 0)
            std::printf("run %d: %ld records of %d bytes: in-process %.1f ns/record, MPI %.1f ns/record\n", run,
                        records, record_words * 8, 1e9 * local / records, 1e9 * mpi / records);
    }
    MPI_Finalize();
}
