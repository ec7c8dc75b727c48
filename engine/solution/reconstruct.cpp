// Reconstruction: replay the pushes on a box bitset, joining them with the
// shortest player walk to the square behind each box.
#include <stdexcept>

#include "solution/solution.hpp"
#include "state/state.hpp"

namespace hdasoko::solution {

std::string to_lurd(const board::Board& board, const std::vector<moves::Push>& pushes) {
    std::vector<uint64_t> boxes(board.words());
    state::initial_boxes(board, boxes.data());
    board::Cell player = board.initial_player();
    std::string lurd;
    for (size_t i = 0; i < pushes.size(); ++i) {
        const moves::Push& push = pushes[i];
        board::Cell behind = board.neighbor(push.box, board::opposite(push.dir));
        board::Cell to = board.neighbor(push.box, push.dir);
        if (!state::has_box(boxes.data(), push.box) || behind == board::no_cell || to == board::no_cell ||
            state::has_box(boxes.data(), to))
            throw std::logic_error("reconstruction: push " + std::to_string(i + 1) + " is not legal");
        bool ok;
        lurd += moves::player_path(board, boxes.data(), player, behind, ok);
        if (!ok) throw std::logic_error("reconstruction: no walk to push " + std::to_string(i + 1));
        lurd += board::push_letter[push.dir];
        state::clear_box(boxes.data(), push.box);
        state::set_box(boxes.data(), to);
        player = push.box;
    }
    return lurd;
}

}  // namespace hdasoko::solution
