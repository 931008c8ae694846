#pragma once
// The observation tensor (docs/API.md, "Observations"): what is on the board as planes of
// floats, one value per cell, seen from one side. Planes, in order:
//   top:    sides * kinds planes, 1 where the cell's top piece is that side's and that kind;
//   count:  (stacking games) sides * kinds planes, the counters of that side and kind in the
//           cell's column;
//   height: (stacking games) one plane, the column's height.
// Side groups start with the observing side and go round the sides in turn order, so a
// network sees its own pieces first whoever it plays.
#include <cstddef>

#include "engine/state.hpp"
#include "tabula/game.hpp"

namespace tabula::detail {

ObservationLayout observation_layout(const Program& p);
int observation_planes(const Program& p);
// std::out_of_range for a side the game does not have or an `out` of the wrong size.
void fill_observation(const State& s, int player, float* out, size_t size);

}  // namespace tabula::detail
