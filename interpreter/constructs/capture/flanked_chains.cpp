// `capture flanked-chains order=opponent-first|mover-first`: at the end of every turn,
// straight chains whose two ends (on one axis) hold enemy pieces are removed and counted as
// captures: the opponents' chains first (the mover's captures), then the mover's own (the
// opponents' captures), or the other way round.
#include <fmt/format.h>

#include "check/context.hpp"
#include "constructs/capture/capture_counts.hpp"
#include "engine/state.hpp"
#include "kernels/flanking.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class FlankedChains final : public TurnEffect {
 public:
  bool opponent_first = true;

  void apply(State& s, int mover) const override {
    const Program& p = s.program();
    auto remove_dead_of = [&](int side, bool credit_mover) {
      auto dead = dead_chain_cells(p, s.tops(), side);
      for (int c : dead) s.set_cell(c, 0);
      if (dead.empty()) return;
      if (credit_mover) count_captures(s, mover, static_cast<int>(dead.size()));
      else
        for (int other = 0; other < p.player_count(); ++other)
          if (other != mover)
            count_captures(s, other, static_cast<int>(dead.size()) / std::max(1, p.player_count() - 1));
    };
    auto opponents = [&] {
      for (int side = 0; side < p.player_count(); ++side)
        if (side != mover) remove_dead_of(side, true);
    };
    if (opponent_first) {
      opponents();
      remove_dead_of(mover, false);
    } else {
      remove_dead_of(mover, false);
      opponents();
    }
  }
};

void check_capture(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"order"}) || !ctx.identifier(s.args[0].value, "flanked-chains")) return;
  if (s.args[0].value.text != "flanked-chains")
    return ctx.error(s.args[0].value.pos,
                     fmt::format("unknown capture '{}'; expected flanked-chains", s.args[0].value.text));
  auto e = std::make_unique<FlankedChains>();
  if (const Arg* order = ctx.named(s, "order")) {
    if (order->value.kind == Expr::Kind::identifier &&
        (order->value.text == "opponent-first" || order->value.text == "mover-first"))
      e->opponent_first = order->value.text == "opponent-first";
    else
      return ctx.error(order->value.pos,
                       fmt::format("expected opponent-first or mover-first, found '{}'", to_string(order->value)));
  }
  ctx.shared<bool>("counts captures") = true;
  ctx.program.after_turn.push_back(ctx.program.own(std::move(e)));
}

}  // namespace

extern constinit const StatementSpec capture_statement{
    "capture",
    Pass::define,
    Key::first_argument,
    check_capture,
    "capture flanked-chains order=opponent-first|mover-first",
    "after every turn, straight chains flanked at both ends by the enemy are removed (and counted as captures)"};

}  // namespace tabula
