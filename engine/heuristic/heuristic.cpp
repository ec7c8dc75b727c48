// The simple and matching bounds over player-side-aware push distances.
#include "heuristic/heuristic.hpp"

#include "state/state.hpp"

namespace hdasoko::heuristic {

bool parse_kind(const std::string& name, Kind& kind) {
    if (name == "simple") kind = Kind::simple;
    else if (name == "matching") kind = Kind::matching;
    else return false;
    return true;
}

const char* kind_name(Kind kind) { return kind == Kind::simple ? "simple" : "matching"; }

Heuristic::Heuristic(const board::Board& board, Kind kind)
    : board_(board), kind_(kind), cost_(static_cast<size_t>(board.boxes()) * board.boxes()) {}

uint32_t Heuristic::evaluate(const uint64_t* boxes, board::Cell player) {
    return kind_ == Kind::simple ? simple(boxes, player) : matching(boxes, player);
}

uint32_t Heuristic::simple(const uint64_t* boxes, board::Cell player) {
    const int goals = board_.boxes();
    uint32_t total = 0;
    bool ok = true;
    state::for_each_box(boxes, board_.words(), [&](board::Cell c) {
        int side = board_.side(c, player);
        uint32_t best = board::unreachable;
        for (int g = 0; g < goals; ++g) {
            uint32_t d = board_.distance(g, c, side);
            if (d < best) best = d;
        }
        if (best == board::unreachable) ok = false;
        total += best;
    });
    return ok ? total : dead;
}

uint32_t Heuristic::matching(const uint64_t* boxes, board::Cell player) {
    const int n = board_.boxes();
    int row = 0;
    state::for_each_box(boxes, board_.words(), [&](board::Cell c) {
        int side = board_.side(c, player);
        int* out = &cost_[static_cast<size_t>(row++) * n];
        for (int g = 0; g < n; ++g) {
            uint16_t d = board_.distance(g, c, side);
            out[g] = d == board::unreachable ? Hungarian::forbidden : d;
        }
    });
    int total = hungarian_.solve(n, cost_.data());
    return total < 0 ? dead : static_cast<uint32_t>(total);
}

}  // namespace hdasoko::heuristic
