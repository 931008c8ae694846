#pragma once
// A whole random playout played by one accelerator's kernel (interpreter/accel/) instead of
// move by move through the turn machine: where the rules are simple enough for a kernel to
// know every rule that can act in a playout, it plays on its own arrays and says how the
// game ended. It draws exactly as a playout move by move does (players/playouts.hpp: the
// number of legal moves, then one by index under the same generator), so a seeded playout
// ends the same both ways; the reference-mode tests compare them.
#include "engine/state.hpp"
#include "program/construct.hpp"
#include "util/rng.hpp"

namespace tabula {

struct PlayoutEnd {
  GameResult result;  // always over
  int plies = 0;      // the moves played
};

class PlayoutKernel : public Construct {
 public:
  // Plays uniformly random moves from `s` to the end of the game and says how it ended;
  // false, with nothing drawn from `rng`, where `s` lies outside what the kernel knows (a
  // position no play reaches, an opening, a ply limit within reach).
  virtual bool play(const State& s, Rng& rng, PlayoutEnd& end) const = 0;
};

// The program's playout kernel playing from `s` (false where it has none, or it declines).
inline bool kernel_playout(const State& s, Rng& rng, PlayoutEnd& end) {
  const PlayoutKernel* k = s.program().playout_kernel;
  return k && k->play(s, rng, end);
}

}  // namespace tabula
