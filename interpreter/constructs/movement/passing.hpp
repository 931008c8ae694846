#pragma once
// Taking in passing: a `line ... passable=yes` move leaves the cells it crossed open, until
// the end of the next turn, to a `step ... land=passed`, which lands on one of them and takes
// the piece that crossed it. What the state keeps: where that move started and ended and
// along which direction (values of the state, so position text writes them and repetition
// compares them).
#include "check/context.hpp"
#include "engine/generate.hpp"

namespace tabula {

struct PassingVars {
  int from = -1, by = -1, dir = -1, fresh = -1;  // indices into Program::vars
};

// The values (added with their effects on the first call) ...
const PassingVars& passing_vars(CheckContext& ctx);
// ... and a movement (maker index) whose moves leave their cells open.
void add_passable_movement(CheckContext& ctx, int maker);

// The cell whose piece a move landing on `cell` takes in passing, or -1: `cell` is empty
// and lies strictly between the start and end of the last passable move, made by an
// opponent of the mover.
int passed_piece(const GenContext& g, const PassingVars& v, int cell);

}  // namespace tabula
