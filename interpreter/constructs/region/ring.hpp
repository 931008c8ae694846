#pragma once
// Rings (`ring NAME: CELLS...`) by name, for the movements that walk them.
#include "check/context.hpp"
#include "kernels/ring_paths.hpp"

namespace tabula {

const CellRing* find_ring(CheckContext& ctx, const Expr& e);

}  // namespace tabula
