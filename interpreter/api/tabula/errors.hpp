#pragma once
// The errors the facade throws. Input that can be wrong (a rules file, a position, a move as
// text, a player spec) is reported as a value instead (LoadResult, an `error` string); these
// are for calls that break a precondition the caller can check, and for engine limits.
#include <stdexcept>

#include "tabula/export.hpp"

namespace tabula {

// An action or move that is not legal in the position (or the game is over).
struct TABULA_API IllegalMoveError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// An engine limit reached while playing: a capture sequence longer than the engine holds,
// more legal moves sharing one action than the action space has room for (docs/API.md). The
// message names the limit.
struct TABULA_API LimitError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A long call (perft, random playouts, a match) whose `stop` flag was set before it was
// done: what it had counted so far is not returned, since it is not the answer asked for.
struct TABULA_API Interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tabula
