// `offer stop if C`: while moving pieces, the seat may play `stop`, which ends the game on
// the score. `offer end if C`: in a turn of partial moves, the mover may end the turn early
// (`end`).
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "engine/state_editor.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {
namespace {

class ConditionalOffer final : public Offer {
 public:
  Formula condition;
  bool available(const State& s) const override { return holds(condition, {s, s.current_player()}); }
  Flow apply(StateEditor& edit, const Move&) const override {
    if (ends == Ends::turn) return Flow::end_turn;
    end_on_score(edit);
    return Flow::handled;
  }
  std::string text(const State&, const Move&) const override { return ends == Ends::game ? "stop" : "end"; }
};

void check_offer(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}, true) || !ctx.identifier(s.args[0].value, "stop or end")) return;
  const std::string& what = s.args[0].value.text;
  if (what != "stop" && what != "end")
    return ctx.error(s.args[0].value.pos, fmt::format("unknown offer '{}'; expected stop or end", what));
  if (!s.has_condition)
    return ctx.error(s.pos, what == "end" ? "'offer end' needs a condition: `offer end if spent > 0`"
                                          : "'offer stop' needs a condition: `offer stop if CONDITION`");
  auto o = std::make_unique<ConditionalOffer>();
  o->ends = what == "stop" ? Offer::Ends::game : Offer::Ends::turn;
  if (!ctx.condition(s.condition, o->condition, {})) return;
  ctx.program.offers.push_back(ctx.program.own(std::move(o)));
}

}  // namespace

extern constinit const StatementSpec offer_statement{
    "offer",
    Pass::define,
    Key::first_argument,
    check_offer,
    "offer stop|end if C",
    "stop: the seat may end the game on the score; end: the mover may end a turn of partial moves"};

}  // namespace tabula
