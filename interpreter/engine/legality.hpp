#pragma once
// The legality filter (`legal if C`): a move the phase lists stays legal only if, once played,
// every such condition holds, for the side that played it and about the cell it landed on
// ("my king is not attacked", "my group keeps a liberty", "no earlier board comes back"). Passes are never judged. Each
// move is tried on one copy of the position per generation and taken back, so the position itself stays const; on that
// copy the end rules are not asked (State::mark_trial).
#include "engine/state.hpp"

namespace tabula {

// Drops from `moves` (listed for `s`) the moves the rules' `legal if` conditions forbid.
void keep_legal(const State& s, MoveList& moves);

// The index in Program::legal_if of the first condition that forbids `m` in `s` (a move the
// phase lists), or -1 when none does: what a refusal of that move names.
int forbidding_rule(const State& s, const Move& m);

}  // namespace tabula
