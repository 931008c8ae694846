#pragma once
// The native multi-jump capture kernel: enumerates the hop-capture sequences of one piece
// by depth-first search, under the game's capture policy (continuation, no re-jump,
// promotion ending a sequence) and take mode (remove, or top counter to the bottom).
// It works on a scratch copy of the cell tops, so move generation stays const. The scratch
// arrays belong to the thread (one live search per thread), so a search allocates nothing.
#include <cstdint>
#include <vector>

#include "engine/move.hpp"
#include "engine/state.hpp"

namespace tabula {

class CaptureSearch {
 public:
  // Searches for the seat to move, or for `seat` (a threat: as if that seat moved now).
  explicit CaptureSearch(const State& s, int seat = -1);
  // Appends the capture moves of the piece on `from` (owned by the player to move).
  void generate(int from, MoveList& out);

 private:
  void extend(int at, int kind, int depth, MoveList& out);
  void record(int depth, MoveList& out);

  const State& state_;
  const Program& p_;
  int mover_;
  int seat_;
  uint8_t* top_;     // scratch: top piece per cell as the sequence goes on
  uint8_t* taken_;   // counters taken from each cell so far (all zero between searches)
  uint8_t* jumped_;  // cells jumped in this sequence (all zero between searches)
  Move current_;
};

// The capture moves of a seat (the seat to move, or another one for threats): every
// sequence of the pieces it may start with, filtered by the capture policy.
void generate_captures(const State& s, int seat, MoveList& out);

}  // namespace tabula
