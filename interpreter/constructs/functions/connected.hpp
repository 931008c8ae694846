#pragma once
// connected(P) as a function of a position, for the evaluator's terms and tests.
#include "engine/state.hpp"

namespace tabula {

// Whether all of `side`'s pieces form one group over the board's links (one piece, or none,
// is connected).
bool side_connected(const State& s, int side);

}  // namespace tabula
