// Counters read by conditions, written without parentheses: `turn` (the mover's turn
// number, from 1), `passes` (consecutive turns that ended with a pass), `spent` (budget
// spent in this turn of partial moves) and `first-turn` (the first turn after a mark).
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/state.hpp"

namespace tabula {
namespace {

class Counter final : public ValueFunction {
 public:
  enum class What : uint8_t { turn, passes, spent, first_turn };
  What what = What::turn;
  int var = -1;
  std::string_view name() const override {
    static constexpr std::string_view names[] = {"turn", "passes", "spent", "first-turn"};
    return names[static_cast<int>(what)];
  }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    switch (what) {
      case What::turn: return s.var(s.program().turns_var[c.mover]) + 1;
      case What::passes: return s.consecutive_passes();
      case What::spent: return var >= 0 ? s.var(var) : 0;
      case What::first_turn: return s.turn_point().fresh;
    }
    return 0;
  }
};

std::unique_ptr<ValueFunction> check_turn(CheckContext& ctx, const Expr&, Scope) {
  ctx.shared<bool>("counts turns") = true;
  return std::make_unique<Counter>();
}

std::unique_ptr<ValueFunction> check_passes(CheckContext&, const Expr&, Scope) {
  auto f = std::make_unique<Counter>();
  f->what = Counter::What::passes;
  return f;
}

std::unique_ptr<ValueFunction> check_spent(CheckContext& ctx, const Expr& e, Scope) {
  auto f = std::make_unique<Counter>();
  f->what = Counter::What::spent;
  // The budget's counter exists once the `budget` lines are read, wherever they stand.
  ctx.at_end([&ctx, fn = f.get(), at = e.pos] {
    fn->var = ctx.program.vars.find("spent");
    if (fn->var < 0 || !ctx.has_shared("budgets"))
      ctx.error(at, "'spent' needs turns of partial moves: add `budget N` lines");
  });
  return f;
}

std::unique_ptr<ValueFunction> check_first_turn(CheckContext&, const Expr&, Scope) {
  auto f = std::make_unique<Counter>();
  f->what = Counter::What::first_turn;
  return f;
}

}  // namespace

extern constinit const FunctionSpec turn_function{"turn",     true,   true,
                                                  check_turn, "turn", "the mover's turn number, from 1"};
extern constinit const FunctionSpec passes_function{"passes",     true,     true,
                                                    check_passes, "passes", "consecutive turns that ended with a pass"};
extern constinit const FunctionSpec spent_function{
    "spent", true, true, check_spent, "spent", "the budget spent so far in this turn of partial moves"};
extern constinit const FunctionSpec first_turn_function{
    "first-turn", true, false, check_first_turn, "first-turn", "this is the first turn after a mark (an interlude)"};

}  // namespace tabula
