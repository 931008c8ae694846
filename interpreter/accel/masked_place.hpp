#pragma once
// `place` without where=: the cells a piece may be placed on found at once, as a set, rather
// than tested one by one. On a board of bitboards they are a mask, and with gravity the
// cells a dropped piece comes to rest on are found by a shift of the occupied cells (those
// with a piece or the edge below) and a mask of the cells above each; on larger boards
// without gravity the empty cells are a CellSet read eight cells at a time. The moves come
// in the plain form's order (by cell), and random playouts count them and write only the
// one drawn.
#include "constructs/turn/place.hpp"
#include "program/cell_set.hpp"
#include "program/move_tally.hpp"

namespace tabula {

class MaskedPlace final : public Place, public CountedMoves {
 public:
  // Whether the accelerated form stands in for `plain` on this program's board.
  static bool applies_to(const Place& plain, const Program& p);
  MaskedPlace(const Place& plain, const Program& p);
  void generate(const State& s, MoveList& out) const override;
  uint32_t count(const State& s, MoveList& out, MoveTally& tally) const override;
  void nth_counted_move(const MoveTally& t, uint32_t k, MoveList& out) const override;

 private:
  // The cells a piece may be placed on now.
  CellSet cells(const State& s) const;
  uint64_t board_ = 0;            // bitboards: every cell
  std::vector<uint64_t> bottom_;  // gravity, per seat: the cells with no cell below
  std::vector<uint64_t> above_;   // gravity, [seat * cells + c]: the cells above c
};

}  // namespace tabula
