// Text and JSON reports of solved levels and collections.
#include "report.hpp"

#include "memory/budget.hpp"
#include "search/lower_bound.hpp"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <sstream>

namespace hdasoko::cli {

std::string thousands(uint64_t n) {
    std::string digits = std::to_string(n), out;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) out += ',';
        out += digits[i];
    }
    return out;
}

std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (unsigned char ch : s) {
        if (ch == '"' || ch == '\\') {
            out += '\\';
            out += static_cast<char>(ch);
        } else if (ch < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", ch);
            out += buf;
        } else {
            out += static_cast<char>(ch);
        }
    }
    return out + "\"";
}

uint64_t peak_rss_bytes() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmHWM:") {
            uint64_t kb = 0;
            status >> kb;
            return kb * 1024;
        }
        status.ignore(1 << 12, '\n');
    }
    return 0;
}

namespace {

std::string percent(uint64_t part, uint64_t whole) {
    if (!whole) return "";
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << 100.0 * part / whole << " %";
    return s.str();
}


std::string level_name(const level::Level& l) {
    return l.source + " #" + std::to_string(l.number) + (l.title.empty() ? "" : " \"" + l.title + "\"");
}

double per_second(uint64_t n, double s) { return s > 0 ? n / s : 0; }

// " (lower bound 176)" beside a solution not proven optimal, else "".
std::string lower_bound_note(const run::Solved& s) {
    if (s.optimal || s.lower_bound < 0) return "";
    return " (lower bound " + std::to_string(s.lower_bound) + ")";
}

// The lower bound as a CSV cell or JSON value: empty / null when unsolvable.
std::string lower_bound_value(const run::Solved& s, const char* none) {
    return s.lower_bound < 0 ? none : std::to_string(s.lower_bound);
}

}  // namespace

std::string fixed(double v, int digits) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(digits) << v;
    return s.str();
}

namespace {

// A portfolio's members: who answered, who ended how and when.
void print_members(std::ostream& out, const run::Solved& solved) {
    out << std::left << std::setw(24) << "winner" << (solved.winner.empty() ? "none" : solved.winner) << '\n';
    for (const auto& m : solved.members) {
        std::string what = std::string(search::outcome_name(m.outcome));
        if (m.outcome == search::Outcome::solved) what += " in " + std::to_string(m.pushes) + " pushes";
        else if (m.lower_bound != search::no_solution) what += ", lower bound " + std::to_string(m.lower_bound);
        if (m.cancelled) what += " (cancelled)";
        out << std::left << std::setw(24) << ("  " + m.name) << std::setw(40) << what << std::right
            << std::setw(3) << m.threads << " threads" << std::setw(13) << thousands(m.stats.expanded)
            << " expanded" << std::setw(9) << fixed(m.seconds, 3) << " s\n";
    }
}

}  // namespace

void print_text(std::ostream& out, const run::Solved& solved, bool show_solution) {
    const auto& st = solved.result.stats;
    auto line = [&](const std::string& key, const std::string& value, const std::string& basis = "") {
        out << std::left << std::setw(24) << key << std::right << std::setw(16) << value;
        if (!basis.empty()) out << "  " << basis;
        out << '\n';
    };
    out << std::left << std::setw(24) << "level" << level_name(*solved.level) << '\n';
    std::string outcome = search::outcome_name(solved.outcome());
    if (!solved.error.empty()) outcome = "internal error: " + solved.error;
    else if (solved.verified && solved.optimal) outcome += ", " + solved.proven + ", verified";
    else if (solved.verified && solved.want_optimal) outcome += "; best solution found verified, not proven push-optimal";
    else if (solved.verified) outcome += ", verified, not proven push-optimal";
    out << std::left << std::setw(24) << "outcome" << outcome << '\n';
    if (!solved.members.empty()) print_members(out, solved);
    if (solved.verified) {
        line("pushes", std::to_string(solved.pushes) + lower_bound_note(solved));
        line("moves", std::to_string(solved.moves));
        if (show_solution) out << std::left << std::setw(24) << "solution" << solved.lurd << '\n';
    }
    if (!solved.verified && solved.lower_bound >= 0)
        line("lower_bound", std::to_string(solved.lower_bound), "proven: no solution has fewer pushes");
    line("initial_h", std::to_string(st.initial_h), "lower bound at the start");
    line("last_f", std::to_string(st.last_f), "f of the last layer searched");
    line("expanded", thousands(st.expanded));
    line("expanded_before_last_f", thousands(st.expanded_before_last_f), "independent of tie-breaking");
    line("generated", thousands(st.generated));
    line("duplicates", thousands(st.duplicates), percent(st.duplicates, st.generated) + " of generated");
    line("pruned_dead_square", thousands(st.pruned_dead_square), percent(st.pruned_dead_square, st.generated) + " of generated");
    line("pruned_freeze", thousands(st.pruned_freeze), percent(st.pruned_freeze, st.generated) + " of generated");
    line("pruned_matching", thousands(st.pruned_matching), percent(st.pruned_matching, st.generated) + " of generated");
    line("pruned_corral", thousands(st.pruned_corral), percent(st.pruned_corral, st.generated) + " of generated");
    line("corral_deadlocks", thousands(st.corral_deadlocks), percent(st.corral_deadlocks, st.expanded) + " of expanded");
    line("pruned_subset", thousands(st.pruned_subset), percent(st.pruned_subset, st.generated) + " of generated");
    if (st.pruned_frozen_goals)
        line("pruned_frozen_goals", thousands(st.pruned_frozen_goals),
             percent(st.pruned_frozen_goals, st.generated) + " of generated");
    if (st.pruned_goal_patterns)
        line("pruned_goal_patterns", thousands(st.pruned_goal_patterns),
             percent(st.pruned_goal_patterns, st.generated) + " of generated");
    line("tunnel_macros", thousands(st.tunnel_macros), percent(st.tunnel_macros, st.generated) + " of generated");
    line("reopened", thousands(st.reopened));
    if (st.raised) line("raised", thousands(st.raised), "open states whose bound rose when scored with the patterns of five");
    line("stored", thousands(st.stored), "states in the closed table");
    if (!solved.result.workers.empty()) {
        line("workers", std::to_string(solved.result.workers.size()), "HDA*");
        line("messages_sent", thousands(st.messages_sent), percent(st.messages_sent, st.generated) + " of generated");
        uint64_t most = 0, sum = 0;
        for (const auto& w : solved.result.workers) {
            most = std::max(most, w.expanded);
            sum += w.expanded;
        }
        double mean = static_cast<double>(sum) / solved.result.workers.size();
        line("load_balance", fixed(mean > 0 ? most / mean : 1.0, 3), "max / mean expanded per worker");
        uint64_t waits = 0;
        for (const auto& w : solved.result.workers) waits += w.waits;
        line("waits", thousands(waits), "times a worker waited behind the best open node");
        uint64_t speculative = 0;
        for (const auto& w : solved.result.workers) speculative += w.speculative;
        line("speculative", thousands(speculative), "expansions behind the best open node (second line)");
        uint64_t early = 0;
        for (const auto& w : solved.result.workers) early += w.early;
        line("early", thousands(early), "expansions one f layer above the best open node");
        uint64_t lookahead = 0, taken = 0;
        for (const auto& w : solved.result.workers) {
            lookahead += w.lookahead;
            taken += w.ahead_taken;
        }
        line("lookahead", thousands(lookahead), "expansions computed ahead for another worker");
        line("ahead_taken", thousands(taken), "expansions taken from those instead of expanded again");
    }
    line("generated_per_s", thousands(static_cast<uint64_t>(per_second(st.generated, st.seconds))));
    line("expanded_per_s", thousands(static_cast<uint64_t>(per_second(st.expanded, st.seconds))));
    line("search_memory", fixed(st.memory_bytes / 1048576.0, 1) + " MB", "tables, arena, open list");
    if (st.stored > 0)
        line("bytes_per_state", fixed(static_cast<double>(st.memory_bytes) / static_cast<double>(st.stored), 1),
             "search_memory / stored");
    line("peak_memory", fixed(peak_rss_bytes() / 1048576.0, 1) + " MB", "resident, whole process");
    if (!solved.tables_skipped.empty())
        line("tables_skipped", solved.tables_skipped, "did not fit in the memory budget: a weaker bound");
    line("peak_budget", fixed(memory::peak() / 1048576.0, 1) + " MB",
         memory::limit() ? "allocated, whole process, of " + fixed(memory::limit() / 1048576.0, 0) + " MB"
                         : std::string("allocated, whole process"));
    const run::Phases& p = solved.phases;
    out << std::left << std::setw(24) << "time" << "analyze " << fixed(p.analyze_s, 3) << " s, pdb "
        << fixed(p.pdb_s, 3) << " s, search "
        << fixed(p.search_s, 3) << " s, reconstruct " << fixed(p.reconstruct_s, 3) << " s, verify "
        << fixed(p.verify_s, 3) << " s, moves " << fixed(p.moves_s, 3) << " s, improve " << fixed(p.improve_s, 3)
        << " s\n";
}

void print_json(std::ostream& out, const run::Solved& solved, const std::string& heuristic, const std::string& run) {
    const auto& st = solved.result.stats;
    const auto& p = solved.phases;
    out << "{";
    if (!run.empty()) out << "\"run\":" << run << ",";
    out << "\"file\":" << json_string(solved.level->source) << ",\"level\":" << solved.level->number
        << ",\"title\":" << json_string(solved.level->title)
        << ",\"outcome\":" << json_string(search::outcome_name(solved.outcome()))
        << ",\"exit_code\":" << solved.exit_code() << ",\"heuristic\":" << json_string(heuristic)
        << ",\"optimal\":" << (solved.verified && solved.optimal ? "true" : "false")
        << ",\"proven\":" << json_string(solved.verified && solved.optimal ? solved.proven : "")
        << ",\"verified\":" << (solved.verified ? "true" : "false")
        << ",\"lower_bound\":" << lower_bound_value(solved, "null");
    if (solved.verified)
        out << ",\"pushes\":" << solved.pushes << ",\"moves\":" << solved.moves
            << ",\"solution\":" << json_string(solved.lurd);
    if (!solved.error.empty()) out << ",\"error\":" << json_string(solved.error);
    out << ",\"tables_skipped\":" << json_string(solved.tables_skipped);
    out << ",\"stats\":{\"expanded\":" << st.expanded << ",\"generated\":" << st.generated
        << ",\"duplicates\":" << st.duplicates << ",\"reopened\":" << st.reopened
        << ",\"pruned_dead_square\":" << st.pruned_dead_square << ",\"pruned_freeze\":" << st.pruned_freeze
        << ",\"pruned_matching\":" << st.pruned_matching << ",\"pruned_corral\":" << st.pruned_corral
        << ",\"corral_deadlocks\":" << st.corral_deadlocks
        << ",\"pruned_subset\":" << st.pruned_subset << ",\"pruned_frozen_goals\":" << st.pruned_frozen_goals
        << ",\"pruned_goal_patterns\":" << st.pruned_goal_patterns << ",\"tunnel_macros\":" << st.tunnel_macros << ",\"raised\":" << st.raised << ",\"initial_h\":" << st.initial_h
        << ",\"last_f\":" << st.last_f << ",\"expanded_before_last_f\":" << st.expanded_before_last_f
        << ",\"stored\":" << st.stored << ",\"messages_sent\":" << st.messages_sent
        << ",\"communication_overhead\":" << (st.generated ? static_cast<double>(st.messages_sent) / st.generated : 0.0)
        << ",\"memory_bytes\":" << st.memory_bytes
        << ",\"peak_rss_bytes\":" << peak_rss_bytes() << ",\"peak_budget_bytes\":" << memory::peak()
        << ",\"seconds\":" << st.seconds
        << ",\"generated_per_s\":" << static_cast<uint64_t>(per_second(st.generated, st.seconds)) << "}"
        << ",\"workers\":[";
    for (size_t i = 0; i < solved.result.workers.size(); ++i) {
        const auto& w = solved.result.workers[i];
        out << (i ? "," : "") << "{\"expanded\":" << w.expanded << ",\"generated\":" << w.generated
            << ",\"duplicates\":" << w.duplicates << ",\"sent\":" << w.sent << ",\"received\":" << w.received
            << ",\"stored\":" << w.stored << ",\"idle_s\":" << w.idle_s << ",\"waits\":" << w.waits
               << ",\"speculative\":" << w.speculative << ",\"early\":" << w.early << ",\"lookahead\":" << w.lookahead
               << ",\"ahead_taken\":" << w.ahead_taken << "}";
    }
    out << "]";
    if (!solved.members.empty()) {
        out << ",\"portfolio\":{\"winner\":" << json_string(solved.winner) << ",\"members\":[";
        for (size_t i = 0; i < solved.members.size(); ++i) {
            const auto& m = solved.members[i];
            out << (i ? "," : "") << "{\"name\":" << json_string(m.name) << ",\"threads\":" << m.threads
                << ",\"optimal\":" << (m.optimal ? "true" : "false")
                << ",\"outcome\":" << json_string(search::outcome_name(m.outcome))
                << ",\"cancelled\":" << (m.cancelled ? "true" : "false") << ",\"pushes\":" << m.pushes
                << ",\"lower_bound\":"
                << (m.lower_bound == search::no_solution ? std::string("null") : std::to_string(m.lower_bound))
                << ",\"seconds\":" << m.seconds << ",\"expanded\":" << m.stats.expanded
                << ",\"generated\":" << m.stats.generated << "}";
        }
        out << "]}";
    }
    out << ",\"phases\":{\"analyze_s\":" << p.analyze_s << ",\"pdb_s\":" << p.pdb_s << ",\"search_s\":" << p.search_s
        << ",\"reconstruct_s\":" << p.reconstruct_s << ",\"verify_s\":" << p.verify_s
        << ",\"moves_s\":" << p.moves_s << ",\"improve_s\":" << p.improve_s << "}}";
}

void print_row_header(std::ostream& out) {
    out << std::left << std::setw(6) << "level" << std::setw(14) << "outcome" << std::right << std::setw(7)
        << "pushes" << std::setw(7) << "bound" << std::setw(8) << "moves" << std::setw(13) << "expanded" << std::setw(14) << "generated"
        << std::setw(10) << "seconds" << "  title\n";
}

void print_row(std::ostream& out, const run::Solved& s) {
    const auto& st = s.result.stats;
    std::string outcome = s.error.empty() ? search::outcome_name(s.outcome()) : "internal_error";
    out << std::left << std::setw(6) << s.level->number << std::setw(14) << outcome << std::right
        << std::setw(7) << (s.verified ? std::to_string(s.pushes) : "-") << std::setw(7)
        << lower_bound_value(s, "-") << std::setw(8) << (s.verified ? std::to_string(s.moves) : "-") << std::setw(13) << thousands(st.expanded)
        << std::setw(14) << thousands(st.generated) << std::setw(10)
        << fixed(s.phases.total(), 3)
        << "  " << s.level->title << '\n';
}

void Summary::add(const run::Solved& s) {
    ++levels;
    if (s.verified) {
        ++solved;
        optimal += s.optimal;
        pushes += s.pushes;
        moves += s.moves;
    }
    // By result: a proof, a solution (proven or not asked to be), or the reason for none.
    std::string result = !s.error.empty()                ? "internal_error"
                         : s.verified && s.optimal       ? "optimal"
                         : s.verified && s.want_optimal  ? "unproven"
                         : s.verified                    ? "solved"
                                                         : search::outcome_name(s.outcome());
    auto it = std::find_if(by_result.begin(), by_result.end(), [&](const auto& p) { return p.first == result; });
    if (it == by_result.end()) by_result.emplace_back(result, 1);
    else ++it->second;
    expanded += s.result.stats.expanded;
    generated += s.result.stats.generated;
    seconds += s.phases.total();
}

void print_summary(std::ostream& out, const Summary& sm) {
    out << "by result:";
    for (size_t i = 0; i < sm.by_result.size(); ++i)
        out << (i ? ", " : " ") << sm.by_result[i].first << " " << sm.by_result[i].second;
    out << "; total moves " << thousands(sm.moves) << '\n';
    out << "solved " << sm.solved << " of " << sm.levels << " (verified; " << sm.optimal
        << " proven push-optimal); total pushes "
        << thousands(sm.pushes) << ", expanded " << thousands(sm.expanded) << ", generated "
        << thousands(sm.generated) << ", " << fixed(sm.seconds, 2) << " s, "
        << thousands(static_cast<uint64_t>(per_second(sm.generated, sm.seconds))) << " generated/s\n";
}

void print_csv_header(std::ostream& out) {
    out << "level,title,solved,outcome,pushes,lower_bound,moves,expanded,generated,seconds,optimal,winner,proven\n";
}

void print_csv_row(std::ostream& out, const run::Solved& s) {
    std::string title = s.level->title;
    for (char& ch : title)
        if (ch == ',' || ch == '"') ch = ' ';
    out << s.level->number << ',' << title << ',' << (s.verified ? 1 : 0) << ','
        << (s.error.empty() ? search::outcome_name(s.outcome()) : "internal_error") << ','
        << (s.verified ? std::to_string(s.pushes) : "") << ',' << lower_bound_value(s, "") << ','
        << (s.verified ? std::to_string(s.moves) : "")
        << ',' << s.result.stats.expanded << ',' << s.result.stats.generated << ','
        << fixed(s.phases.total(), 4) << ',' << (s.verified && s.optimal ? 1 : 0) << ',' << s.winner << ','
        << (!s.verified || !s.optimal                            ? ""
            : s.proven == "push-optimal"                         ? "pushes"
            : s.proven == "optimal in pushes, then moves"        ? "pushes-then-moves"
                                                                 : "moves-then-pushes")
        << '\n';
}

void print_sok(std::ostream& out, const run::Solved& s) {
    out << level::to_xsb(*s.level) << '\n';
    if (!s.level->title.empty()) out << "Title: " << s.level->title << '\n';
    if (s.verified) {
        out << "\nSolution (" << s.pushes << " pushes, " << s.moves << " moves"
            << (s.optimal ? ", " + s.proven : std::string()) << ", hdasoko)\n";
        for (size_t i = 0; i < s.lurd.size(); i += 70) out << s.lurd.substr(i, 70) << '\n';
    }
    out << '\n';
}

void print_json_collection(std::ostream& out, const std::vector<run::Solved>& all, const Summary& sm,
                           const std::string& heuristic, const std::string& run) {
    out << "{\"run\":" << run << ",\n\"levels\":[";
    for (size_t i = 0; i < all.size(); ++i) {
        if (i) out << ",\n";
        print_json(out, all[i], heuristic);
    }
    out << "],\n\"summary\":{\"levels\":" << sm.levels << ",\"solved\":" << sm.solved << ",\"moves\":" << sm.moves
        << ",\"by_result\":{";
    for (size_t i = 0; i < sm.by_result.size(); ++i)
        out << (i ? "," : "") << json_string(sm.by_result[i].first) << ":" << sm.by_result[i].second;
    out << "}"
        << ",\"optimal\":" << sm.optimal
        << ",\"pushes\":" << sm.pushes << ",\"expanded\":" << sm.expanded << ",\"generated\":" << sm.generated
        << ",\"seconds\":" << sm.seconds << "}}\n";
}

}  // namespace hdasoko::cli
