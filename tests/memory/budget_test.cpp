// tests/memory/budget_test: the process's memory budget (memory/budget.hpp).
// Reservations stop at the limit and take nothing when refused; under a
// limit a runaway request fails at once with std::bad_alloc (operator new,
// outside sanitizer builds) or a null block (the search's pages); a search
// under a small budget ends as a memory limit with the budget's peak within
// it; an optional table that does not fit in what the budget leaves is
// skipped, noted for the report, and the search falls back to the
// matching bound.
#include <doctest/doctest.h>

#include <cstdint>
#include <new>
#include <thread>
#include <vector>

#include "board/board.hpp"
#include "level/level.hpp"
#include "memory/budget.hpp"
#include "search/search.hpp"
#include "state/pages.hpp"

using namespace hdasoko;

namespace {
constexpr uint64_t mb = uint64_t{1} << 20;

const char* issue68 =
    "##########\n#  @ #####\n#$ $ #####\n#. $######\n# #.######\n"
    "# ########\n#. $ #####\n#    #####\n#.  ######\n##########\n";
}  // namespace

TEST_CASE("memory budget: reservations stop at the limit and a refused one takes nothing") {
    const memory::ScopedLimit limit(memory::used() + 64 * mb);
    const uint64_t before = memory::used();
    CHECK(memory::reserve(32 * mb));
    CHECK(memory::used() >= before + 32 * mb);
    CHECK_FALSE(memory::reserve(40 * mb));
    CHECK(memory::used() < before + 64 * mb);
    CHECK(memory::available() <= 32 * mb);
    CHECK(memory::table_bytes(UINT64_MAX) <= memory::available() / 2);
    CHECK(memory::table_bytes(1000) <= 1000);
    memory::release(32 * mb);
}

TEST_CASE("memory budget: a request past the limit fails at once, a page as null, operator new as bad_alloc") {
    const memory::ScopedLimit limit(memory::used() + 16 * mb);
    CHECK(state::page_alloc(size_t{1} << 40) == nullptr);
    CHECK(state::page_zalloc_aligned(size_t{1} << 40, 64) == nullptr);
    void* page = state::page_alloc(mb);
    CHECK(page != nullptr);
    state::page_free(page, mb);
    if (!memory::counts_operator_new()) return;  // sanitizer build: operator new is the sanitizer's
    // What the open list asked for in issue 68: 2^32 buckets.
    CHECK_THROWS_AS(std::vector<std::vector<uint32_t>>(size_t{1} << 32), std::bad_alloc);
    const uint64_t before = memory::used();
    { const std::vector<char> fits(4 * mb); CHECK(memory::used() >= before + 4 * mb); }
    CHECK(memory::used() <= before + mb);  // given back (to within a thread's credit)
}

TEST_CASE("memory budget: a search under a small budget ends as a memory limit, the budget's peak within it") {
    // 256 KB: less than the arena's first page and the closed tables of two
    // workers, so the pages alone pass it (sanitizer builds count no more).
    // No limit of the search's own.
    const level::Level level = level::parse_collection(
        "    #####\n    #   #\n    #$  #\n  ###  $##\n  #  $ $ #\n### # ## #   ######\n#   # ## #####  ..#\n"
        "# $  $          ..#\n##### ### #@##  ..#\n    #     #########\n    #######\n", "xsokoban 1").at(0);
    const board::Board board(level);
    const uint64_t base = memory::used();
    const memory::ScopedLimit limit(base + 256 * 1024);
    memory::reset_peak();
    search::Options options;
    options.threads = 2;
    const search::SearchResult r = search::memory_guarded([&] { return search::hda(board, options); });
    CHECK(r.outcome == search::Outcome::memory_limit);
    CHECK(memory::peak() <= base + 256 * 1024);
}

TEST_CASE("memory budget: a pair-conflict table that does not fit is skipped, the search still proves the optimum") {
    const level::Level level = level::parse_collection(issue68, "issue 68").at(0);
    const board::Board board(level);
    search::Options options;
    options.pair_conflicts = true;
    memory::take_skipped();
    CHECK(search::pair_conflict_table(board, options) != nullptr);
    CHECK(memory::take_skipped().empty());
    {
        const memory::ScopedLimit limit(memory::used() + 1024);
        CHECK(search::pair_conflict_table(board, options) == nullptr);
    }
    CHECK(memory::take_skipped() == "pair conflicts");  // for the report
    CHECK(memory::take_skipped().empty());
    const search::SearchResult r = search::astar(board, options);
    CHECK(r.outcome == search::Outcome::solved);
    CHECK(r.pushes.size() == 20);
}

TEST_CASE("memory budget: what a thread holds in reserve goes back when it ends") {
    if (!memory::counts_operator_new()) return;
    const uint64_t before = memory::used();
    for (int i = 0; i < 64; ++i)
        std::thread([] {
            const std::vector<int> small(1000);
            CHECK(memory::used() > 0);
        }).join();
    // 64 threads each kept a chunk (256 KB) of credit until they ended.
    CHECK(memory::used() <= before + (uint64_t{1} << 20));
}
