// The one main() shared by every doctest binary. The tests run under a
// process memory budget of 4 GB (memory/budget.hpp), so that a runaway
// allocation fails at once as a memory limit the test sees (issue 68: a
// wrapped bound asked for 2^32 open-list buckets) instead of taking the
// machine.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdint>

#include "memory/budget.hpp"

int main(int argc, char** argv) {
    hdasoko::memory::set_limit(hdasoko::memory::used() + (uint64_t{4} << 30));
    doctest::Context context(argc, argv);
    return context.run();
}
