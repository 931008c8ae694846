#pragma once
// The capture construct's compiled form: every capture sequence of a seat, by the native
// capture search (kernels/capture_search) from each of its pieces. Visible so that an
// accelerator (interpreter/accel/) can stand in for it.
#include <vector>

#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "kernels/capture_search.hpp"

namespace tabula {

class Captures : public CaptureMaker {
 public:
  CaptureRules rules;

  void generate(const State& s, int seat, MoveList& out) const override;
  bool can_take(const State& s, int seat, uint32_t taken_kinds) const override;
  Flow apply(StateEditor& edit, const Move& m) const override;
  std::string text(const State& s, const Move& m) const override;

 protected:
  // Whether the piece on `cell` may start a move of `seat` (its kind and region allow it).
  static bool may_start(const State& s, int seat, int cell);
};

}  // namespace tabula
