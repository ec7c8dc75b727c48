// engine/heuristic: admissible lower bounds on the pushes left (h).
// simple: each box's nearest goal, summed (boxes may share a goal).
// matching: minimum-cost perfect matching of boxes to goals (Hungarian); no
// perfect matching means the state is a deadlock. Both read board/'s
// player-side-aware push distances, which makes both consistent: a push
// changes one box's row by at most one and no other box's side.
// A Heuristic holds scratch space: one per worker, no allocation per call.
// Children are evaluated incrementally from their parent: set_parent() once
// per expansion, then evaluate_push() per child (only the pushed box's row
// changes; the other boxes keep their player side).
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

    // The bound of `boxes` (as evaluate()), kept as the base of evaluate_push().
    uint32_t set_parent(const uint64_t* boxes, board::Cell player);
    // The bound after the box on `from` is pushed to `to`, with the child's
    // player on `player`; equals evaluate() on the child.
    uint32_t evaluate_push(board::Cell from, board::Cell to, board::Cell player);

    Kind kind() const { return kind_; }

private:
    void fill_row(int row, board::Cell box, board::Cell player);

    const board::Board& board_;
    Kind kind_;
    std::vector<int> cost_;           // boxes x goals, rows in the parent's box order
    std::vector<int16_t> row_of_;     // cell -> row of the parent's box on it
    std::vector<int> parent_row_;     // the pushed box's row saved while a child is scored
    uint32_t parent_h_ = dead;
    Hungarian hungarian_;
};

}  // namespace hdasoko::heuristic
