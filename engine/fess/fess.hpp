// engine/fess: feature-space search for any-solution mode, after FESS
// (Shoham and Schaeffer, "The FESS algorithm: a feature based approach to
// single-agent search", IEEE CoG 2020): the features a state is projected
// onto (features.hpp), read against the packing order of the goal area
// (plan/), the advisors that weight moves (advisors.hpp) and the search
// itself (fess.cpp). It is built on the forward search's expansion
// (search/expander.hpp: pushes, dead squares, freeze, PI-corral and matching
// deadlocks) and closed table, and the portfolio (portfolio/) runs it as
// members fess, fess-box, fess-box-plan and fess-corral.
#pragma once

#include "search/search.hpp"

namespace hdasoko::fess {

// Searches forward over pushes for any solution. Each step picks the cell of
// feature space picked least often so far (ties: more boxes packed in plan;
// fess-box: more boxes packed), and in it the stored state with the
// smallest move weight (advised pushes weigh 0, the others 1), then the
// fewest boxes out of plan, then the smallest matching bound; that state is
// expanded and its children are filed under their own cells. Honours
// options.limits; `unsolvable` means every reachable state was expanded
// (proven).
search::SearchResult run(const board::Board& board, const search::Options& options);

// The same over box moves (FESS's own moves): a child is one box pushed to
// any square it reaches with the other boxes standing still, the player
// walking between pushes; each advisor picks at most one child of an
// expansion (weight 0), the others weigh 1; in a cell, fewer player regions
// come before a smaller bound (search.hpp, file()). Member `fess-box`.
search::SearchResult run_box_moves(const board::Board& board, const search::Options& options);

// Box moves with the cells keyed as fess keys them (boxes packed in plan,
// out of plan on an earlier goal's way in; features.hpp): it solves levels
// fess-box does not and loses others. Member `fess-box-plan`.
search::SearchResult run_box_moves_in_plan(const board::Board& board, const search::Options& options);

// The same with a corral deadlock search (deadlock/corral_search.hpp) on
// every state before it is expanded (stats.corral_deadlocks counts the
// states it proves dead). It expands fewer states on some levels and more
// on others, at two to three times the time per expansion: no clear gain,
// so the default member is `fess`, and this one is `fess-corral`.
search::SearchResult run_with_corral_search(const board::Board& board, const search::Options& options);

}  // namespace hdasoko::fess
