#pragma once
// Evaluating compiled expressions (program/formula.hpp) over a const State. Arithmetic is
// checked: a division by zero or a result beyond 64 bits is a RuleError at the expression,
// never a wrong number.
#include <stdexcept>

#include "diag/diagnostic.hpp"
#include "engine/state.hpp"

namespace tabula {

// An error of the rules found while playing (an arithmetic fault in a condition): it carries
// the expression's position so that it is reported like a checker error.
struct RuleError : std::runtime_error {
  RuleError(SourcePos at, const std::string& message) : std::runtime_error(message), pos(std::move(at)) {}
  SourcePos pos;
};

int64_t value(const Formula& e, const EvalContext& c);
inline bool holds(const Formula& e, const EvalContext& c) { return value(e, c) != 0; }

// The empty cells where `e` holds with `mover` and the cell as `to`, all at once, when every
// function it calls has a set form and its operators are `and`, `or`, `not`; false
// otherwise (then test the cells one by one with holds()).
bool empty_cells_where(const Formula& e, const State& s, int mover, CellSet& cells);

// The side a player reference names when `mover` moves (-1 for `all`).
int resolve_player(const State& s, const PlayerSpec& who, int mover);

}  // namespace tabula
