#pragma once
// Captures counted per side (Program::captured_var), when some rule reads them (the
// `captures` score term, the captured() function).
#include "engine/state.hpp"
#include "engine/state_editor.hpp"

namespace tabula {

inline void count_captures(StateEditor& edit, int side, int pieces, int value = 0) {
  const State& s = edit.state();
  const Program& p = s.program();
  if (p.captured_var.empty()) return;
  edit.add_var(p.captured_var[side], pieces);
  if (value) edit.add_var(p.captured_value_var[side], value);
}

}  // namespace tabula
