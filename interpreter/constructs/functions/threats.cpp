// can-capture(mover): the seat to move has a capture. threatens(P, KINDS): a seat of P, were
// it to move now, could capture a piece of those kinds. Both run the capture construct.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"

namespace tabula {
namespace {

class Threat final : public ValueFunction {
 public:
  bool any_seat_of = false;  // threatens(P, ...); else can-capture(mover)
  PlayerSpec who;
  uint32_t kinds = 0xFFFFFFFFu;
  std::string_view name() const override { return any_seat_of ? "threatens" : "can-capture"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    if (!p.captures) return 0;
    if (!any_seat_of) return p.captures->can_take(s, s.current_seat(), 0xFFFFFFFFu);
    const int side = resolve_player(s, who, c.mover);
    for (int st = 0; st < p.seat_count(); ++st)
      if ((side < 0 || p.seats[st].side == side) && p.captures->can_take(s, st, kinds)) return 1;
    return 0;
  }
};

std::unique_ptr<ValueFunction> check_can_capture(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 1 || e.args[0].kind != Expr::Kind::identifier || e.args[0].text != "mover") {
    ctx.error(e.pos, "can-capture takes one argument: mover (the seat to move)");
    return nullptr;
  }
  return std::make_unique<Threat>();
}

std::unique_ptr<ValueFunction> check_threatens(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'threatens' takes a player and piece kinds, but has {} arguments", e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<Threat>();
  f->any_seat_of = true;
  f->kinds = ctx.kinds_of(e.args[1]);
  if (!ctx.player_ref(e.args[0], f->who, false)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec can_capture_function{
    "can-capture", false, false, check_can_capture, "can-capture(mover)", "the seat to move has a capture"};
extern constinit const FunctionSpec threatens_function{
    "threatens",
    false,
    false,
    check_threatens,
    "threatens(P, KINDS)",
    "a seat of P, were it to move now, could capture a piece of those kinds"};

}  // namespace tabula
