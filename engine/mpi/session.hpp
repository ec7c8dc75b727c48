// Session: MPI for the lifetime of the hdasoko command when it runs under
// mpirun (Open MPI sets OMPI_COMM_WORLD_SIZE in each rank's environment);
// without mpirun nothing is initialised and the command behaves as a plain
// build's.
#pragma once

namespace hdasoko::mpi {

// True in a process started by mpirun (or another PMI launcher).
bool launched();

class Session {
public:
    // MPI_Init_thread with MPI_THREAD_SERIALIZED (mpi/transport.hpp: one
    // thread calls MPI at a time). Throws std::runtime_error if MPI cannot
    // give that.
    Session(int& argc, char**& argv);
    ~Session();
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    // Rank 0's exit code, on every rank (collective).
    static int agree_exit(int code);
    // Ends every rank at once after an error on one (MPI_Abort).
    [[noreturn]] static void abort(int code);
};

void set_world(int rank, int ranks);

}  // namespace hdasoko::mpi
