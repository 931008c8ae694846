#include "constructs/movement/passing.hpp"

#include <algorithm>

#include "engine/state_editor.hpp"

namespace tabula {
namespace {

// After every landing: a passable move keeps its cells open (fresh: this turn), any other
// closes them.
class KeepPassing final : public LandingEffect {
 public:
  PassingVars v;
  std::vector<int> makers;
  void apply(StateEditor& edit, const Move& m) const override {
    const Program& p = edit.program();
    int dir = -1;
    if (m.kind == Move::piece && std::find(makers.begin(), makers.end(), m.maker) != makers.end())
      for (int d = 0; d < p.dirs && dir < 0; ++d) {
        const int16_t* ray = p.ray(m.from, d);
        for (int k = 0; k < p.ray_len(m.from, d) && dir < 0; ++k)
          if (ray[k] == m.to) dir = d;
      }
    edit.set_var(v.from, dir < 0 ? -1 : m.from);
    edit.set_var(v.by, dir < 0 ? -1 : m.to);
    edit.set_var(v.dir, dir);
    edit.set_var(v.fresh, dir >= 0);
  }
};

// At the end of every turn: cells opened in this turn stay open for the next; older ones
// close (also when the next turn was a pass).
class AgePassing final : public TurnEffect {
 public:
  PassingVars v;
  void apply(StateEditor& edit, int) const override {
    const State& s = edit.state();
    if (s.var(v.fresh)) return edit.set_var(v.fresh, 0);
    if (s.var(v.by) < 0) return;
    edit.set_var(v.from, -1);
    edit.set_var(v.by, -1);
    edit.set_var(v.dir, -1);
  }
};

struct Passing {
  PassingVars v;
  KeepPassing* keep = nullptr;
};

Passing& passing(CheckContext& ctx) {
  Passing& pass = ctx.shared<Passing>("passing");
  if (pass.keep) return pass;
  Program& p = ctx.program;
  const int last = p.cells - 1;
  pass.v.from = p.vars.add({"passed.from", VarSpec::Type::cell, VarSpec::Role::position, -1, -1, last});
  pass.v.by = p.vars.add({"passed.by", VarSpec::Type::cell, VarSpec::Role::position, -1, -1, last});
  pass.v.dir = p.vars.add({"passed.dir", VarSpec::Type::direction, VarSpec::Role::position, -1, -1, p.dirs - 1});
  pass.v.fresh = p.vars.add({"passed.fresh", VarSpec::Type::flag, VarSpec::Role::position, 0, 0, 1});
  auto keep = std::make_unique<KeepPassing>();
  auto age = std::make_unique<AgePassing>();
  keep->v = age->v = pass.v;
  pass.keep = keep.get();
  p.after_landing.push_back(p.own(std::move(keep)));
  p.after_turn.push_back(p.own(std::move(age)));
  return pass;
}

}  // namespace

const PassingVars& passing_vars(CheckContext& ctx) { return passing(ctx).v; }

void add_passable_movement(CheckContext& ctx, int maker) { passing(ctx).keep->makers.push_back(maker); }

int passed_piece(const GenContext& g, const PassingVars& v, int cell) {
  const State& s = g.s;
  const int by = s.var(v.by);
  if (by < 0 || s.at(cell) || !s.at(by) || g.p.code_owner[s.at(by)] == g.mover) return -1;
  const int16_t* ray = g.p.ray(s.var(v.from), s.var(v.dir));
  for (int k = 0; ray[k] != by; ++k)
    if (ray[k] == cell) return by;
  return -1;
}

}  // namespace tabula
