#pragma once
// Random playouts for `tabula bench`: uniform random moves to the end of the game, on as
// many threads as asked, each with its own state and generator.
#include <atomic>
#include <cstdint>
#include <memory>

#include "engine/playout_kernel.hpp"
#include "engine/sample.hpp"
#include "engine/state.hpp"
#include "program/program.hpp"
#include "util/rng.hpp"

namespace tabula {

struct PlayoutStats {
  uint64_t playouts = 0;
  uint64_t plies = 0;
  double seconds = 0;
  std::vector<uint64_t> wins;  // per player
  uint64_t draws = 0;
};

// Plays uniformly random moves from `s` until the game ends (the rules' ply limit bounds
// it); returns how many moves it applied, so the caller can undo them.
int play_randomly(State& s, Rng& rng, MoveSample& scratch);
// The same, stopping after `max_plies` moves (0: no bound) even when the game goes on.
int play_randomly(State& s, Rng& rng, MoveSample& scratch, int max_plies);

// A whole random playout from `from`: by the program's playout kernel where it takes the
// position, else move by move on `scratch` (made a copy of `from`), the kernel taking over
// once an opening (which kernels decline) has been played. The same game either way. False,
// with no result, when `stop` was set before the end.
bool random_ending(const State& from, State& scratch, Rng& rng, MoveSample& moves, PlayoutEnd& end,
                   const std::atomic<bool>* stop = nullptr);

// Plays for `seconds`, or `max_playouts` games when it is not 0, or until `stop` is set (the
// games under way then are not counted). An error in any thread is rethrown.
PlayoutStats run_playouts(std::shared_ptr<const Program> program, double seconds, uint64_t max_playouts, int threads,
                          uint64_t seed, const std::atomic<bool>* stop = nullptr);

}  // namespace tabula
