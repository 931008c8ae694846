#include "constructs/movement/basic_movement.hpp"

#include <fmt/format.h>

#include "engine/piece_move.hpp"
#include "engine/state_editor.hpp"
#include "engine/text/move_text.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {

Flow BasicMovement::apply(StateEditor& edit, const Move& m) const {
  apply_piece_move(edit, m);
  return Flow::next;
}

std::string BasicMovement::text(const State& s, const Move& m) const { return piece_move_text(s, m); }

void emit_move(const GenContext& g, const BasicMovement& mv, int from, int to, MoveList& out) {
  if (!mv.allows(g, from, to)) return;
  emit_plain_move(out, from, to, mv.index, g.s.at(to) != 0, g.p.promotion_at(g.s.at(from), to));
}

// Every argument is checked, so that a statement with several mistakes reports each of them
// at once; false when any was wrong.
bool check_movement(CheckContext& ctx, const Statement& s, BasicMovement& mv, uint32_t kinds, MovementShape shape) {
  mv.pos = s.pos;
  mv.kinds = kinds;
  if (shape.partial) shape.named.insert(shape.named.end(), {"cost", "max", "unless"});
  bool ok = ctx.shape(s, 0, 0, shape.named, shape.condition) && !ctx.misspelt(s);
  if (s.has_condition && !ctx.condition(s.condition, mv.condition, {.movement = true})) ok = false;
  if (const Arg* a = ctx.named(s, "cost")) {
    long long n;
    if (a->value.kind == Expr::Kind::identifier && a->value.text == "distance") mv.cost_per_step = 1;
    else if (ctx.number_value(a->value, "the cost", 0, 16, n))
      mv.cost_fixed = true, mv.cost_per_step = static_cast<int>(n);
    else ok = false;
  }
  if (const Arg* a = ctx.named(s, "max")) {
    long long n;
    mv.partial_args = true;
    if (ctx.number_value(a->value, "the most a partial move may cost", 0, 255, n)) mv.max_cost = static_cast<int>(n);
    else ok = false;
  }
  if (const Arg* a = ctx.named(s, "unless")) {
    mv.partial_args = true;
    if (!ctx.condition(a->value, mv.unless, {.movement = true})) ok = false;
  }
  // cost=, max=, unless= and run belong to turns of partial moves (turn/partial_moves.cpp).
  if (ok && (mv.partial_args || shape.partial_only))
    ctx.at_end([&ctx, at = s.pos] {
      if (!ctx.has_shared("budgets"))
        ctx.error(at, "run, max= and unless= need turns of partial moves: add `budget N` lines");
    });
  if (!shape.dirs) return ok;
  const Arg* dirs = ctx.named(s, "dirs");
  if (!dirs) {
    ctx.needs(s, fmt::format("'{}' needs dirs=... (for example dirs=all or dirs=forward)", s.keyword));
    ok = false;
  } else if (!ctx.board || !ctx.directions_per_seat(dirs->value, mv.dirs)) {
    ok = false;
  }
  if (const Arg* land = ctx.named(s, "land")) {
    mv.land = 0;
    for (const Expr* c : choices(land->value)) {
      if (c->kind == Expr::Kind::identifier && c->text == "empty") mv.land |= land_empty;
      else if (c->kind == Expr::Kind::identifier && c->text == "enemy") mv.land |= land_enemy;
      else if (c->kind == Expr::Kind::identifier && c->text == "friend") mv.land |= land_friend;
      else if (c->kind == Expr::Kind::identifier && c->text == "passed" && shape.passing) mv.land |= land_passed;
      else if (c->kind == Expr::Kind::identifier && c->text == "passed")
        ctx.error(c->pos, fmt::format("land=passed is for step (a take in passing), not '{}'", s.keyword)), ok = false;
      else
        ctx.error(c->pos, fmt::format("expected what a move may land on: empty, enemy or friend (joined with |; "
                                      "a step also passed), found '{}'",
                                      to_string(*c))),
            ok = false;
    }
  }
  return ok;
}

void add_movement(CheckContext& ctx, std::unique_ptr<BasicMovement> mv) {
  Program& p = ctx.program;
  const BasicMovement* raw = p.own(std::move(mv));
  p.movements.resize(p.kind_count());
  for (int k = 0; k < p.kind_count(); ++k)
    if (raw->kinds & (1u << k)) p.movements[k].push_back(raw);
  ctx.shared<std::vector<const BasicMovement*>>("movements").push_back(raw);
}

}  // namespace tabula
