// Goal-room patterns: which sets of filled goals can still be completed.
// The goals are split into groups of 4-adjacent goal squares (a goal room,
// or its rows). For each group, a relaxed game keeps only the boxes on the
// group's goals: every other box is taken off the board, and a box may
// appear on any other live square at any time (an endless supply from
// outside), or leave the group by being pushed off it (it is taken off).
// Every solution of a real state is a solution of its relaxed state (the
// real boxes elsewhere only stand in the player's way, and the pushes
// that bring a box onto the group's goals, move it between them or push
// it off them are moves of the relaxed game), so a real state whose
// relaxed state cannot fill every goal of a group is dead. That is the
// sealed goal room: XSokoban 29's two rows of goals filled in alternate
// squares, whose empty goals no box can enter any more, passes every
// other test (freeze, frozen goals, the matching bound, PI-corrals).
//
// The relaxed states that can fill the group (the filled goals and the
// player's area) are found once per level, backwards from the full group
// with the player in each area: the reverse of each relaxed move is a
// pull of a box between goals, a pull off the goals (the box leaves), or a
// box pulled onto an empty goal from outside (the reverse of a push off
// the goals). A group whose search exceeds max_states is left untested
// (never dead). Built once per level and read by every search and worker
// (Options::goal_pattern_table); each caller brings its own Scratch.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::deadlock {

class GoalPatterns {
public:
    static constexpr size_t default_max_states = size_t{1} << 18;
    // Rooms of more goals are tested in pieces of at most max_piece_goals
    // (as are rooms whose search exceeds max_states). XSokoban: rooms of
    // 16-17 goals have up to 181,011 relaxed states (about 0.5 s), rooms
    // of 18-20 often more than 2^18.
    static constexpr size_t max_whole_goals = 17, max_piece_goals = 12;
    // A group's search on several threads shares out blocks of its queue,
    // up to block_heads states per thread, when at least parallel_heads are
    // waiting (a block costs each thread two waits at a barrier), once the
    // group has parallel_states states: smaller groups take a few
    // milliseconds on one thread, and the search's other tables are built
    // beside them on the same cores (search::build_shared_tables()).
    static constexpr size_t parallel_heads = 64, block_heads = 2048, parallel_states = 8192;
    // `cancel` (optional): once set, the groups not yet searched are left
    // untested (never dead: sound, only weaker). threads: a group's search
    // shares its queue among this many.
    explicit GoalPatterns(const board::Board& board, size_t max_states = default_max_states,
                          const std::atomic<bool>* cancel = nullptr, int threads = 1);

    // True when a box moved from `from` to `to` (either may be any square)
    // and the group of goals holding `from` or `to` can no longer be
    // filled in the relaxed game from `boxes` (after the move) with the
    // player on `player`. A move that neither starts nor ends on a goal of
    // a tested group leaves every relaxed state as it was (the player's
    // relaxed area included), so it is never dead here.
    //
    // Scratch keeps the player areas of the last relaxed box sets it
    // saw: a relaxed set (the group's goals holding a box) changes only when
    // a box enters or leaves the group, so most calls read the player's area
    // from a label per square instead of filling it afresh (the fill was 5 %
    // of an HDA* worker's time).
    struct Scratch {
        // Relaxed sets remembered, direct-mapped (32 slots missed three times
        // as often).
        static constexpr size_t slots = 256;
        explicit Scratch(const board::Board& board) : area(board), boxes(board.words()) {}
        moves::Reachability area;
        std::vector<uint64_t> boxes;
        std::vector<uint64_t> keys;    // per slot: group << 32 | mask, plus 1; 0 empty
        std::vector<board::Cell> labels;  // per slot and square: its area's smallest square
    };
    bool is_dead(const uint64_t* boxes, board::Cell player, board::Cell from, board::Cell to, Scratch& scratch) const;

    int groups() const { return static_cast<int>(groups_.size()); }
    int tested_groups() const;
    size_t states() const;  // relaxed states found, over every tested group

private:
    struct Group {
        std::vector<board::Cell> goals;
        bool tested = false;
        std::vector<uint64_t> table;  // open addressing; key + 1, 0 empty
        size_t size = 0;
    };
    // search()'s scratch space, one per thread.
    struct Expansion {
        explicit Expansion(const board::Board& board)
            : area(board), child_area(board), boxes(board.words()), child(board.words()) {}
        moves::Reachability area, child_area;
        std::vector<uint64_t> boxes, child;
        std::vector<uint64_t> out;  // the predecessors of its part of a block
    };
    void search(Group& group, size_t max_states, const std::atomic<bool>* cancel, int threads);
    void predecessors(const Group& group, uint64_t key, Expansion& x, std::vector<uint64_t>& out) const;
    bool group_dead(const Group& group, const uint64_t* boxes, board::Cell player, Scratch& scratch) const;
    static bool insert(Group& group, uint64_t key);
    static bool contains(const Group& group, uint64_t key);
    void fill(const Group& group, uint64_t mask, std::vector<uint64_t>& boxes) const;

    const board::Board& board_;
    std::vector<int> group_of_;  // per cell: its group, -1 off the grouped goals
    std::vector<int> bit_of_;    // per cell: its bit in its group's mask
    std::vector<Group> groups_;
    Expansion scratch_;  // search()'s on the calling thread
};

}  // namespace hdasoko::deadlock
