#pragma once
// Legal move generation: a free function over a const State (as Stockfish's generate<> over
// a Position). The turn machine says which phase is due; the phase's construct lists the
// decisions. GenContext carries what every movement of one generation shares.
#include "engine/state.hpp"

namespace tabula {

struct GenContext {
  const State& s;
  const Program& p;
  int mover = 0;
  int seat = 0;
  uint64_t mine = 0, occupied = 0;  // bitboards (boards of at most 64 cells)
};

void generate_moves(const State& s, MoveList& out);
// The moves the current phase lists (with the promotion choices) before the legality filter
// (`legal if`) judges them: what a refusal looks among to say which rule refused a move.
void generate_listed_moves(const State& s, MoveList& out);
// Whether generate_moves does more than the phase lists (a legality filter, a pass at every
// turn), so that counting moves without listing them would count others.
bool lists_every_move(const Program& p);
// Adds, for each move that promotes with a choice of kinds, the moves to the other kinds.
void add_promotion_choices(const Program& p, MoveList& out);

// A pass by `maker`, appended to `out`.
void add_pass(MoveList& out, int maker);

}  // namespace tabula
