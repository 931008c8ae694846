// `legal-position if C`: what a position must be to stand at all. A position read from text
// (a position file, a record's Position tag, a FEN, a serialised state, the web board's
// start) is refused unless every such condition holds for the side to move, naming the rule
// that fails: "one king a side", "no pawn on the first or last rank", "the side that has just
// moved is not in check". Positions reached by play are not judged (the rules made them).
// Several lines: all must hold. The check itself is engine/text/position_text.
#include <fmt/format.h>

#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

void check_legal_position(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 0, 0, {}, true)) return;
  if (!s.has_condition)
    return ctx.error(s.pos, "'legal-position' needs a condition: `legal-position if pieces(mover, king) == 1`");
  Formula f;
  if (!ctx.condition(s.condition, f, {.all = true, .between_turns = true})) return;
  ctx.program.legal_position.push_back(std::move(f));
  ctx.program.legal_position_text.push_back(
      fmt::format("the rule `legal-position if {}` ({}:{})", to_string(s.condition), s.pos.file, s.pos.line));
}

}  // namespace

extern constinit const StatementSpec legal_position_statement{
    "legal-position",
    Pass::define,
    Key::none,
    check_legal_position,
    "legal-position if C",
    "a position read from text stands only if C holds (for the side to move): what a legal position is"};

}  // namespace tabula
