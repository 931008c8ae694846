#pragma once
// What the constructs show of a state besides the pieces (Program::describers).
#include "engine/state.hpp"

namespace tabula {

inline StateNotes describe(const State& s) {
  StateNotes notes;
  for (const Describer* d : s.program().describers) d->describe(s, notes);
  return notes;
}

}  // namespace tabula
