// The scaling report: every run is solved and verified like `solve`; the
// minimum, median and maximum over the repeats are reported next to the
// counts they come from.
#include "scale.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "report.hpp"
#include "run/solve.hpp"

namespace hdasoko::cli {

namespace {

template <class T>
T median(std::vector<T> v) {
    std::sort(v.begin(), v.end());
    size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// Medians, and the spread over the repeats (a last-layer lottery shows there).
struct Row {
    int threads = 0;
    double seconds = 0, speedup = 0, overhead = 0, overhead_below = 0, balance = 0, communication = 0;
    double seconds_min = 0, seconds_max = 0, speedup_min = 0, speedup_max = 0, overhead_min = 0, overhead_max = 0;
    uint64_t expanded = 0, below = 0, messages = 0, expanded_min = 0, expanded_max = 0;
    int pushes = -1;
    int cut = 0;  // runs stopped by a time, node or memory limit: their seconds and expanded are lower bounds
};

template <class T>
T smallest(const std::vector<T>& v) { return *std::min_element(v.begin(), v.end()); }
template <class T>
T largest(const std::vector<T>& v) { return *std::max_element(v.begin(), v.end()); }

void draw(const std::vector<Row>& rows, const std::string& path, const std::string& title) {
    const bool svg = path.size() > 4 && path.substr(path.size() - 4) == ".svg";
    std::string data = path + ".dat";
    {
        std::ofstream d(data);
        for (const Row& r : rows)
            d << r.threads << ' ' << r.speedup << ' ' << r.speedup_min << ' ' << r.speedup_max << ' ' << r.overhead
              << ' ' << r.overhead_min << ' ' << r.overhead_max << '\n';
    }
    FILE* gp = popen("gnuplot", "w");
    if (!gp) {
        std::cerr << "hdasoko: cannot run gnuplot; no plot written\n";
        return;
    }
    int max_t = rows.back().threads;
    const int cores = std::max(1u, std::thread::hardware_concurrency());
    std::fprintf(gp,
                 "set terminal %s size 800,500\nset output '%s'\nset title '%s'\n"
                 "set xlabel 'workers'\nset ylabel 'speedup over 1 worker'\nset y2label 'search overhead'\n"
                 "set yrange [0:%d.5]\n"
                 "set y2tics\nset ytics nomirror\nset key left top\nset grid\nset xrange [0.8:%d]\n"
                 "set logscale y2\n"
                 "plot '%s' using 1:2:3:4 with yerrorlines lw 2 title 'speedup (median, min-max)', "
                 "(x < %d ? x : %d) with lines dt 2 title 'ideal on %d cores', "
                 "'%s' using 1:5:6:7 axes x1y2 with yerrorlines lw 2 title 'search overhead (median, min-max)'\n",
                 svg ? "svg" : "pngcairo", path.c_str(), title.c_str(), cores, max_t + 1, data.c_str(), cores, cores, cores,
                 data.c_str());
    int status = pclose(gp);
    std::remove(data.c_str());
    if (status != 0) std::cerr << "hdasoko: gnuplot failed (status " << status << "); no plot written\n";
}

}  // namespace

int run_scale(const level::Level& level, search::Options options, const ScaleRequest& request) {
    std::vector<Row> rows;
    int exit_code = run::exit_solved;
    std::cout << "level " << level.source << " #" << level.number << ", " << request.repeats
              << " runs per worker count: min / median / max, other columns medians\n";
    std::cout << std::right << std::setw(8) << "workers" << std::setw(26) << "seconds" << std::setw(9) << "speedup"
              << std::setw(38) << "expanded" << std::setw(20) << "overhead" << std::setw(12) << "below_last"
              << std::setw(9) << "balance" << std::setw(13) << "messages" << std::setw(8) << "comm" << std::setw(8)
              << "pushes" << std::setw(5) << "cut" << '\n';
    for (int threads : request.threads) {
        options.threads = threads;
        std::vector<double> seconds, balance, communication;
        std::vector<uint64_t> expanded, below, messages;
        Row row;
        row.threads = threads;
        for (int r = 0; r < request.repeats; ++r) {
            run::Solved s = solve_level(level, options, run::Plan{});  // HDA*
            const search::Outcome outcome = s.result.outcome;
            // A run cut by a limit stays in the table as a lower bound (a
            // lottery's bad draws are what the spread is for); any other
            // failure ends the report.
            const bool cut = !s.verified && s.error.empty() &&
                             (outcome == search::Outcome::time_limit || outcome == search::Outcome::node_limit ||
                              outcome == search::Outcome::memory_limit);
            if (!s.verified && !cut) {
                std::cerr << "hdasoko: " << threads << " workers: " << search::outcome_name(outcome)
                          << (s.error.empty() ? "" : ": " + s.error) << '\n';
                return s.exit_code() == run::exit_solved ? static_cast<int>(run::exit_internal) : s.exit_code();
            }
            if (cut) {
                std::cerr << "hdasoko: " << threads << " workers: run " << r + 1 << " stopped by the "
                          << search::outcome_name(outcome) << " after " << thousands(s.result.stats.expanded)
                          << " expanded; kept as a lower bound\n";
                ++row.cut;
                exit_code = std::max(exit_code, s.exit_code());
            } else if (row.pushes >= 0 && s.pushes != row.pushes) {
                std::cerr << "hdasoko: push counts differ between runs: " << row.pushes << " and " << s.pushes << '\n';
                return run::exit_internal;
            }
            if (!cut && !rows.empty() && rows.front().pushes >= 0 && s.pushes != rows.front().pushes) {
                std::cerr << "hdasoko: push count with " << threads << " workers differs from 1 worker\n";
                return run::exit_internal;
            }
            if (!cut) row.pushes = s.pushes;
            seconds.push_back(s.phases.search_s);
            expanded.push_back(s.result.stats.expanded);
            below.push_back(s.result.stats.expanded_before_last_f);
            messages.push_back(s.result.stats.messages_sent);
            // Communication overhead (Jinnai and Fukunaga): states sent to another worker per generated.
            const uint64_t generated = s.result.stats.generated;
            communication.push_back(generated ? static_cast<double>(s.result.stats.messages_sent) / generated : 0);
            uint64_t most = 0, sum = 0;
            for (const auto& w : s.result.workers) {
                most = std::max(most, w.expanded);
                sum += w.expanded;
            }
            balance.push_back(sum ? most * static_cast<double>(s.result.workers.size()) / sum : 1.0);
        }
        row.seconds = median(seconds);
        row.seconds_min = smallest(seconds);
        row.seconds_max = largest(seconds);
        row.expanded = median(expanded);
        row.expanded_min = smallest(expanded);
        row.expanded_max = largest(expanded);
        row.below = median(below);
        row.messages = median(messages);
        row.balance = median(balance);
        row.communication = median(communication);
        const Row& base = rows.empty() ? row : rows.front();
        // Against the one-worker median: the spread is this count's own.
        row.speedup = row.seconds > 0 ? base.seconds / row.seconds : 0;
        row.speedup_min = row.seconds_max > 0 ? base.seconds / row.seconds_max : 0;
        row.speedup_max = row.seconds_min > 0 ? base.seconds / row.seconds_min : 0;
        const double per_node = base.expanded ? 1.0 / static_cast<double>(base.expanded) : 0;
        row.overhead = static_cast<double>(row.expanded) * per_node;
        row.overhead_min = static_cast<double>(row.expanded_min) * per_node;
        row.overhead_max = static_cast<double>(row.expanded_max) * per_node;
        row.overhead_below = base.below ? static_cast<double>(row.below) / base.below : 0;
        rows.push_back(row);
        std::ostringstream secs, nodes, over;
        secs << std::fixed << std::setprecision(2) << row.seconds_min << " / " << row.seconds << " / "
             << row.seconds_max;
        nodes << thousands(row.expanded_min) << " / " << thousands(row.expanded) << " / "
              << thousands(row.expanded_max);
        over << std::fixed << std::setprecision(2) << row.overhead_min << " / " << row.overhead << " / "
             << row.overhead_max;
        std::cout << std::setw(8) << row.threads << std::setw(26) << secs.str() << std::setw(9) << std::fixed
                  << std::setprecision(2) << row.speedup << std::setw(38) << nodes.str() << std::setw(20)
                  << over.str() << std::setw(12) << std::setprecision(3) << row.overhead_below
                  << std::setw(9) << row.balance
                  << std::setw(13) << thousands(row.messages) << std::setw(8) << std::setprecision(3)
                  << row.communication << std::setw(8) << row.pushes << std::setw(5) << row.cut << std::endl;
    }
    if (!request.csv_path.empty()) {
        std::ofstream csv(request.csv_path);
        if (!csv) throw level::ParseError(request.csv_path, 0, 0, "cannot write file");
        csv << "level,workers,repeats,seconds,speedup,expanded,search_overhead,expanded_below_last_f,"
               "overhead_below_last_f,load_balance,messages,pushes,seconds_min,seconds_max,speedup_min,"
               "speedup_max,expanded_min,expanded_max,overhead_min,overhead_max,communication_overhead,runs_cut\n";
        for (const Row& r : rows)
            csv << level.number << ',' << r.threads << ',' << request.repeats << ',' << r.seconds << ',' << r.speedup
                << ',' << r.expanded << ',' << r.overhead << ',' << r.below << ',' << r.overhead_below << ','
                << r.balance << ',' << r.messages << ',' << r.pushes << ',' << r.seconds_min << ','
                << r.seconds_max << ',' << r.speedup_min << ',' << r.speedup_max << ',' << r.expanded_min << ','
                << r.expanded_max << ',' << r.overhead_min << ',' << r.overhead_max << ',' << r.communication << ',' << r.cut << '\n';
    }
    if (!request.plot_path.empty())
        draw(rows, request.plot_path,
             "HDA* on " + level.source.substr(level.source.find_last_of('/') + 1) + " #" + std::to_string(level.number));
    return exit_code;
}

int replot_scale(const std::string& csv_path, const std::string& plot_path, const std::string& title) {
    std::ifstream csv(csv_path);
    if (!csv) throw level::ParseError(csv_path, 0, 0, "cannot read file");
    std::string line;
    std::getline(csv, line);  // header
    std::vector<Row> rows;
    int line_number = 1;
    while (std::getline(csv, line)) {
        ++line_number;
        std::vector<std::string> cells;
        std::stringstream fields(line);
        for (std::string cell; std::getline(fields, cell, ',');) cells.push_back(cell);
        if (cells.size() < 7) throw level::ParseError(csv_path, line_number, 1, "not a row of `hdasoko scale --csv`");
        Row r;
        try {
            r.threads = std::stoi(cells[1]);
            r.speedup = r.speedup_min = r.speedup_max = std::stod(cells[4]);
            r.overhead = r.overhead_min = r.overhead_max = std::stod(cells[6]);
            if (cells.size() >= 20) {  // written with the spread
                r.speedup_min = std::stod(cells[14]);
                r.speedup_max = std::stod(cells[15]);
                r.overhead_min = std::stod(cells[18]);
                r.overhead_max = std::stod(cells[19]);
            }
        } catch (const std::exception&) {
            throw level::ParseError(csv_path, line_number, 1, "not a row of `hdasoko scale --csv`");
        }
        rows.push_back(r);
    }
    if (rows.empty()) throw level::ParseError(csv_path, line_number, 0, "no rows");
    draw(rows, plot_path, title);
    return run::exit_solved;
}

}  // namespace hdasoko::cli
