#pragma once
// longest-row(P[, DIRS]) and rows(P, N[, DIRS]) (rows.cpp). Their compiled form is visible so
// that an accelerator (interpreter/accel/) can stand in for it.
#include "kernels/rows.hpp"
#include "program/formula.hpp"
#include "program/rules_data.hpp"

namespace tabula {

class Rows : public ValueFunction {
 public:
  PlayerSpec who;
  RowAxes axes;
  int length = 0;  // rows(P, N): N; longest-row: 0
  std::string_view name() const override { return length ? "rows" : "longest-row"; }
  int64_t value(const EvalContext& c) const override;
  bool witness(const EvalContext& c, std::vector<int>& cells) const override;
  // The windows of the goal's length (rows(P, N): N) that P could still fill (row_chances).
  std::optional<double> progress_toward(const EvalContext& c, int64_t goal) const override;
  bool has_progress_toward() const override { return true; }
};

}  // namespace tabula
