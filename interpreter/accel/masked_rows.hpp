#pragma once
// longest-row and rows counted set-wise (kernels/rows.hpp) instead of walked cell by cell:
// on a board of bitboards, the side's pieces as a mask moved along each axis by shifts,
// where the board's lines allow it (rows_by_masks_apply); on a larger board that sweeps by
// words, runs of bits in the word per straight line and side that the State then keeps.
#include "constructs/functions/rows.hpp"

namespace tabula {

class MaskedRows final : public Rows {
 public:
  MaskedRows(const Rows& plain, const Program& p) : Rows(plain), shifts_(row_shifts(p, plain.axes)) {}
  int64_t value(const EvalContext& c) const override;
  bool at_least(const EvalContext& c, int64_t n) const override;  // longest-row: a row of n found, not measured

 private:
  RowShifts shifts_;  // the axes as fixed shift pairs, on boards that have them (else empty)
};

class SweptRows final : public Rows {
 public:
  SweptRows(const Rows& plain, const Program& p) : Rows(plain), lines_(lines_of_axes(p, plain.axes)) {}
  int64_t value(const EvalContext& c) const override;
  bool at_least(const EvalContext& c, int64_t n) const override;

 private:
  std::vector<int32_t> lines_;  // the straight lines of the rows' axes
};

}  // namespace tabula
