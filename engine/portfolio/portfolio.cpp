// The race: one std::thread per member (an HDA* member starts its own
// workers), a shared cancel flag and upper bound, and the calling thread as
// referee. Members report under a mutex when they end; the referee decides
// after each report and cancels the rest as soon as an answer wins. Cancel
// latency is the members' own: every search checks its cancel flag at least
// every 1024 expansions.
#include "portfolio/portfolio.hpp"

#include "concurrent/thread_group.hpp"
#include "concurrent/turns.hpp"
#include "fess/fess.hpp"
#include "search/lower_bound.hpp"
#include "search/vicinity.hpp"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <sstream>
#include <thread>

namespace hdasoko::portfolio {

// The members are the searches of search/ and fess/ with their options.
using namespace search;

namespace {

using Clock = std::chrono::steady_clock;
constexpr uint32_t no_bound = 0xFFFFFFFF;

struct Recipe {
    const char* name;
    const char* what;
    SearchFunction search;
    heuristic::Kind heuristic;
    Order order;
    int weight;              // share of the thread budget (parallel searches)
    bool early = false;      // Member::early in every mode
    bool speculate = false;  // HDA* speculation (Options::hda_speculate)
    bool handover = false;   // HDA* hand-over (Options::hda_handover) when the workers fit the cores
    bool improver = false;   // Member::improver (no search function of its own)
    bool optimal() const { return order == Order::astar && !improver; }
    // Parallel members share the budget by weight: HDA*, and the optimal
    // bidirectional search (its forward side HDA*, one thread for the reverse).
    bool parallel() const { return search == hda || (search == bidirectional && order == Order::astar); }
    int fixed_threads() const { return search == bidirectional ? 2 : 1; }  // when not parallel
};

// Every member the command line can name.
const std::vector<Recipe>& recipes() {
    static const std::vector<Recipe> all = {
        {"hda", "forward HDA*, matching bound (optimal)", hda, heuristic::Kind::matching, Order::astar, 4},
        {"hda-pdb", "forward HDA*, 2-box pattern database bound (optimal)", hda, heuristic::Kind::pdb,
         Order::astar, 4, false, false, true},
        {"hda-simple", "forward HDA*, simple bound (optimal)", hda, heuristic::Kind::simple, Order::astar, 2},
        {"astar", "forward sequential A*, matching bound (optimal)", astar, heuristic::Kind::matching,
         Order::astar, 1},
        {"astar-simple", "forward sequential A*, simple bound (optimal)", astar, heuristic::Kind::simple,
         Order::astar, 1},
        {"weighted", "forward weighted A*, f = g + 3h, matching bound (any solution)", astar,
         heuristic::Kind::matching, Order::weighted, 1},
        {"greedy", "forward greedy best-first by the matching bound (any solution)", astar,
         heuristic::Kind::matching, Order::greedy, 1},
        {"reverse", "reverse A* with pulls, matching on pull distances (optimal)", reverse,
         heuristic::Kind::matching, Order::astar, 1},
        {"reverse-early", "reverse, beside the thread budget for a tenth of the time (any mode: a third) (optimal)",
         reverse, heuristic::Kind::matching, Order::astar, 1, true},
        {"hda-pdb-spec", "hda-pdb with speculation (--speculate): both workers busy below the last f layer (optimal)",
         hda, heuristic::Kind::pdb, Order::astar, 4, false, true},
        {"reverse-weighted", "reverse weighted A* with pulls, f = g + 3h (any solution)", reverse,
         heuristic::Kind::matching, Order::weighted, 1},
        {"reverse-greedy", "reverse greedy best-first with pulls (any solution)", reverse,
         heuristic::Kind::matching, Order::greedy, 1},
        {"reverse-greedy-early", "reverse-greedy for a third of the time, taking turns with the first member (any solution)",
         reverse, heuristic::Kind::matching, Order::greedy, 1, true},
        {"greedy-pdb", "forward greedy best-first by the PDB bound (any solution)", astar, heuristic::Kind::pdb,
         Order::greedy, 1},
        {"bidir", "bidirectional A*: forward HDA*, matching bound, + reverse A* (optimal)", bidirectional,
         heuristic::Kind::matching, Order::astar, 1},
        {"bidir-pdb", "bidirectional A*: forward HDA*, PDB bound, + reverse A* (optimal)", bidirectional,
         heuristic::Kind::pdb, Order::astar, 1},
        {"bidir-weighted", "bidirectional weighted A*, f = g + 3h, 2 threads (any solution)", bidirectional,
         heuristic::Kind::matching, Order::weighted, 1},
        {"fess", "feature-space search (FESS): packing order, connectivity, advisors (any solution)", fess::run,
         heuristic::Kind::matching, Order::greedy, 1},
        {"fess-box", "fess over box moves (a box pushed to any square it reaches) (any solution)",
         fess::run_box_moves, heuristic::Kind::matching, Order::greedy, 1},
        {"fess-box-plan", "fess-box with fess's cells: boxes packed in plan, out of plan on a way in (any solution)",
         fess::run_box_moves_in_plan, heuristic::Kind::matching, Order::greedy, 1},
        {"fess-corral", "fess with a corral deadlock search before each expansion (any solution)",
         fess::run_with_corral_search, heuristic::Kind::matching, Order::greedy, 1},
        {"bidir-greedy", "bidirectional greedy best-first, 2 threads (any solution)", bidirectional,
         heuristic::Kind::matching, Order::greedy, 1},
        {"vicinity", "vicinity searches around the best solution so far, PDB bound (shorter solutions; optimal mode)",
         nullptr, heuristic::Kind::pdb, Order::astar, 1, false, false, false, true},
    };
    return all;
}

// What `hdasoko solve` runs when no member is named; the README gives how
// the default measures.
// Optimal: forward HDA* on the strongest bound (the PDB) on the whole
// thread budget; beside it, for the first tenth of the time limit
// (race()), the reverse A*, which searches from the other end and so proves
// some levels the forward search finds hard, and reverse greedy, fess and
// fess-box for an early upper bound. An upper bound that
// meets the prover's lower bound is a proof (race(): Outcome::bound_proven,
// and a solution as short as a proven lower bound), so a quick non-optimal
// solution can end a proof the prover alone would not finish. The prover
// hands its dive over (Options::hda_handover) when its workers fit the
// cores, so that the layers below the optimum do not stay on one worker;
// it does not speculate (hda-pdb-spec): where no upper bound meets the
// optimum, speculation works in the optimum's own layer, where the order
// of its nodes decides the time.
// Any: the feature-space searches over single pushes (fess) and over box
// moves with fess's cells (fess-box-plan), which solve different levels,
// and reverse greedy for the first third of the time (taking turns with
// fess on its core, race()), which solves within seconds levels that both
// miss, or not at all.
const char* default_members(Mode mode) {
    return mode == Mode::optimal ? "hda-pdb,reverse-early,reverse-greedy,fess,fess-box,vicinity"
                                 : "fess,fess-box-plan,reverse-greedy-early";
}

constexpr double upper_bound_min_s = 2.0;
// The share of the time limit an early member runs for: in optimal mode a
// tenth; in any mode a third: there it has half a core (turns, race()), and
// a tenth of the time left it too little for levels it solves alone in
// seconds.
double early_share(Mode mode) { return mode == Mode::optimal ? 0.1 : 1.0 / 3; }

// A member runs beside the thread budget (in any mode by turns with the
// first member, race()), for early_share() of the time and in the tenth of
// the memory: one marked early (reverse-early, reverse-greedy-early), and
// in optimal mode every non-optimal one.
bool runs_early(Mode mode, bool marked, bool optimal) { return marked || (mode == Mode::optimal && !optimal); }

// The member the early ones take turns with: the first that is not early
// and runs on one thread; -1 when there is none, or when every member's
// threads together fit the machine's (then nobody needs to share a core).
template <class Early>
int first_turn_partner(const std::vector<Member>& members, Early&& early) {
    int threads = 0;
    for (const Member& m : members) threads += m.options.threads;
    if (threads <= static_cast<int>(std::thread::hardware_concurrency())) return -1;
    for (size_t i = 0; i < members.size(); ++i)
        if (!early(members[i]) && members[i].options.threads == 1) return static_cast<int>(i);
    return -1;
}

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

}  // namespace

std::vector<std::pair<std::string, std::string>> member_names() {
    std::vector<std::pair<std::string, std::string>> names;
    for (const Recipe& r : recipes()) names.emplace_back(r.name, r.what);
    return names;
}

std::vector<Member> portfolio_members(const std::string& spec, Mode mode, const Options& base, int threads,
                                      std::string& error) {
    std::vector<const Recipe*> chosen;
    std::stringstream names(spec == "default" ? default_members(mode) : spec);
    for (std::string name; std::getline(names, name, ',');) {
        auto it = std::find_if(recipes().begin(), recipes().end(), [&](const Recipe& r) { return name == r.name; });
        if (it == recipes().end()) {
            error = "unknown portfolio member '" + name + "'";
            return {};
        }
        chosen.push_back(&*it);
    }
    if (chosen.empty()) {
        error = "the portfolio names no member";
        return {};
    }
    if (std::all_of(chosen.begin(), chosen.end(), [](const Recipe* r) { return r->improver; })) {
        error = "the portfolio has only improvers (" + spec + "): name a member that finds solutions too";
        return {};
    }
    // Sequential searches take one thread each (bidirectional two), parallel ones share the
    // rest by weight, at least one each. In optimal mode the non-optimal
    // members only look for an early bound: they run beside the budget.
    auto early = [mode](const Recipe* r) { return runs_early(mode, r->early, r->optimal()); };
    int weights = 0, sequential = 0;
    for (const Recipe* r : chosen) {
        if (r->parallel()) weights += r->weight;
        else if (!early(r)) sequential += r->fixed_threads();
    }
    const int parallel_threads = std::max(1, threads - sequential);
    std::vector<Member> members;
    for (const Recipe* r : chosen) {
        Member m{r->name, r->search, base, r->optimal(), early(r), r->improver};
        m.options.heuristic = r->heuristic;
        m.options.hda_speculate = base.hda_speculate || r->speculate;
        m.options.order = r->order;
        m.options.threads =
            r->parallel() ? std::max(1, parallel_threads * r->weight / std::max(1, weights)) : r->fixed_threads();
        if (!base.hda_handover)
            m.options.hda_handover =
                r->handover && m.options.threads <= static_cast<int>(std::thread::hardware_concurrency());
        members.push_back(std::move(m));
    }
    return members;
}

PortfolioResult race(const board::Board& board, std::vector<Member> members, Mode mode, const Limits& limits) {
    const auto start = Clock::now();
    const size_t n = members.size();
    std::atomic<bool> cancel{false};
    std::atomic<uint32_t> bound{no_bound};
    std::mutex mutex;
    std::condition_variable reported;
    std::vector<SearchResult> results(n);
    std::vector<double> ended(n, 0);
    std::vector<bool> done(n, false);
    size_t finished = 0;
    int best = -1;  // the member holding the shortest solution so far

    // One pattern database for every member that reads one, one
    // goal-pattern table, one pair-conflict table and one packing order.
    std::shared_ptr<const heuristic::Pdb> pdb;
    std::shared_ptr<const deadlock::GoalPatterns> goal_patterns;
    std::shared_ptr<const heuristic::PairConflicts> conflicts;
    std::shared_ptr<const plan::PackingOrder> packing_order;
    // The user's cancel stops the building (a table cut short is left out:
    // the members then stop at once anyway).
    for (Member& m : members) {
        Options setup = m.options;
        setup.limits.cancel = limits.cancel;
        if (!m.options.conflict_table) {
            if (!conflicts) conflicts = pair_conflict_table(board, setup);
            if (conflicts) m.options.conflict_table = conflicts;
        }
        if (m.options.goal_patterns && !m.options.goal_pattern_table) {
            if (!goal_patterns) goal_patterns = goal_pattern_table(board, setup);
            m.options.goal_pattern_table = goal_patterns;
        }
        if (m.options.tie_break == TieBreak::plan && !m.options.packing_order) {
            if (!packing_order) packing_order = packing_order_of(board, setup);
            m.options.packing_order = packing_order;
        }
        if (!uses_pdb(m.options.heuristic) || m.options.pdb) continue;
        if (!pdb) pdb = pdb_table(board, setup);
        m.options.pdb = pdb;
    }

    // Memory: shared equally, except that the early members (in optimal
    // mode the upper-bound members, and those marked early; they stop after
    // early_share() of the time, see below) share a tenth of it and the
    // others the rest: with an equal share every upper-bound member would
    // take from the prover memory it needs long after that member stopped.
    std::vector<uint64_t> memory_shares(n, limits.memory_limit_bytes / n);
    auto early = [mode](const Member& m) { return runs_early(mode, m.early, m.optimal); };
    const size_t upper = static_cast<size_t>(std::count_if(members.begin(), members.end(), early));
    if (upper > 0 && upper < n) {
        const uint64_t tenth = limits.memory_limit_bytes / 10;
        for (size_t i = 0; i < n; ++i)
            memory_shares[i] = early(members[i]) ? tenth / upper : (limits.memory_limit_bytes - tenth) / (n - upper);
    }

    // In any mode, when the members' threads outnumber the machine's, the
    // early members take turns with the first member on one thread
    // (concurrent/turns.hpp) rather than taking a share of every core:
    // the other members (fess-box-plan, the default's second) then keep
    // their cores whole. In optimal mode they run beside the provers.
    const int partner = mode == Mode::any && upper > 0 ? first_turn_partner(members, early) : -1;
    concurrent::Turns turns(static_cast<int>(n));
    auto takes_turns = [&](size_t i) { return partner >= 0 && (static_cast<int>(i) == partner || early(members[i])); };

    // The improver (Member::improver): waits for the first solution, then
    // searches the vicinity of the best one (search/vicinity.hpp) for the
    // rest of its time; each shorter solution it finds is the best at once
    // and lowers the shared bound. It ends with the last solution it found,
    // or with the limit that stopped it; never a proof.
    auto improve_best = [&](size_t i) {
        const Options& o = members[i].options;
        auto out_of_time = [&] { return o.limits.time_limit_s > 0 && since(start) >= o.limits.time_limit_s; };
        // No shorter solution: its time ran out, or it was cancelled, or it
        // searched every vicinity (reported as interrupted too).
        auto stopped = [&] {
            SearchResult r;
            r.outcome = out_of_time() ? Outcome::time_limit : Outcome::interrupted;
            return r;
        };
        std::vector<moves::Push> seed;
        {
            std::unique_lock<std::mutex> lock(mutex);
            auto others_done = [&] {
                for (size_t j = 0; j < n; ++j)
                    if (!members[j].improver && !done[j]) return false;
                return true;
            };
            while (best < 0 && !cancel.load(std::memory_order_relaxed) && !out_of_time() && !others_done())
                reported.wait_for(lock, std::chrono::milliseconds(5));
            if (best < 0) return stopped();
            seed = results[best].pushes;
        }
        Options left = o;
        if (o.limits.time_limit_s > 0) left.limits.time_limit_s = std::max(1e-3, o.limits.time_limit_s - since(start));
        left.shared_bound = &bound;
        SearchResult found = stopped();
        const SearchStats counts = improve_in_vicinity(board, left, std::move(seed), [&](const SearchResult& r) {
            std::lock_guard<std::mutex> lock(mutex);
            if (best >= 0 && r.pushes.size() >= results[best].pushes.size()) return false;
            found = r;
            results[i] = r;
            best = static_cast<int>(i);
            bound.store(std::min<uint32_t>(bound.load(), static_cast<uint32_t>(r.pushes.size())));
            reported.notify_all();
            return true;
        });
        if (found.outcome != Outcome::solved) found = stopped();
        found.stats = counts;
        return found;
    };

    concurrent::ThreadGroup threads;
    for (size_t i = 0; i < n; ++i) {
        Options& o = members[i].options;
        o.limits = limits;
        o.limits.memory_limit_bytes = memory_shares[i];
        // In optimal mode the non-optimal members look for an upper bound
        // (and a proof, when a prover's lower bound meets it) beside the
        // budget: for a tenth of the time limit, at least upper_bound_min_s,
        // so that on levels they cannot solve they stop taking the provers' cores;
        // a member marked early (reverse-early; in any mode
        // reverse-greedy-early, which solves its levels in seconds or not at
        // all) the same.
        if (early(members[i]) && limits.time_limit_s > 0)
            o.limits.time_limit_s =
                std::min(limits.time_limit_s, std::max(upper_bound_min_s, limits.time_limit_s * early_share(mode)));
        o.limits.cancel = &cancel;
        if (takes_turns(i)) {
            o.limits.turns = &turns;
            o.limits.turn = static_cast<int>(i);
        }
        o.shared_bound = mode == Mode::optimal && members[i].optimal ? &bound : nullptr;
        o.on_layer = nullptr;
        const bool started = threads.start([&, i] {
            SearchResult r = members[i].improver
                                 ? improve_best(i)
                                 : memory_guarded([&] { return members[i].search(board, members[i].options); });
            if (takes_turns(i)) turns.leave(static_cast<int>(i));
            std::lock_guard<std::mutex> lock(mutex);
            ended[i] = since(start);
            if (r.outcome == Outcome::solved &&
                (best < 0 || r.pushes.size() < results[best].pushes.size())) {
                best = static_cast<int>(i);
                // After the solution is kept: a member that proves the bound
                // finds the solution here.
                bound.store(std::min<uint32_t>(bound.load(), static_cast<uint32_t>(r.pushes.size())));
            }
            results[i] = std::move(r);
            done[i] = true;
            ++finished;
            reported.notify_all();
        });
        if (!started) {  // no stack for another member: end the started ones, then a memory limit
            cancel.store(true, std::memory_order_relaxed);
            threads.join();
            throw std::bad_alloc();
        }
    }

    PortfolioResult out;
    bool interrupted = false;
    double decided = -1;
    {
        std::unique_lock<std::mutex> lock(mutex);
        for (;;) {
            for (size_t i = 0; i < n && out.winner < 0; ++i) {
                if (!done[i]) continue;
                const Outcome o = results[i].outcome;
                if (o == Outcome::unsolvable ||
                    (o == Outcome::solved && (mode == Mode::any || members[i].optimal))) {
                    out.winner = static_cast<int>(i);
                    out.optimal = o == Outcome::solved && members[i].optimal;
                } else if (o == Outcome::bound_proven) {
                    out.winner = best;  // the prover pruned with best's length
                    out.optimal = true;
                }
            }
            if (out.winner >= 0 || finished == n) break;
            if (limits.cancel && limits.cancel->load(std::memory_order_relaxed)) {
                interrupted = true;
                break;
            }
            reported.wait_for(lock, std::chrono::milliseconds(5));
        }
        decided = since(start);
    }
    cancel.store(true);
    threads.join();

    for (size_t i = 0; i < n; ++i) {
        MemberReport rep;
        rep.name = members[i].name;
        rep.threads = members[i].options.threads;
        rep.optimal = members[i].optimal;
        rep.outcome = results[i].outcome;
        rep.cancelled = ended[i] > decided || (rep.outcome == Outcome::interrupted && !interrupted);
        rep.pushes = results[i].outcome == Outcome::solved ? results[i].pushes.size() : 0;
        rep.seconds = ended[i];
        rep.stats = results[i].stats;
        rep.lower_bound =
            members[i].improver ? 0 : proven_lower_bound(members[i].search, members[i].options, results[i]);
        // A member not declared optimal proves the start's bound at most,
        // whatever order its options name (its solution is no proof).
        if (!members[i].optimal && results[i].outcome == Outcome::solved)
            rep.lower_bound = std::min(rep.lower_bound, results[i].stats.initial_h);
        out.lower_bound = std::max(out.lower_bound, rep.lower_bound);
        out.members.push_back(std::move(rep));
    }
    const uint32_t proven = out.lower_bound;  // before the solution caps it
    if (best >= 0) out.lower_bound = std::min<uint32_t>(out.lower_bound, results[best].pushes.size());
    if (out.winner < 0 && best >= 0) out.winner = best;  // a solution, not proven optimal
    if (out.winner >= 0) {
        out.result = results[out.winner];
        // A solution as short as what a member proved is optimal, whoever
        // found it (any mode, or a limit that stopped the prover there).
        if (out.result.outcome == Outcome::solved && out.result.pushes.size() == proven) out.optimal = true;
    } else {
        // No answer: the first member's reason (all share the limits).
        out.result.outcome = interrupted ? Outcome::interrupted : results[0].outcome;
        out.result.stats = results[0].stats;
    }
    out.turn_handovers = turns.handovers();
    return out;
}

}  // namespace hdasoko::portfolio
