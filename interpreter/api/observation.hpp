#pragma once
// The observation tensor (docs/API.md, "Observations"): the whole state as planes of floats,
// one value per cell, seen from one side. Planes, in order:
//   top:      sides * kinds planes, 1 where the cell's top piece is that side's and that kind;
//   count:    (stacking games) sides * kinds planes, the counters of that side and kind in
//             the cell's column;
//   height:   (stacking games) one plane, the column's height;
//   to move:  a plane per seat, all 1 while that seat is to move;
//   observer: a plane per side, all 1 for the observing side (pieces are seen relative to it);
//   turn:     where the turn stands, where the rules have more than one place (an opening,
//             steps of a turn, interludes);
//   values:   a plane per construct-owned value (reserves, captures, marks, budgets, the
//             last landing, ...): a cell value marks its cell, any other value fills the
//             plane, scaled by its range;
//   counters: passes in a row, plies (of the ply limit), and the quiet plies and
//             repetitions where a rule counts them.
// Side groups start with the observing side and go round the sides in turn order, so a
// network sees its own pieces first whoever it plays. The spatial form puts the same planes
// on the grid the cells' names describe (board/grid_places), with an "on board" plane when
// some point of the grid holds no cell.
#include <cstddef>

#include "engine/state.hpp"
#include "tabula/game.hpp"

namespace tabula::detail {

// Which of the optional planes a game has, and how many planes in all: worked out once per
// game (GameImpl keeps it), not per observation.
struct ObservationPlan {
  bool opening = false, steps = false, interludes = false;  // where the turn stands
  bool quiet = false, repetitions = false;                  // counters a rule counts
  int planes = 0;
};

ObservationPlan observation_plan(const Program& p);
ObservationLayout observation_layout(const Program& p, const ObservationPlan& plan);
// std::out_of_range for a side the game does not have or an `out` of the wrong size;
// std::invalid_argument for the spatial form of a board that is no grid.
void fill_observation(const State& s, const ObservationPlan& plan, int player, float* out, size_t size);
void fill_spatial_observation(const State& s, const ObservationPlan& plan, const ObservationLayout& layout, int player,
                              float* out, size_t size);

}  // namespace tabula::detail
