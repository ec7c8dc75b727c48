// The differential check of differential.hpp: a table of configurations,
// each run on the level and judged against the BFS answer.
#include "differential.hpp"

#include <memory>
#include <sstream>

#include "board/board.hpp"
#include "heuristic/pdb.hpp"
#include "search/portfolio.hpp"
#include "search/search.hpp"
#include "solution/solution.hpp"
#include "solution/verify.hpp"

namespace hdasoko::generate {

namespace {

constexpr heuristic::Kind kinds[] = {heuristic::Kind::simple, heuristic::Kind::matching, heuristic::Kind::pdb,
                                     heuristic::Kind::pdb_static};
constexpr int hda_workers[] = {1, 2, 3, 8};
constexpr int bidir_threads[] = {1, 2, 3};

const char* order_name(search::Order order) {
    return order == search::Order::astar ? "astar" : order == search::Order::weighted ? "weighted" : "greedy";
}

class Judge {
public:
    Judge(const level::Level& level, const board::Board& board, const BfsAnswer& expected,
          std::vector<std::string>& out, DifferentialCount& count)
        : level_(level), board_(board), expected_(expected), out_(out), count_(count) {}

    // `optimal`: the answer must be push-optimal.
    void judge(const std::string& name, const search::SearchResult& result, bool optimal, bool proven = true) {
        ++count_.searches;
        const std::string got = search::outcome_name(result.outcome);
        if (expected_.kind == BfsAnswer::unsolvable) {
            if (result.outcome != search::Outcome::unsolvable)
                fail(name, got + " with " + std::to_string(result.pushes.size()) + " pushes; BFS: unsolvable");
            return;
        }
        if (result.outcome != search::Outcome::solved) {
            fail(name, got + "; BFS: " + std::to_string(expected_.pushes) + " pushes");
            return;
        }
        const int pushes = static_cast<int>(result.pushes.size());
        if (optimal && pushes != expected_.pushes)
            fail(name, std::to_string(pushes) + " pushes; BFS: " + std::to_string(expected_.pushes));
        if (!optimal && pushes < expected_.pushes)
            fail(name, std::to_string(pushes) + " pushes, fewer than BFS's " + std::to_string(expected_.pushes));
        if (optimal && !proven) fail(name, "solution not reported as proven optimal");
        if (optimal && static_cast<int>(result.stats.initial_h) > expected_.pushes)
            fail(name, "initial bound " + std::to_string(result.stats.initial_h) + " above BFS's " +
                           std::to_string(expected_.pushes));
        std::string lurd;
        try {
            lurd = solution::to_lurd(board_, result.pushes);
        } catch (const std::exception& e) {
            fail(name, std::string("reconstruction failed: ") + e.what());
            return;
        }
        const solution::Verdict verdict = solution::verify(level_, lurd);
        if (!verdict.ok) fail(name, "verifier rejected " + lurd + ": " + verdict.error);
        else if (verdict.pushes != pushes)
            fail(name, "verifier counted " + std::to_string(verdict.pushes) + " pushes, the search " +
                           std::to_string(pushes));
    }

private:
    void fail(const std::string& name, const std::string& what) { out_.push_back(name + ": " + what); }

    const level::Level& level_;
    const board::Board& board_;
    const BfsAnswer& expected_;
    std::vector<std::string>& out_;
    DifferentialCount& count_;
};

std::string config_name(const char* search, heuristic::Kind kind, bool pi_corral, int threads,
                        search::Order order = search::Order::astar) {
    std::ostringstream name;
    name << search << " " << order_name(order) << " " << heuristic::kind_name(kind) << (pi_corral ? "" : " no-pi")
         << " threads=" << threads;
    return name.str();
}

}  // namespace

std::vector<std::string> differential(const level::Level& level, const BfsAnswer& expected, Coverage coverage,
                                      uint64_t salt, DifferentialCount& count) {
    std::vector<std::string> out;
    if (expected.kind == BfsAnswer::too_large) return out;
    const board::Board board(level);
    Judge judge(level, board, expected, out, count);
    search::Options base;
    base.pdb = std::make_shared<const heuristic::Pdb>(board);  // shared by every PDB run, as the command does
    const bool full = coverage == Coverage::full;
    auto chosen = [&](size_t i, size_t n, uint64_t stir) { return full || i == (salt / stir) % n; };

    for (size_t k = 0; k < std::size(kinds); ++k) {
        for (bool pi : {true, false}) {
            search::Options o = base;
            o.heuristic = kinds[k];
            o.pi_corral = pi;
            // A*, every heuristic, PI-corral on and off: cheap, always.
            judge.judge(config_name("astar", o.heuristic, pi, 1), search::astar(board, o), true);
            // HDA*: every worker count (rotating: one heuristic, one count per level).
            for (size_t w = 0; w < std::size(hda_workers); ++w) {
                if (!chosen(k, std::size(kinds), 1) || !chosen(w, std::size(hda_workers), 7)) continue;
                o.threads = hda_workers[w];
                judge.judge(config_name("hda", o.heuristic, pi, o.threads), search::hda(board, o), true);
            }
            // Bidirectional A*: forward side HDA* with threads - 1 workers.
            for (size_t t = 0; t < std::size(bidir_threads); ++t) {
                if (!chosen(k, std::size(kinds), 1) || !chosen(t, std::size(bidir_threads), 11)) continue;
                o.threads = bidir_threads[t];
                judge.judge(config_name("bidirectional", o.heuristic, pi, o.threads), search::bidirectional(board, o),
                            true);
            }
            o.threads = 1;
            if (!pi || !chosen(k, std::size(kinds), 1)) continue;
            // Any-solution orders of the forward search.
            for (search::Order order : {search::Order::weighted, search::Order::greedy}) {
                o.order = order;
                judge.judge(config_name("astar", o.heuristic, pi, 1, order), search::astar(board, o), false);
            }
        }
    }
    for (search::Order order : {search::Order::astar, search::Order::weighted, search::Order::greedy}) {
        search::Options o = base;
        o.order = order;
        judge.judge(config_name("reverse", o.heuristic, true, 1, order), search::reverse(board, o),
                    order == search::Order::astar);
        if (order == search::Order::astar) continue;
        judge.judge(config_name("bidirectional", o.heuristic, true, 2, order), search::bidirectional(board, o), false);
    }
    // Portfolio members alone, and the default races.
    std::vector<std::pair<std::string, search::Mode>> races;
    for (const auto& [name, what] : search::member_names()) {
        std::string error;
        const auto member = search::portfolio_members(name, search::Mode::optimal, base, 2, error);
        if (member.size() != 1) {
            out.push_back("portfolio member " + name + ": " + error);
            continue;
        }
        races.emplace_back(name, member.front().optimal ? search::Mode::optimal : search::Mode::any);
    }
    races.emplace_back("default", search::Mode::optimal);
    races.emplace_back("default", search::Mode::any);
    for (size_t r = 0; r < races.size(); ++r) {
        if (!chosen(r, races.size(), 13) && !(races[r].first == "default" && chosen(r % 2, 2, 3))) continue;
        const auto& [name, mode] = races[r];
        std::string error;
        const int threads = 3;
        auto members = search::portfolio_members(name, mode, base, threads, error);
        const bool optimal = mode == search::Mode::optimal;
        const std::string label =
            std::string("portfolio ") + name + (optimal ? " optimal" : " any") + " threads=" + std::to_string(threads);
        search::PortfolioResult race = search::race(board, std::move(members), mode, search::Limits{});
        judge.judge(label, race.result, optimal, race.optimal);
    }
    return out;
}

}  // namespace hdasoko::generate
