// `legal if C`: the legality filter. A move the turn lists stays legal only if, once it is
// played (its captures made, the turn passed on; the end rules are not asked), C holds for
// the side that played it, with the cell it landed on as the cell (`liberties(to)` is about
// it). "My king is not attacked" (`not threatens(opponent, king)`), "the stone's group keeps a liberty"
// (no suicide) and "no earlier board comes back" (`repeated`: superko). A pass is never judged; a seat left without a
// move passes, loses or draws as `no-move` says. Several lines: all must hold. The filter itself is engine/legality.
#include "check/context.hpp"

#include <fmt/format.h>

#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

void check_legal(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 0, {}, true)) return;
  if (!s.has_condition) return ctx.error(s.pos, "'legal' needs a condition: `legal if liberties(to) > 0`");
  Formula f;
  if (!ctx.condition(s.condition, f, {.cell = true, .legality = true})) return;
  ctx.program.legal_if.push_back(std::move(f));
  ctx.program.legal_if_text.push_back(
      fmt::format("the rule `legal if {}` ({}:{})", to_string(s.condition), s.pos.file, s.pos.line));
}

}  // namespace

extern constinit const StatementSpec legal_statement{
    "legal",      Pass::define,
    Key::none,    check_legal,
    "legal if C", "a move is legal only if C holds once it is played (for its side, about its landing cell)"};

}  // namespace tabula
