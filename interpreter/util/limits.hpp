#pragma once
// An engine limit reached while playing (a capture sequence longer than the engine can hold,
// more sequences than it will list): an error that names the limit, never a silently
// different game. docs/ROBUSTNESS.md lists every limit.
#include <stdexcept>
#include <string>

namespace tabula {

struct EngineLimit : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tabula
