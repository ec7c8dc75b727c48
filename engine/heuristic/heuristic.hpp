// engine/heuristic: admissible lower bounds on the pushes left (h).
// simple: each box's nearest goal, summed (boxes may share a goal).
// matching: minimum-cost perfect matching of boxes to goals (Hungarian); no
// perfect matching means the state is a deadlock. Both read board/'s
// player-side-aware push distances, which makes both consistent: a push
// changes one box's row by at most one and no other box's side.
// A Heuristic holds scratch space: one per worker, no allocation per call.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "board/board.hpp"
#include "heuristic/hungarian.hpp"

namespace hdasoko::heuristic {

enum class Kind { simple, matching };

// Parses "simple" / "matching"; false for anything else.
bool parse_kind(const std::string& name, Kind& kind);
const char* kind_name(Kind kind);

// What evaluate() returns for a state it proves dead.
constexpr uint32_t dead = 0xFFFFFFFF;

class Heuristic {
public:
    Heuristic(const board::Board& board, Kind kind);

    // Lower bound for the boxes with the (normalized) player on `player`,
    // or `dead`.
    uint32_t evaluate(const uint64_t* boxes, board::Cell player);

    Kind kind() const { return kind_; }

private:
    uint32_t simple(const uint64_t* boxes, board::Cell player);
    uint32_t matching(const uint64_t* boxes, board::Cell player);

    const board::Board& board_;
    Kind kind_;
    std::vector<int> cost_;  // boxes x goals
    Hungarian hungarian_;
};

}  // namespace hdasoko::heuristic
