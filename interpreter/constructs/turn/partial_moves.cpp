// Turns of partial moves. `budget N [if C]` lines (the first whose condition holds when the
// turn starts gives the turn's budget) make a turn a sequence of partial moves, one ply each,
// each spending part of the budget; `once-per-turn` lets a piece move at most once per turn.
// A partial move is identified by its two cells and costs the cheapest of its allowed paths
// over the step, slide and run movements (cost=, max=, unless=). The turn ends by itself when
// no partial move is left; `offer end` lets the mover end it sooner; with none at its start,
// the only move is `pass`.
#include <fmt/format.h>
#include <algorithm>

#include "constructs/movement/basic_movement.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "engine/text/move_text.hpp"

namespace tabula {
namespace {

constexpr int kNoCost = 1 << 30;
constexpr int kMaxMoved = 16;

struct Budget {
  Formula condition;
  int amount = 0;
};

class PartialMoves final : public Phase {
 public:
  std::string_view name() const override { return "partial moves"; }
  std::vector<Budget> budgets;
  bool once_per_turn = false;
  int budget_var = -1, spent_var = -1, moved_count_var = -1;
  std::vector<int> moved_vars;

  void enter(StateEditor& edit) const override {
    const State& s = edit.state();
    int budget = 0;
    for (const Budget& b : budgets)
      if (b.condition.empty() || holds(b.condition, {s, s.current_player()})) {
        budget = b.amount;
        break;
      }
    edit.set_var(budget_var, budget);
    edit.set_var(spent_var, 0);
    for (int i = 0; i < s.var(moved_count_var); ++i) edit.set_var(moved_vars[i], -1);
    edit.set_var(moved_count_var, 0);
  }

  bool moved(const State& s, int cell) const {
    for (int i = 0; i < s.var(moved_count_var); ++i)
      if (s.var(moved_vars[i]) == cell) return true;
    return false;
  }

  // Per piece not yet moved this turn, every cell it can reach, at the cost of its cheapest
  // allowed path (within the remaining budget and the rule's max=, unless unless= holds).
  void partial_moves(const State& s, MoveList& out) const {
    const Program& p = s.program();
    const int mover = s.current_player();
    const int remaining = s.var(budget_var) - s.var(spent_var);
    if (remaining <= 0) return;
    GenContext g{s, p, mover, s.current_seat()};
    thread_local std::vector<int> best;
    best.assign(p.cells, kNoCost);
    std::vector<int> touched;
    for (int c = 0; c < p.cells; ++c) {
      if (!s.at(c) || p.owner(s.at(c)) != mover) continue;
      if (once_per_turn && moved(s, c)) continue;
      touched.clear();
      for (const Movement* m : p.movements[p.kind(s.at(c))]) {
        const auto& rule = static_cast<const BasicMovement&>(*m);
        rule.reach(g, c, [&](int to, int steps, bool discounted) {
          int cost = discounted ? 1 : (rule.cost_fixed ? rule.cost_per_step : steps * rule.cost_per_step);
          if (cost > remaining || cost >= best[to]) return;
          if (!rule.condition.empty() && !holds(rule.condition, {s, mover, c, to})) return;
          if (cost > rule.max_cost && !(!rule.unless.empty() && holds(rule.unless, {s, mover, c, to}))) return;
          if (best[to] == kNoCost) touched.push_back(to);
          best[to] = cost;
        });
      }
      std::sort(touched.begin(), touched.end());
      for (int to : touched) {
        add_move(out, Move::piece, index, c, to).cost = static_cast<uint8_t>(best[to]);
        best[to] = kNoCost;
      }
    }
  }

  void generate(const State& s, MoveList& out) const override {
    partial_moves(s, out);
    if (s.var(spent_var) > 0)
      for (const Offer* o : s.program().offers)
        if (o->ends == Offer::Ends::turn && (out.empty() || o->available(s)))
          add_move(out, Move::decision, o->index, -1, -1);
    if (out.empty()) add_pass(out, index);
  }

  bool exhausted(const State& s) const override {
    thread_local MoveList rest;
    rest.clear();
    partial_moves(s, rest);
    return rest.empty();
  }

  Flow apply(StateEditor& edit, const Move& m) const override {
    const State& s = edit.state();
    if (m.kind == Move::pass) return Flow::end_turn;
    edit.move_piece(m.from, m.to);
    edit.set_var(spent_var, s.var(spent_var) + m.cost);
    if (once_per_turn && s.var(moved_count_var) < kMaxMoved) {
      edit.set_var(moved_vars[s.var(moved_count_var)], m.to);
      edit.set_var(moved_count_var, s.var(moved_count_var) + 1);
    }
    return Flow::stay;
  }

  std::string text(const State& s, const Move& m) const override {
    return m.kind == Move::pass ? "pass" : piece_move_text(s, m);
  }
};

// The turn's budget in drawings: "budget 3, spent 1 (first turn)".
class BudgetNotes final : public Describer {
 public:
  explicit BudgetNotes(const PartialMoves& p) : phase(p) {}
  const PartialMoves& phase;
  void describe(const State& s, StateNotes& out) const override {
    if (s.turn_point().segment != TurnPoint::turn || phase.budgets.empty()) return;
    out.lines.push_back(fmt::format("budget {}, spent {}{}", s.var(phase.budget_var), s.var(phase.spent_var),
                                    s.turn_point().fresh ? " (first turn)" : ""));
  }
};

// The turn of partial moves, made when the first `budget` or `once-per-turn` line is met.
PartialMoves& partial(CheckContext& ctx) {
  auto& phase = ctx.shared<PartialMoves*>("partial moves");
  if (phase) return *phase;
  Program& p = ctx.program;
  auto made = std::make_unique<PartialMoves>();
  made->budget_var = p.vars.add({"budget", VarSpec::Type::number, VarSpec::Role::position, 0, 0, 255});
  made->spent_var = p.vars.add({"spent", VarSpec::Type::number, VarSpec::Role::position, 0, 0, 255});
  made->moved_count_var = p.vars.add({"moved", VarSpec::Type::number, VarSpec::Role::position, 0, 0, kMaxMoved});
  for (int i = 0; i < kMaxMoved; ++i)
    made->moved_vars.push_back(
        p.vars.add({"moved" + std::to_string(i + 1), VarSpec::Type::cell, VarSpec::Role::position, -1, -1, 32767}));
  phase = p.own(std::move(made));
  p.describers.push_back(p.own(std::make_unique<BudgetNotes>(*phase)));
  ctx.at_end([&ctx] {
    Program& program = ctx.program;
    PartialMoves* turn = ctx.shared<PartialMoves*>("partial moves");
    if (turn->budgets.empty()) return;  // once-per-turn alone changes nothing
    if (!program.turn.turn.empty() || !program.turn.opening.empty() || program.stacking || program.captures)
      ctx.error(ctx.shared<SourcePos>("file start"),
                "turns of partial moves (`budget`) do not combine with `turn`, `opening`, stacking or hops");
    for (const BasicMovement* m : ctx.shared<std::vector<const BasicMovement*>>("movements"))
      if (!m->takes_partial_turns()) ctx.error(m->pos, "with `budget`, movements are step, slide or run");
    program.turn.turn.push_back({turn, -1, {}, {}});
  });
  return *phase;
}

void check_budget(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}, true)) return;
  Budget b;
  long long n;
  if (!ctx.number_value(s.args[0].value, "the budget", 1, 16, n)) return;
  b.amount = static_cast<int>(n);
  if (s.has_condition && !ctx.condition(s.condition, b.condition, {})) return;
  ctx.shared<bool>("budgets") = true;
  partial(ctx).budgets.push_back(std::move(b));
}

void check_once_per_turn(CheckContext& ctx, const Statement& s) {
  if (ctx.shape(s, 0, 0, {})) partial(ctx).once_per_turn = true;
}

}  // namespace

extern constinit const StatementSpec budget_statement{
    "budget",          Pass::define,
    Key::none,         check_budget,
    "budget N [if C]", "a turn is a sequence of partial moves spending N (the first budget whose condition holds)"};
extern constinit const StatementSpec once_per_turn_statement{
    "once-per-turn",     Pass::define,    Key::keyword,
    check_once_per_turn, "once-per-turn", "in a turn of partial moves, a piece moves at most once"};

}  // namespace tabula
