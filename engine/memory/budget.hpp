// The process's memory budget (--memory-limit): one count of the bytes the
// process holds in its allocations, and a limit that no allocation may pass.
//
// Every allocation of the process takes its bytes from the budget before it
// is made: operator new (engine/memory/budget.cpp replaces it, outside the
// sanitizer builds, whose own operator new stays) and the large blocks of
// the search's stores (state/pages.hpp: arena pages, closed-table arrays).
// One that does not fit throws std::bad_alloc (a null block from
// page_alloc), which the searches report as Outcome::memory_limit; so a
// runaway request (issue 68: an open list asked for 2^32 buckets) fails at
// once instead of taking the machine. A table that is optional for the
// bound (the pattern databases, pair conflicts) asks first how much it may
// take, table_bytes(), and is skipped when it does not fit, so that the
// search falls back to a weaker admissible bound and keeps the rest.
//
// Not counted: thread stacks, the program, and what C code allocates with
// malloc (oneTBB's internals, the C library); the resident-memory watch of
// the command (run/memory_watch.hpp) holds those.
//
// Small allocations take from a per-thread credit refilled a chunk at a
// time, so the shared counter is touched once per chunk, not per block; the
// count is exact to within a chunk or two per thread.
#pragma once

#include <cstdint>
#include <string>

namespace hdasoko::memory {

// The limit in bytes; 0: none (the count still runs).
void set_limit(uint64_t bytes);
uint64_t limit();
// Bytes held now: live allocations and the threads' unused credit.
uint64_t used();
// The most held at once since the process started, or since reset_peak().
uint64_t peak();
void reset_peak();
// What is left under the limit (the largest value when there is none).
uint64_t available();

// Takes `bytes` from the budget: false (nothing taken) when they would pass
// the limit.
bool reserve(uint64_t bytes);
void release(uint64_t bytes);

// Whether operator new takes from the budget in this build (not under the
// sanitizers, whose operator new stays theirs).
bool counts_operator_new();

// The bytes an optional table may take now: at most `cap`, and at most
// half of what is left, so that a table never leaves the search that reads
// it less than it takes itself.
uint64_t table_bytes(uint64_t cap);

// Optional tables skipped because they did not fit: note_skipped(name)
// (a string literal) where one is skipped; take_skipped() returns the
// names noted since its last call, comma separated, for the report.
void note_skipped(const char* table);
std::string take_skipped();

// Sets the limit for its lifetime, then restores the one before (tests).
class ScopedLimit {
public:
    explicit ScopedLimit(uint64_t bytes) : before_(limit()) { set_limit(bytes); }
    ~ScopedLimit() { set_limit(before_); }
    ScopedLimit(const ScopedLimit&) = delete;
    ScopedLimit& operator=(const ScopedLimit&) = delete;

private:
    uint64_t before_;
};

}  // namespace hdasoko::memory
