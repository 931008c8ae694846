#pragma once
// A playout kernel's whole playout against the same seeded playout played move by move, by
// the accelerated program and by the reference program (tests of accel/*_playouts).
#include <catch2/catch.hpp>

#include "engine/playout_kernel.hpp"
#include "engine/sample.hpp"
#include "players/playouts.hpp"
#include "test_support.hpp"

namespace tabula::testing {

// From `start`, the kernel's playout and the move-by-move ones under the same seed: as many
// plies, the same winner, as many numbers drawn.
inline void compare_playouts(const State& start, const std::shared_ptr<const Program>& plain, uint64_t seed) {
  INFO("seed " << seed << " from " << position_string(start));
  Rng kernel_rng(seed), fast_rng(seed), plain_rng(seed);
  PlayoutEnd end;
  REQUIRE(kernel_playout(start, kernel_rng, end));
  REQUIRE(end.result.over);
  MoveSample scratch;
  State fast = start;
  CHECK(play_randomly(fast, fast_rng, scratch) == end.plies);
  CHECK(fast.result().winner == end.result.winner);
  State reference(plain);
  reference.set_position(start.position());
  CHECK(play_randomly(reference, plain_rng, scratch) == end.plies);
  CHECK(reference.result().winner == end.result.winner);
  CHECK(kernel_rng.next() == fast_rng.next());  // as many numbers drawn
}

// Whether the program's kernel declines to play from `s`; a decline draws no number.
inline bool kernel_declines(const State& s) {
  Rng rng(5), untouched(5);
  PlayoutEnd end;
  const bool played = kernel_playout(s, rng, end);
  if (!played) CHECK(rng.next() == untouched.next());
  return !played;
}

}  // namespace tabula::testing
