// Deadlock search over a subset of boxes (the "deadlock search" of YASS and
// the infinite-penalty case of Rolling Stone's pattern searches, Junghanns
// and Schaeffer). After a push, the pushed box and the boxes clustered around
// it (at most `max_boxes`: the boxes side by side with it, transitively,
// then diagonal ones while there is room) are searched alone: every other
// box is removed from the board. If no sequence of pushes of the
// cluster puts all its boxes on goals, the state is a deadlock.
//
// Why this keeps push optimality (soundness): take any solution of the full
// state and drop every push of a box outside the cluster. What is left is a
// legal push sequence of the cluster alone: each of its pushes went to a
// square free of every box, so free of the cluster's; the player's walks
// between them crossed no box, so they cross none of the cluster's either;
// and at the end every cluster box is on a goal. So an unsolvable cluster
// means an unsolvable state, and pruning it never removes a solution. A
// search cut off by its node limit answers "not proven dead".
//
// Early "not proven dead": the search ends as soon as it pushes the cluster
// apart (no two of its boxes 8-neighbours), the state this search would not
// even start from (a cluster of one box). Any "not proven dead" is sound;
// what it gives up is a proof through such a state, and it saves the
// searches of live clusters that run to the node limit without putting
// every box on a goal (goals far off), which were most of the search's
// cost where the goals lie far from the boxes. Measured, it prunes nearly
// as much as before in less time.
//
// Cache (the pattern table): verdicts are kept keyed on the cluster's box
// cells and the player's cell as the caller gives it (the normalized player
// of the full state: the cluster-only area containing it is fixed by the
// key). The proof
// looks at the whole board (every wall, goal and floor square of the level,
// which never change within one level) plus exactly those two things, so the
// key names every square the proof depended on. A window-only key (the boxes
// relative to a small neighbourhood) would be the known trap: the same window
// can be dead in one place and alive in another because of floor, walls or
// goals outside it (tests/deadlock/subset_search_test.cpp shows such a pair).
// The key is exact (no fingerprint), so a hit is never a different pattern;
// the table is lossy (a newer verdict may overwrite an older one in its slot),
// which only costs a repeated search. One per worker: no sharing, no locks.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::deadlock {

class SubsetSearch {
public:
    static constexpr int max_boxes = 4;     // cluster size (the key packs 4 cells)
    static constexpr int default_node_limit = 400;  // expanded sub-states per search

    // Which boxes fill the cluster's places: those side by side with it
    // (transitively) first, then diagonal ones; or the 8-neighbourhood in
    // one pass, where a diagonal box may take a place first; or both, one
    // after the other (the second only when it gathers other boxes: with at
    // most max_boxes boxes touching, both gather them all). Each proves
    // deadlocks the other misses (a dead group below a wall needs side by
    // side; see the test). fess over single pushes uses the
    // 8-neighbourhood, which solved levels side by side first did not; box
    // moves put side by side first. The optimal searches
    // (search/expander.hpp) take both: any cluster proven dead proves the
    // state dead, and side by side first alone missed deadlocks that cost
    // A* with the PDB bound a hundred times the expansions on some levels.
    enum class Cluster { side_by_side_first, neighbours, both };

    // `cancel` (optional): once set, every search answers "not proven dead"
    // at once, so that a cancelled search stops within its usual latency.
    explicit SubsetSearch(const board::Board& board, int cache_bits = 18, int node_limit = default_node_limit,
                          const std::atomic<bool>* cancel = nullptr, Cluster cluster = Cluster::side_by_side_first);

    // True when the cluster around the box just pushed to `pushed` (boxes as
    // in the child state, player on `player`: any cell of the child's player
    // area) provably cannot reach goals on its own: the child is a deadlock.
    // The cache keys on `player` as given, so callers pass the normalized
    // player cell to share verdicts between states.
    bool is_dead(const uint64_t* boxes, board::Cell pushed, board::Cell player);

    // The memory one instance holds at most (its cache, search scratch).
    static uint64_t bytes(int cache_bits, int node_limit);

    // The last cluster examined (for tests): its size, 0 when none was searched.
    int last_cluster_size() const { return last_size_; }
    int last_expanded() const { return last_expanded_; }  // sub-states the last search expanded
    uint64_t searches() const { return searches_; }
    uint64_t cache_hits() const { return cache_hits_; }
    size_t cache_slots() const { return cache_.size(); }

    // False on levels whose cells do not fit the packed key (1023 or more).
    bool enabled() const { return enabled_; }

private:
    static constexpr uint32_t no_area = 0xFFFFFFFF;
    struct Sub {
        board::Cell box[max_boxes];
        board::Cell player;    // normalized in the cluster-only board
        uint16_t h;            // lone-box distances to the nearest goal, summed
        uint32_t parent_area;  // the parent's area in areas_ (no_area: the root)
        board::Cell to;        // where the push from the parent left its box
    };
    int collect_cluster(const uint64_t* boxes, board::Cell pushed, Cluster order);
    bool cluster_dead(board::Cell player);  // the cluster collected last: cached verdict, else a search
    bool search(Sub root);
    void place(const Sub& s);  // sets scratch_ to s's boxes
    void unplace(const Sub& s);
    uint64_t key_of(const Sub& s) const;
    bool apart(const Sub& s) const;  // no two boxes 8-neighbours
    bool seen_insert(uint64_t key);
    uint16_t nearest(board::Cell c, board::Cell player) const;

    const board::Board& board_;
    bool enabled_ = true;
    const Cluster cluster_order_;
    int node_limit_;
    const std::atomic<bool>* cancel_;
    int k_ = 0, last_size_ = 0, last_expanded_ = 0;
    board::Cell cluster_[max_boxes];
    std::vector<uint64_t> scratch_;   // the cluster's boxes as a bitset
    moves::Reachability area_;
    moves::Reachability debug_area_;  // checks the derived areas in debug builds
    // The player's area of each state expanded (node_limit of them, words
    // each): a child's area follows from its parent's (after_move), with a
    // flood only when the push cuts it.
    std::vector<uint64_t> areas_;
    std::vector<uint16_t> nearest_;   // cells*4: min over goals of the lone-box distance
    std::vector<Sub> open_;           // binary heap on h (greedy: a live cluster is found fast)
    std::vector<uint64_t> seen_;      // open addressing, stamp-cleared
    std::vector<uint32_t> seen_stamp_;
    int seen_shift_ = 0;
    uint32_t stamp_ = 0;
    // The verdict cache, direct-mapped (a verdict is a function of its key,
    // so whichever verdict a slot keeps, the answers are the same). It
    // starts at initial_cache_bits and doubles up to 2^cache_bits slots as
    // verdicts arrive: the many short searches (each level of a collection,
    // the tests' thousands) do not clear megabytes they never use.
    static constexpr int initial_cache_bits = 10;
    void store(uint64_t key, bool dead);
    // The top bits of the product: every key bit reaches them (the player sits
    // in the key's top bits, which low product bits would never see).
    size_t cache_index(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> cache_shift_; }
    int cache_shift_;                 // 64 - log2(cache slots)
    int min_cache_shift_;             // 64 - cache_bits: the most slots
    std::vector<uint64_t> cache_;     // key << 1 | dead; 0 = empty
    uint64_t stored_ = 0;             // verdicts stored since the cache last grew
    uint64_t searches_ = 0, cache_hits_ = 0;
    std::vector<board::Cell> stack_;
};

}  // namespace hdasoko::deadlock
