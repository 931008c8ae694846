// captured(P): how many pieces P has taken so far (by landing on them, by hops, by custodian,
// adjacent or flanked-chain captures, conversions included); captured-value(P): their value
// (piece values). In any formula: pairs taken are `captured(mover) / 2`, and a score by value
// is `score captured-value(mover)`. Reading them makes the program keep the counters.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"

namespace tabula {
namespace {

class Captured final : public ValueFunction {
 public:
  PlayerSpec who;
  bool by_value = false;
  std::string_view name() const override { return by_value ? "captured-value" : "captured"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    const std::vector<int>& vars = by_value ? p.captured_value_var : p.captured_var;
    if (side >= 0) return s.var(vars[side]);
    int64_t total = 0;
    for (int v : vars) total += s.var(v);
    return total;
  }
};

std::unique_ptr<ValueFunction> check_captured(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 1) {
    ctx.error(e.pos, fmt::format("'{}' takes one argument (a player), but has {}", e.text, e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<Captured>();
  f->by_value = e.text == "captured-value";
  if (!ctx.player_ref(e.args[0], f->who, true)) return nullptr;
  ctx.shared<bool>("counts captures") = true;
  return f;
}

}  // namespace

extern constinit const FunctionSpec captured_function{
    "captured", false, true, check_captured, "captured(P)", "how many pieces P (or all) has taken so far (pairs: / 2)"};
extern constinit const FunctionSpec captured_value_function{
    "captured-value", false, true, check_captured, "captured-value(P)", "the value of the pieces P has taken so far"};

}  // namespace tabula
