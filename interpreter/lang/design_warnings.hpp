#pragma once
// Design warnings for `tabula validate`: things a rules file may legally say but that are
// almost certainly mistakes. Run after a successful check; they never stop a game.
//   * a piece kind that no `move` rule names can never move (unless it is placed, or is
//     a promotion's result: a fixed piece may be immobile on purpose);
//   * a `zone` the rules declare that no other statement mentions;
//   * an after-move condition never met in a batch of seeded random games (a heuristic:
//     the wording says so).
// Those random games are also the one place `validate` plays: when one of them meets an
// engine limit (util/limits.hpp) or a fault in a rule's arithmetic, that is an error.
// Two pieces on one setup cell is an error of the checker, not a warning.
#include "diag/diagnostic.hpp"
#include "program/program.hpp"
#include "syntax/ast.hpp"

namespace tabula {

// `rules` is the merged syntax tree (for positions), `program` what the checker compiled
// from it.
void design_warnings(const RulesFile& rules, const Program& program, Diagnostics& diags);

}  // namespace tabula
