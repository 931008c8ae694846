#pragma once
// `step dirs=D [land=L] [if C]`: one cell along a direction. Its compiled form is visible so
// that an accelerator (interpreter/accel/) can stand in for it.
#include "constructs/movement/basic_movement.hpp"
#include "constructs/movement/passing.hpp"

namespace tabula {

class StepMovement : public BasicMovement {
 public:
  PassingVars passing;  // land=passed
  void generate(const GenContext& g, int from, MoveList& out) const override;
  bool takes_partial_turns() const override { return true; }
  bool reach(const GenContext& g, int from, const Reach& f) const override;
};

}  // namespace tabula
