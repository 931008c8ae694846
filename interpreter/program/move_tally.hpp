#pragma once
// Random playouts count the moves of a position and write only the one they draw
// (engine/sample.hpp). An accelerated movement (interpreter/accel/) may count a whole side's
// moves set-wise: it is then a MoveCounter, and the tally keeps what writing one of those
// moves needs. A construct that counts nothing never sees either.
#include <cstddef>
#include <cstdint>

#include "program/cell_counts.hpp"
#include "program/move.hpp"

namespace tabula {

class State;
struct GenContext;
class CountedMoves;

struct MoveTally {
  static constexpr size_t kMasks = 32;
  const CountedMoves* counted = nullptr;  // whose moves follow the `listed` ones, or none
  uint32_t listed = 0;                    // moves listed before the counted ones
  const State* state = nullptr;
  int seat = 0;
  uint64_t occupied = 0;
  uint64_t pieces = 0;     // the pieces counted
  uint64_t masks[kMasks];  // the counter's own: its moves as cell masks
  uint8_t per_cell[64];    // the counter's own: its moves per cell
  CellCounts counts;       // the moves per cell, when the counter counts by planes
  uint64_t per_byte = 0;   // counts.per_byte()
};

// What writes one of the moves it counted (MoveTally::counted): nth_counted_move(t, k, out)
// appends the k-th of them, in the order its generator lists them, from what the count kept
// in `t`.
class CountedMoves {
 public:
  virtual ~CountedMoves() = default;
  virtual void nth_counted_move(const MoveTally& t, uint32_t k, MoveList& out) const = 0;
};

// What counts a side's piece moves without listing them: count_pieces(g, pieces, t) is the
// number of moves the movement's generate_pieces would list, keeping in `t` what
// nth_counted_move needs; g.s, g.seat and g.occupied are also in `t` (the caller sets them).
class MoveCounter : public CountedMoves {
 public:
  virtual uint32_t count_pieces(const GenContext& g, uint64_t pieces, MoveTally& t) const = 0;
};

}  // namespace tabula
