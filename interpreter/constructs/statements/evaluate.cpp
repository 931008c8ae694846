// `evaluate EXPR`: the number computer players maximise for the side they play (`mover`
// is that side), instead of the evaluation derived from the rules (docs/AI.md).
#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

void check_evaluate(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {})) return;
  // A condition counts as 0 or 1 here (docs/AI.md): either type is an evaluation.
  ctx.formula(s.args[0].value, ctx.program.evaluation, {.between_turns = true});
}

}  // namespace

extern constinit const StatementSpec evaluate_statement{
    "evaluate",
    Pass::define,
    Key::keyword,
    check_evaluate,
    "evaluate EXPR",
    "what computer players maximise for the side they play (mover), instead of the rules-derived evaluation"};

}  // namespace tabula
