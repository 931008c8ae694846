// `stacking columns`: a cell holds a column of counters; the top counter owns it.
#include <fmt/format.h>

#include "check/context.hpp"

namespace tabula {
namespace {

void check_stacking(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}) || !ctx.identifier(s.args[0].value, "columns")) return;
  if (s.args[0].value.text != "columns")
    return ctx.error(s.args[0].value.pos, fmt::format("unknown stacking '{}'; expected columns", s.args[0].value.text));
  ctx.program.stacking = true;
}

}  // namespace

extern constinit const StatementSpec stacking_statement{
    "stacking",     Pass::declare,      Key::keyword,
    check_stacking, "stacking columns", "a cell holds a column of counters (at most 32); the top one owns it"};

}  // namespace tabula
