// sees(P): along some direction, the first piece reached from the cell across empty cells
// is P's. sees(last): it is the piece that landed last (moved or placed by the step before:
// a shot from the piece that just moved, as an arrow from a queen). incursion(P): the cell lies in
// a run of empty cells flanked at both ends, on one axis, by P. Cell conditions (a
// placement's where=), over the flanking kernel.
#include <fmt/format.h>

#include "check/context.hpp"
#include "constructs/functions/last_landing.hpp"
#include "engine/evaluate.hpp"
#include "kernels/flanking.hpp"
#include "kernels/line_sweeps.hpp"

namespace tabula {
namespace {

// sees(last): the empty cells a queen standing where the last piece landed would reach.
class SeenFromLast final : public ValueFunction {
 public:
  int var = -1;
  std::string_view name() const override { return "sees"; }
  int64_t value(const EvalContext& c) const override {
    const int last = c.state.var(var);
    if (c.to < 0 || last < 0) return 0;
    const Program& p = c.state.program();
    for (int d = 0; d < p.dirs; ++d) {
      const int16_t* ray = p.ray(last, d);
      for (int k = 0; k < p.ray_len(last, d) && !c.state.at(ray[k]); ++k)
        if (ray[k] == c.to) return 1;
    }
    return 0;
  }
  bool empty_cells_where(const State& s, int, CellSet& cells) const override {
    const Program& p = s.program();
    const int last = s.var(var);
    cells = CellSet();
    if (last < 0) return true;
    for (int d = 0; d < p.dirs; ++d) {
      const int16_t* ray = p.ray(last, d);
      for (int k = 0; k < p.ray_len(last, d) && !s.at(ray[k]); ++k) cells.insert(ray[k]);
    }
    return true;
  }
};

std::unique_ptr<ValueFunction> check_seen_from_last(CheckContext& ctx) {
  auto f = std::make_unique<SeenFromLast>();
  f->var = last_landing_var(ctx);
  return f;
}

class Sight final : public ValueFunction {
 public:
  bool incursion = false;
  PlayerSpec who;
  std::string_view name() const override { return incursion ? "incursion" : "sees"; }
  int64_t value(const EvalContext& c) const override {
    const Program& p = c.state.program();
    const int side = resolve_player(c.state, who, c.mover);
    if (c.to < 0) return 0;
    return incursion ? in_run_flanked_by(p, c.state.tops(), c.to, side) : sees_piece_of(p, c.state.tops(), c.to, side);
  }
  // Every empty cell at once, by sweeping the words the State keeps per line
  // (kernels/line_sweeps.hpp).
  bool empty_cells_where(const State& s, int mover, CellSet& cells) const override {
    const int side = resolve_player(s, who, mover);
    return side >= 0 && s.line_words() && swept_sight(s.program(), s.line_words(), side, incursion, cells);
  }
};

std::unique_ptr<ValueFunction> check_sight(CheckContext& ctx, const Expr& e, Scope scope) {
  if (!scope.cell) {
    ctx.error(e.pos, fmt::format("{}(...) can only be used in the where= of a placement", e.text));
    return nullptr;
  }
  if (e.args.size() != 1) {
    ctx.error(e.pos, fmt::format("'{}' takes one argument (a player), but has {}", e.text, e.args.size()));
    return nullptr;
  }
  if (e.text == "sees" && e.args[0].kind == Expr::Kind::identifier && e.args[0].text == "last")
    return check_seen_from_last(ctx);
  auto f = std::make_unique<Sight>();
  f->incursion = e.text == "incursion";
  if (!ctx.player_ref(e.args[0], f->who, false)) return nullptr;
  ctx.program.sweeps_lines = true;
  return f;
}

}  // namespace

extern constinit const FunctionSpec sees_function{
    "sees",
    false,
    false,
    check_sight,
    "sees(P|last)",
    "from the cell, the first piece along some direction is P's, or the piece that landed last (where=)"};
extern constinit const FunctionSpec incursion_function{
    "incursion",    false,
    false,          check_sight,
    "incursion(P)", "the cell lies in a run of empty cells flanked at both ends, on one axis, by P (where=)"};

}  // namespace tabula
