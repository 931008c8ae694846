// `capture flanked-chains order=opponent-first|mover-first` (a kind of the `capture`
// statement, capture_statement.cpp): at the end of every turn,
// straight chains whose two ends (on one axis) hold enemy pieces are removed and counted as
// captures: the opponents' chains first (the mover's captures), then the mover's own (the
// opponents' captures), or the other way round.
#include <fmt/format.h>

#include "constructs/capture/capture_counts.hpp"
#include "constructs/capture/capture_kinds.hpp"
#include "engine/state.hpp"
#include "engine/state_editor.hpp"
#include "kernels/flanking.hpp"
#include "kernels/line_sweeps.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class FlankedChains final : public TurnEffect {
 public:
  bool opponent_first = true;

  void apply(StateEditor& edit, int mover) const override {
    const State& s = edit.state();
    const Program& p = s.program();
    auto remove_dead_of = [&](int side, bool credit_mover) {
      int dead = 0;
      CellSet swept;
      if (s.line_words() && swept_dead_chains(p, s.line_words(), side, swept)) {  // else walking rays
        dead = swept.empty() ? 0 : swept.size();                                  // most often none
        swept.for_each([&](int c) { edit.set_cell(c, 0); });
      } else {
        auto cells = dead_chain_cells(p, s.tops(), side);
        dead = static_cast<int>(cells.size());
        for (int c : cells) edit.set_cell(c, 0);
      }
      if (!dead) return;
      if (credit_mover) count_captures(edit, mover, dead);
      else
        for (int other = 0; other < p.player_count(); ++other)
          if (other != mover) count_captures(edit, other, dead / std::max(1, p.player_count() - 1));
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

}  // namespace

void check_flanked_chains(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"order"})) return;
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
  ctx.program.sweeps_lines = true;
  ctx.program.after_turn.push_back(ctx.program.own(std::move(e)));
}

}  // namespace tabula
