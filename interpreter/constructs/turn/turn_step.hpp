#pragma once
// Checking one line of `turn { }`, `opening { }` or `one-of { }` as a turn step: the action
// of the registry its keyword names, and its `if`.
#include <string>
#include <vector>

#include "check/context.hpp"

namespace tabula {

// Checks `line` (which may also have the named arguments `extra`) into `step`; false after
// reporting an error.
bool check_turn_step(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra, TurnStep& step);

}  // namespace tabula
