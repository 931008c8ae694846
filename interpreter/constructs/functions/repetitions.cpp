// `repetitions`: how many times the position has stood at the start of a turn, with the
// same side to move and the same values of the state, this time included (the key the
// repetition option compares). A rule chooses what a repetition does: `draw if repetitions
// >= 3` is the option `repetition=draw`; `lose mover if repetitions >= 3` forbids repeating.
// An end rule that asks it is checked once the next turn has started and the position is
// counted (turn_machine.cpp); scores and evaluate read the count of the turn's start.
#include "check/context.hpp"
#include "engine/state.hpp"

namespace tabula {
namespace {

class Repetitions final : public ValueFunction {
 public:
  std::string_view name() const override { return "repetitions"; }
  int64_t value(const EvalContext& c) const override { return c.state.repetitions(); }
};

std::unique_ptr<ValueFunction> check_repetitions(CheckContext& ctx, const Expr& e, Scope scope) {
  if (!scope.between_turns || scope.legality) {
    ctx.error(e.pos, "'repetitions' counts positions at turn starts: use it in end rules, a score or evaluate");
    return nullptr;
  }
  ctx.program.end.counts_repetitions = true;
  ++ctx.shared<int>("repetitions asked");  // after-move marks the rule (EndRule::at_turn_start)
  return std::make_unique<Repetitions>();
}

}  // namespace

extern constinit const FunctionSpec repetitions_function{
    "repetitions",
    true,
    true,
    check_repetitions,
    "repetitions",
    "how many times the position has stood at a turn start with the same side to move, now included (end rules)"};

}  // namespace tabula
