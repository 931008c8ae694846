#pragma once
// Captures counted per side (Program::captured_var), when some rule reads them (the
// `captures` score term, the captured() function).
#include "engine/state.hpp"

namespace tabula {

inline void count_captures(State& s, int side, int pieces, int value = 0) {
  const Program& p = s.program();
  if (p.captured_var.empty()) return;
  s.add_var(p.captured_var[side], pieces);
  if (value) s.add_var(p.captured_value_var[side], value);
}

}  // namespace tabula
