#pragma once
// The cell where the last piece landed (moved or placed), kept in a value of the state for
// the functions that ask about it (sees(last), row-through(last)): between the steps of a
// turn it is the previous step's landing; it is forgotten when the turn ends, so positions
// between turns do not depend on it.
#include "check/context.hpp"

namespace tabula {

// The index of that value in Program::vars; the first call adds it and the effects that keep
// it (after every landing, at the end of every turn).
int last_landing_var(CheckContext& ctx);

}  // namespace tabula
