// verify: every verdict comes from solution/verify, which knows nothing of
// the search.
#include "verify.hpp"

#include <fstream>
#include <iostream>
#include <sstream>

#include "input.hpp"
#include "level/run_length.hpp"
#include "solution/verify.hpp"
#include "run/solve.hpp"

namespace hdasoko::cli {

namespace {

// SOLUTION is a file of move lines (LURD, run lengths, groups; other lines
// ignored), `-` for standard input, or the moves themselves. Throws
// ParseError on a malformed run.
std::string read_solution(const std::string& arg) {
    std::istringstream piped(arg == "-" ? read_stdin() : std::string());
    std::ifstream file(arg == "-" ? std::string() : arg);
    const bool from_file = arg == "-" || static_cast<bool>(file);
    std::istream& in = arg == "-" ? static_cast<std::istream&>(piped) : file;
    std::string moves = arg, line;
    if (from_file) {
        moves.clear();
        while (std::getline(in, line)) {
            if (!line.empty() && line.back() == '\r') line.pop_back();
            if (line.find_first_not_of("lurdLURD0123456789() \t") == std::string::npos) moves += line;
        }
    }
    std::string lurd, error;
    int at = 0;
    if (!level::decode_solution(moves, lurd, error, at))
        throw level::ParseError(from_file ? input_name(arg) : "SOLUTION", from_file ? 0 : 1, from_file ? 0 : at + 1,
                                error);
    return lurd;
}

// Prints the verdict on `what` (empty: the given solution); true when valid.
bool report(const level::Level& l, const std::string& what, const std::string& lurd) {
    const solution::Verdict v = solution::verify(l, lurd);
    if (!v.ok) {
        std::cout << "rejected: " << (what.empty() ? "" : what + ": ") << v.error << '\n';
        return false;
    }
    std::cout << "valid: " << (what.empty() ? "" : what + " ") << "solves level " << l.number << " in " << v.pushes << " pushes, " << v.moves
              << " moves\n";
    return true;
}

}  // namespace

int run_verify(const std::vector<level::Level>& collection, const std::string& file, const std::string& solution,
               int number) {
    if (!solution.empty()) {
        const level::Level& l = level::select_level(collection, number ? number : 1, file);
        return report(l, "", read_solution(solution)) ? run::exit_solved : run::exit_unsolvable;
    }
    int checked = 0, rejected = 0;
    for (const level::Level& l : collection) {
        if (number && l.number != number) continue;
        for (const level::StoredSolution& s : l.solutions) {
            ++checked;
            const std::string what = file + ":" + std::to_string(s.line) + " solution" +
                                     (s.name.empty() ? "" : " " + s.name);
            rejected += !report(l, what, s.lurd);
        }
    }
    if (checked == 0) {
        std::cerr << "hdasoko: verify: no SOLUTION given and no solution section in " << file << '\n';
        return run::exit_bad_input;
    }
    std::cout << checked - rejected << " of " << checked << " stored solutions valid\n";
    return rejected ? run::exit_unsolvable : run::exit_solved;
}

}  // namespace hdasoko::cli
