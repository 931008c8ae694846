#pragma once
// The accelerators: once a program is checked, each replaces a construct's plain form (or
// the store's plain bookkeeping) by a faster one with the same meaning, where its
// preconditions hold. A construct needs none of them to be correct: reference mode
// (LoadOptions::reference) runs none, and the conformance suite compares both ways.
#include "program/program.hpp"

namespace tabula {

// Runs every accelerator of the table (accelerate.cpp) on a checked program, in order, and
// names those that applied in Program::accelerations. Nothing in reference mode.
void accelerate(Program& p);

}  // namespace tabula
