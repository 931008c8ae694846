#pragma once
// Random moves without listing every move: a random playout needs the number of legal moves
// and then one of them, by index. Where the phase's construct counts a side's moves
// set-wise (program/move_tally.hpp: a MoveCounter), only the move drawn is written; otherwise the moves are
// listed as legal_moves lists them. Either way the count and the k-th move are exactly
// legal_moves' size and element k, so a seeded playout plays the same game both ways.
#include "engine/state.hpp"
#include "program/move_tally.hpp"

namespace tabula {

struct MoveSample {
  MoveList listed;
  MoveTally tally;
};

// The number of legal moves of `s` (0 when the game is over), as legal_moves counts them.
uint32_t count_moves(const State& s, MoveSample& sample);
// After count_moves on the same position: legal_moves' move `k` (k < the count).
const Move& nth_move(MoveSample& sample, uint32_t k);

}  // namespace tabula
