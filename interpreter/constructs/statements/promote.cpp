// `promote KINDS to=KIND|none in=ZONE [ends-capture|at-end] [mark="(X)"]`: a piece of those
// kinds arriving in the zone changes kind (or, with to=none, leaves the board); with
// to=A|B|... the mover chooses, each choice a move of its own, written with "=" and the
// kind's symbol (e7-e8=N). By default it changes wherever it arrives, during a capture too,
// and goes on with its new powers; `ends-capture` stops a capture there; `at-end` promotes
// only where the move ends.
// Generation records the promotion in the move (Move::promotion, Step::promotion), so
// applying and writing the move replay it.
#include <fmt/format.h>

#include <algorithm>

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
  std::vector<int> to_kinds;
  if (!to) {
    ctx.needs(s, "'promote' needs to=KIND (or to=none)");
    ok = false;
  } else {
    for (const Expr* c : choices(to->value)) {
      if (!ctx.identifier(*c, "a piece kind")) {
        ok = false;
      } else if (c->text == "none") {
        to_kinds.push_back(-1);  // the piece is removed (burned)
      } else if (int k = ctx.find_kind(c->text); k >= 0) {
        if (std::find(to_kinds.begin(), to_kinds.end(), k) != to_kinds.end())
          ctx.error(c->pos, fmt::format("'{}' is offered twice", c->text)), ok = false;
        to_kinds.push_back(k);
      } else {
        ctx.unknown_name(*c, "piece kind (or none)", ctx.kind_names()), ok = false;
      }
    }
  }
  // A capture goes on with the powers of its new kind; with a choice it would have several.
  if (to_kinds.size() > 1 && pr.when == Promotion::When::arrival)
    ctx.at_end([&ctx, at = s.pos] {
      if (ctx.program.captures)
        ctx.error(at,
                  "a choice of kinds (to=A|B) in a game with capture sequences needs at-end or ends-capture: "
                  "a capture going on would have the powers of several kinds");
    });
  if (const Arg* mark = ctx.named(s, "mark")) ok = ctx.string_value(mark->value, "the record mark", pr.mark) && ok;
  pr.zone = in ? ctx.find_zone(in->value) : -1;
  if (pr.zone < 0 || !ok || ctx.misspelt(s)) return;
  if (ctx.program.promotions.size() + to_kinds.size() > 250)
    return ctx.error(s.pos, "at most 250 promotions are supported");
  pr.choices = static_cast<uint8_t>(to_kinds.size());
  for (size_t i = 0; i < to_kinds.size(); ++i) {
    pr.to_kind = to_kinds[i];
    pr.choice = static_cast<uint8_t>(i);
    ctx.program.promotions.push_back(pr);
  }
  if (to_kinds.size() > 1) ctx.program.promotion_choices = true;
}

}  // namespace

extern constinit const StatementSpec promote_statement{
    "promote",
    Pass::define,
    Key::first_argument,
    check_promote,
    "promote KINDS to=KIND|none in=ZONE [ends-capture|at-end] [mark=\"(X)\"]",
    "a piece arriving in the zone changes kind (even mid-capture), or is removed; to=A|B|...: the mover chooses "
    "(e7-e8=Q); ends-capture stops a capture there, at-end promotes only where the move ends"};

}  // namespace tabula
