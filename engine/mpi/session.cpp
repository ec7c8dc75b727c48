// Session (mpi/session.hpp).
#include "mpi/session.hpp"

#include <mpi.h>

#include <cstdlib>
#include <stdexcept>

namespace hdasoko::mpi {

bool launched() { return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") || std::getenv("PMIX_RANK"); }

Session::Session(int& argc, char**& argv) {
    // Open MPI's shared-memory transport sends messages over 4 KiB with a
    // rendezvous that completes only when both movers happen to be inside
    // MPI; a batch (128 records of 40-80 bytes) then waits milliseconds and
    // the workers, starved of the low-f states in it, run deep into higher
    // f layers (an order of magnitude more expansions than A*'s; sent
    // eagerly, about as many).
    // A limit the user set wins.
    setenv("OMPI_MCA_btl_vader_eager_limit", "32768", 0);
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED) {
        MPI_Finalize();
        throw std::runtime_error("MPI does not allow threads (MPI_THREAD_SERIALIZED)");
    }
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    set_world(rank, size);
}

Session::~Session() { MPI_Finalize(); }

int Session::agree_exit(int code) {
    MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return code;
}

void Session::abort(int code) {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::abort();
}

}  // namespace hdasoko::mpi
