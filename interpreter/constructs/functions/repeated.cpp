// `repeated`: the board a move has just made (the pieces alone, whoever is to move) stood at
// the start of an earlier turn. `legal if not repeated` is positional superko: no move may
// bring back an earlier board. Only in `legal if`, where the move has just been played (the
// boards seen before it are compared, not the one it made); asking for it makes the state
// keep the boards seen.
#include "check/context.hpp"
#include "engine/state.hpp"

namespace tabula {
namespace {

class Repeated final : public ValueFunction {
 public:
  std::string_view name() const override { return "repeated"; }
  int64_t value(const EvalContext& c) const override { return c.state.board_seen_before_move() > 0; }
};

std::unique_ptr<ValueFunction> check_repeated(CheckContext& ctx, const Expr& e, Scope scope) {
  if (!scope.legality) {
    ctx.error(e.pos, "'repeated' is about the board a move has just made: use it in `legal if not repeated`");
    return nullptr;
  }
  ctx.program.end.remembers_boards = true;
  return std::make_unique<Repeated>();
}

}  // namespace

extern constinit const FunctionSpec repeated_function{
    "repeated",     true,       false,
    check_repeated, "repeated", "the board a move has made stood at the start of an earlier turn (legal if: superko)"};

}  // namespace tabula
