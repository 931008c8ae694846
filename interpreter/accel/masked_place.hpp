#pragma once
// `place` without where=: the empty cells found at once rather than tested one by one. On a
// board of bitboards they are a mask, and with gravity the cells a dropped piece comes to
// rest on are found by a shift of the occupied cells (those with a piece or the edge below)
// and a mask of the cells above each; on larger boards without gravity the empty cells are
// gathered without a branch per cell. The moves come in the plain form's order (by cell).
#include "constructs/turn/place.hpp"

namespace tabula {

class MaskedPlace final : public Place {
 public:
  // Whether the accelerated form stands in for `plain` on this program's board.
  static bool applies_to(const Place& plain, const Program& p);
  MaskedPlace(const Place& plain, const Program& p);
  void generate(const State& s, MoveList& out) const override;

 private:
  void generate_by_masks(const State& s, MoveList& out) const;
  void gather_empty_cells(const State& s, MoveList& out) const;
  uint64_t board_ = 0;            // bitboards: every cell
  std::vector<uint64_t> bottom_;  // gravity, per seat: the cells with no cell below
  std::vector<uint64_t> above_;   // gravity, [seat * cells + c]: the cells above c
};

}  // namespace tabula
