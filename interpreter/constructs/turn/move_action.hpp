#pragma once
// The `move` step of a turn (the default turn is this one step): the seat to move moves one
// of its pieces.
#include "check/context.hpp"

namespace tabula {

// The program's move phase, made on first use.
const Phase* move_phase(CheckContext& ctx);

}  // namespace tabula
