// The run header: what a result was measured with, so that results can be
// compared across machines (version and commit, CPU model, cores, threads,
// memory and time limits, date). Printed before the text summary, as `#`
// lines at the top of a CSV, and as the "run" object of the JSON.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "search/search.hpp"

namespace hdasoko::cli {

struct RunHeader {
    std::string version;     // the project's version (CMakeLists.txt)
    std::string commit;      // git describe when CMake configured the build
    std::string cpu;         // model name from /proc/cpuinfo, "unknown" elsewhere
    unsigned cores = 0;      // hardware threads
    int threads = 0;         // the search's budget
    uint64_t memory_limit_bytes = 0;
    double time_limit_s = 0;  // 0: none
    std::string date;         // UTC, ISO 8601, when the run started
    std::string options;      // every option's value, a JSON object (run::options_json)
};

RunHeader run_header(const search::Options& options);

void print_header_text(std::ostream& out, const RunHeader& h);  // one line
void print_header_csv(std::ostream& out, const RunHeader& h);   // `# key: value` lines
std::string header_json(const RunHeader& h);                    // {"version":...}

}  // namespace hdasoko::cli
