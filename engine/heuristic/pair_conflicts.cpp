// Building the pair-conflict table: the player areas of every pair of live
// squares, then per goal pair one backward breadth-first search of pulls over
// two labelled boxes (A ends on the lower goal, B on the higher), of which
// the table keeps, per pair of squares and area, the cheaper labelling.
#include "heuristic/pair_conflicts.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <mutex>
#include <new>

#include "concurrent/thread_group.hpp"

namespace hdasoko::heuristic {

using board::Cell;
using board::no_cell;
using board::unreachable;

PairConflicts::PairConflicts(const board::Board& board, uint64_t memory_limit_bytes, const std::atomic<bool>* cancel,
                             int threads, const std::function<void()>& beside)
    : board_(board), cells_(board.cells()), index_of_(board.cells(), -1) {
    const auto start = std::chrono::steady_clock::now();
    for (Cell c = 0; c < cells_; ++c)
        if (!board_.is_dead(c)) {
            index_of_[c] = static_cast<int16_t>(cell_of_.size());
            cell_of_.push_back(c);
        }
    live_ = static_cast<int>(cell_of_.size());
    const int goals = board_.boxes();
    goal_pairs_ = goals * (goals - 1) / 2;
    if (goals < 2 || live_ < 2) {
        why_ = "fewer than two boxes";
        return;
    }
    if (!areas_.build(board_, cell_of_, sizeof(uint16_t) * goal_pairs_, memory_limit_bytes)) {
        why_ = "over the memory limit";
        return;
    }
    search(memory_limit_bytes, cancel, threads, beside);
    if (!why_.empty()) return;
    available_ = true;
    build_seconds_ = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

uint64_t PairConflicts::bytes() const {
    return areas_.bytes() + values_.size() * sizeof(uint16_t) + index_of_.size() * sizeof(int16_t);
}

void PairConflicts::search(uint64_t memory_limit_bytes, const std::atomic<bool>* cancel, int threads,
                           const std::function<void()>& beside) {
    const size_t states = areas_.states();
    if (bytes() + states * goal_pairs_ * sizeof(uint16_t) > memory_limit_bytes) {
        why_ = "over the memory limit";
        return;
    }
    values_.assign(states * goal_pairs_, unreachable);
    // Named references, not a structured binding: clang 14 (the fuzz build)
    // cannot capture a binding in a lambda.
    const PairAreas::Inverse inverse = areas_.inverse();
    const std::vector<uint32_t>& pair_of = inverse.pair_of;
    const std::vector<uint16_t>& first = inverse.first;
    const std::vector<uint16_t>& second = inverse.second;
    const auto& goals = board_.goals();
    // The goal pairs' searches are independent, each with its column of the
    // table: in parallel, each thread with its own queue and distances,
    // taking the next pair as it finishes one. (std::threads rather than
    // oneTBB: ThreadSanitizer sees the hand-offs of threads it watches, not
    // those inside the uninstrumented oneTBB library, and every search of
    // the "threads" tests builds this table.)
    std::atomic<int> next{0};
    std::atomic<bool> cancelled{false}, out_of_memory{false};
    // A labelled state: 2 * (pair state) + o, o = 0 when A is on the
    // pair's first square, 1 when on its second.
    // The table is row-major (a state's goal pairs side by side), a search
    // yields a column: written as each search ended, two threads wrote into
    // the same cache lines at once (false sharing: two threads were at
    // times no faster than one), so the columns are written under a lock,
    // a few at a time.
    std::mutex write;
    auto write_columns = [&](const std::vector<uint16_t>& columns, const std::vector<size_t>& ids) {
        const std::lock_guard<std::mutex> lock(write);
        for (size_t st = 0; st < states; ++st)
            for (size_t k = 0; k < ids.size(); ++k) values_[st * goal_pairs_ + ids[k]] = columns[k * states + st];
    };
    auto search_pair = [&](int gl, int gh, std::vector<uint16_t>& dist, std::vector<uint32_t>& queue,
                           uint16_t* column) {
        dist.assign(states * 2, unreachable);
        queue.clear();
        {
            const int a = index_of_[goals[gl]], b = index_of_[goals[gh]];
            const size_t id = a < b ? PairAreas::pair_id(a, b) : PairAreas::pair_id(b, a);
            const uint32_t o = a < b ? 0 : 1;
            for (uint32_t st = areas_.first_state(id); st < areas_.end_state(id); ++st) {
                dist[2 * st + o] = 0;
                queue.push_back(2 * st + o);
            }
        }
        for (size_t head = 0; head < queue.size(); ++head) {
            const uint32_t t = queue[head];
            const uint32_t st = t / 2, o = t % 2;
            const size_t id = pair_of[st];
            const uint8_t player_area = static_cast<uint8_t>(st - areas_.first_state(id));
            const Cell on_first = cell_of_[first[id]], on_second = cell_of_[second[id]];
            const Cell box_a = o == 0 ? on_first : on_second, box_b = o == 0 ? on_second : on_first;
            const uint16_t value = dist[t] + 1;
            for (int which = 0; which < 2; ++which) {
                const Cell x = which == 0 ? box_a : box_b, other = which == 0 ? box_b : box_a;
                for (int d = 0; d < 4; ++d) {
                    const Cell y = board_.neighbor(x, d);  // the box is pulled to y, the player to z
                    if (y == no_cell || y == other || index_of_[y] < 0 || areas_.area(id, y) != player_area)
                        continue;
                    const Cell z = board_.neighbor(y, d);
                    if (z == no_cell || z == other) continue;
                    const Cell new_a = which == 0 ? y : box_a, new_b = which == 0 ? box_b : y;
                    const int ia = index_of_[new_a], ib = index_of_[new_b];
                    const size_t pred = ia < ib ? PairAreas::pair_id(ia, ib) : PairAreas::pair_id(ib, ia);
                    const uint32_t u = 2 * areas_.state(pred, z) + (ia < ib ? 0 : 1);
                    if (dist[u] != unreachable) continue;
                    dist[u] = value;
                    queue.push_back(u);
                }
            }
        }
        for (size_t st = 0; st < states; ++st) column[st] = std::min(dist[2 * st], dist[2 * st + 1]);
    };
    auto work = [&] {
        try {
            std::vector<uint16_t> dist;
            std::vector<uint32_t> queue;
            queue.reserve(states * 2);
            // Columns written at a time: 8 bytes a state, beside the
            // search's 12 (distances and queue).
            const size_t batch = std::min<size_t>(4, static_cast<size_t>(goal_pairs_));
            std::vector<uint16_t> columns(batch * states);
            std::vector<size_t> ids;
            for (int gp; (gp = next.fetch_add(1, std::memory_order_relaxed)) < goal_pairs_;) {
                if (cancel && cancel->load(std::memory_order_relaxed)) {
                    cancelled.store(true, std::memory_order_relaxed);
                    return;
                }
                int gh = 1;  // gp = gh * (gh - 1) / 2 + gl
                while ((gh + 1) * gh / 2 <= gp) ++gh;
                search_pair(gp - gh * (gh - 1) / 2, gh, dist, queue, &columns[ids.size() * states]);
                ids.push_back(static_cast<size_t>(gp));
                if (ids.size() == batch) {
                    write_columns(columns, ids);
                    ids.clear();
                }
            }
            write_columns(columns, ids);
        } catch (const std::bad_alloc&) {
            out_of_memory.store(true, std::memory_order_relaxed);
            next.store(goal_pairs_, std::memory_order_relaxed);  // the others stop too
        }
    };
    {
        concurrent::ThreadGroup helpers;
        for (int i = 1; i < std::min(threads, goal_pairs_); ++i)
            if (!helpers.start(work)) break;  // fewer threads: the others take its pairs
        if (beside) {
            try {
                beside();
            } catch (...) {
                next.store(goal_pairs_, std::memory_order_relaxed);  // the helpers stop, then it goes on
                throw;
            }
        }
        work();
    }
    if (out_of_memory.load()) throw std::bad_alloc();
    if (cancelled.load()) {
        why_ = "cancelled";
        values_ = {};
    }
}

int PairConflicts::extra(const uint16_t* row, int ua, int ub, const int* v) const {
    if (!row) return no_extra;
    int best = no_extra;
    const int goals = board_.boxes();
    for (int gh = 1; gh < goals; ++gh) {
        const uint16_t* r = row + PairAreas::pair_id(0, gh);
        const int vh = v[gh];
        for (int gl = 0; gl < gh; ++gl)
            if (r[gl] != unreachable) best = std::min(best, r[gl] - v[gl] - vh);
    }
    if (best == no_extra) return no_extra;
    return std::max(0, best - ua - ub);
}

}  // namespace hdasoko::heuristic
