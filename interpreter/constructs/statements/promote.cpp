// `promote KINDS to=KIND|none in=ZONE [ends-capture|at-end] [mark="(X)"]`: a piece of those
// kinds arriving in the zone changes kind (or, with to=none, leaves the board). By default
// it changes wherever it arrives, during a capture too, and goes on with its new powers;
// `ends-capture` stops a capture there; `at-end` promotes only where the move ends.
// Generation records the promotion in the move (Move::promotion, Step::promotion), so
// applying and writing the move replay it.
#include <fmt/format.h>

#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

// Every argument is checked, so that each mistake of the line is reported at once.
void check_promote(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 2, {"to", "in", "mark"})) return;
  Promotion pr;
  pr.pos = s.pos;
  bool ok = true;
  for (const Expr* c : choices(s.args[0].value)) {
    if (!ctx.identifier(*c, "a piece kind")) {
      ok = false;
      continue;
    }
    int k = ctx.find_kind(c->text);
    if (k < 0) ctx.unknown_name(*c, "piece kind", ctx.kind_names()), ok = false;
    else pr.from_kinds |= 1u << k;
  }
  auto pos = ctx.positional(s);
  if (pos.size() == 2) {
    const Expr& when = pos[1]->value;
    if (when.kind == Expr::Kind::identifier && when.text == "ends-capture") pr.when = Promotion::When::ends_capture;
    else if (when.kind == Expr::Kind::identifier && when.text == "at-end") pr.when = Promotion::When::move_end;
    else
      ctx.error(pos[1]->pos, fmt::format("expected ends-capture or at-end, found '{}'", to_string(when))), ok = false;
  }
  const Arg* to = ctx.named(s, "to");
  const Arg* in = ctx.named(s, "in");
  if (!in) ctx.needs(s, "'promote' needs in=ZONE (where the piece changes)"), ok = false;
  if (!to) {
    ctx.needs(s, "'promote' needs to=KIND (or to=none)");
    ok = false;
  } else if (!ctx.identifier(to->value, "a piece kind")) {
    ok = false;
  } else if (to->value.text == "none") {
    pr.to_kind = -1;  // the piece is removed (burned)
  } else {
    pr.to_kind = ctx.find_kind(to->value.text);
    if (pr.to_kind < 0) ctx.unknown_name(to->value, "piece kind (or none)", ctx.kind_names()), ok = false;
  }
  if (const Arg* mark = ctx.named(s, "mark")) ok = ctx.string_value(mark->value, "the record mark", pr.mark) && ok;
  pr.zone = in ? ctx.find_zone(in->value) : -1;
  if (pr.zone < 0 || !ok || ctx.misspelt(s)) return;
  if (ctx.program.promotions.size() >= 250) return ctx.error(s.pos, "at most 250 promotions are supported");
  ctx.program.promotions.push_back(pr);
}

}  // namespace

extern constinit const StatementSpec promote_statement{
    "promote",
    Pass::define,
    Key::first_argument,
    check_promote,
    "promote KINDS to=KIND|none in=ZONE [ends-capture|at-end] [mark=\"(X)\"]",
    "a piece arriving in the zone changes kind (even mid-capture), or is removed; ends-capture stops a capture "
    "there, at-end promotes only where the move ends"};

}  // namespace tabula
