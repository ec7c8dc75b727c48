// engine/solution: from a search's pushes to what a person or another Sokoban
// program reads. Reconstruction walks the player between pushes (shortest
// walks) to produce LURD; verify.hpp replays LURD independently of this.
#pragma once

#include <string>
#include <vector>

#include "board/board.hpp"
#include "moves/moves.hpp"

namespace hdasoko::solution {

// LURD for `pushes` applied from the board's initial state. Throws
// std::logic_error when a push cannot be made (a bug in the search).
std::string to_lurd(const board::Board& board, const std::vector<moves::Push>& pushes);

}  // namespace hdasoko::solution
