// cli/run_header: the machine and build a run was measured on.
#include "run_header.hpp"

#include <ctime>
#include <fstream>
#include <thread>

#include "report.hpp"

#ifndef HDASOKO_VERSION
#define HDASOKO_VERSION "unknown"
#endif
#if __has_include("commit.hpp")
#include "commit.hpp"  // generated at build time (cmake/commit.cmake)
#endif
#ifndef HDASOKO_COMMIT
#define HDASOKO_COMMIT "unknown"
#endif

namespace hdasoko::cli {

namespace {

std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("model name", 0) != 0) continue;
        const size_t colon = line.find(':');
        if (colon == std::string::npos) break;
        const size_t start = line.find_first_not_of(" \t", colon + 1);
        return start == std::string::npos ? "unknown" : line.substr(start);
    }
    return "unknown";
}

std::string utc_now() {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buffer;
}

std::string limit_text(double s) { return s > 0 ? fixed(s, 1) + " s" : "none"; }

}  // namespace

RunHeader run_header(const search::Options& options) {
    RunHeader h;
    h.version = HDASOKO_VERSION;
    h.commit = HDASOKO_COMMIT;
    h.cpu = cpu_model();
    h.cores = std::thread::hardware_concurrency();
    h.threads = options.threads;
    h.memory_limit_bytes = options.limits.memory_limit_bytes;
    h.time_limit_s = options.limits.time_limit_s;
    h.date = utc_now();
    return h;
}

void print_header_text(std::ostream& out, const RunHeader& h) {
    out << "hdasoko " << h.version << " (" << h.commit << "), " << h.cpu << ", " << h.cores << " cores, "
        << h.threads << " threads, memory limit " << fixed(h.memory_limit_bytes / 1048576.0, 0)
        << " MB, time limit " << limit_text(h.time_limit_s) << ", " << h.date << '\n';
}

void print_header_csv(std::ostream& out, const RunHeader& h) {
    out << "# hdasoko " << h.version << " (" << h.commit << ")\n"
        << "# cpu: " << h.cpu << "\n# cores: " << h.cores << "\n# threads: " << h.threads
        << "\n# memory_limit_bytes: " << h.memory_limit_bytes << "\n# time_limit_s: " << h.time_limit_s
        << "\n# date: " << h.date << '\n';
    if (!h.options.empty()) out << "# options: " << h.options << '\n';
}

std::string header_json(const RunHeader& h) {
    return "{\"version\":" + json_string(h.version) + ",\"commit\":" + json_string(h.commit) +
           ",\"cpu\":" + json_string(h.cpu) + ",\"cores\":" + std::to_string(h.cores) +
           ",\"threads\":" + std::to_string(h.threads) +
           ",\"memory_limit_bytes\":" + std::to_string(h.memory_limit_bytes) +
           ",\"time_limit_s\":" + fixed(h.time_limit_s, 3) + ",\"date\":" + json_string(h.date) +
           (h.options.empty() ? "" : ",\"options\":" + h.options) + "}";
}

}  // namespace hdasoko::cli
