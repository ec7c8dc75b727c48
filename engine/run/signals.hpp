// Stop signals: SIGINT, SIGTERM and SIGHUP stop a search cleanly (its
// statistics printed, collection rows so far written), each recorded so that
// the exit code says which kind stopped it: 23 for SIGINT, 24 for SIGTERM and
// SIGHUP (what `timeout`, job schedulers and container runtimes send). A
// second stop signal ends the process at once, by that signal; one that
// comes within 100 ms of the first is taken for the same request (timeout(1)
// signals the command and then its process group).
#pragma once

#include <atomic>

namespace hdasoko::run::signals {

// Installs the handlers; the searches read stop_flag() as their cancel flag.
void install();

// Set by the first stop signal.
const std::atomic<bool>& stop_flag();

// The signal that stopped the run (SIGINT, SIGTERM, SIGHUP), 0 if none.
int stop_signal();

// "SIGINT", "SIGTERM", "SIGHUP" for those, else "signal".
const char* signal_name(int sig);

// The exit code of a search stopped by the cancel flag: 24 after SIGTERM or
// SIGHUP, else 23 (SIGINT, or the flag with no signal).
int interrupted_exit_code();

}  // namespace hdasoko::run::signals
