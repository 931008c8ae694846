// flanks(P[, DIRS]): a piece of P on the cell would flank a run of enemy pieces along one of
// the directions (default: every direction of the board): one or more enemy pieces in a row
// from the next cell, then a piece of P. The condition of placement games where a move must
// turn something over (where=flanks(mover)), with `capture custodian take=convert`. In a
// movement's `if`, the cell is the landing and the moving piece's start counts as empty.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "kernels/flanking.hpp"
#include "kernels/shifts.hpp"

namespace tabula {
namespace {

class Flanks final : public ValueFunction {
 public:
  PlayerSpec who;
  std::vector<std::vector<int>> dirs;  // per seat
  std::string_view name() const override { return "flanks"; }
  int64_t value(const EvalContext& c) const override {
    if (c.to < 0) return 0;
    const State& s = c.state;
    const int side = resolve_player(s, who, c.mover);
    for (int d : dirs[s.current_seat()])
      if (flanked_run(s.program(), s.tops(), c.to, d, side, c.from) > 0) return 1;
    return 0;
  }
  // Per direction, the cells before a run of enemy pieces that ends at one of P's: a few
  // shifts of whole masks (kernels/shifts.hpp) instead of a walk from every cell.
  bool empty_cells_where(const State& s, int mover, CellSet& cells) const override {
    const Program& p = s.program();
    const int side = resolve_player(s, who, mover);
    if (side < 0 || !p.bitboards) return false;
    const uint64_t occupied = s.occupied_mask(), own = s.pieces_mask(side);
    uint64_t flanking = 0;  // cells_before_run gives cells of the board only
    for (int d : dirs[s.current_seat()]) flanking |= cells_before_run(p, d, occupied & ~own, own);
    cells = CellSet::from_mask(flanking & ~occupied);
    return true;
  }
};

std::unique_ptr<ValueFunction> check_flanks(CheckContext& ctx, const Expr& e, Scope scope) {
  if (!scope.cell && !scope.movement) {
    ctx.error(e.pos, "flanks(...) is about one cell: use it in the where= of a placement or the `if` of a movement");
    return nullptr;
  }
  if (e.args.size() != 1 && e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'flanks' takes a player, then optionally directions: flanks(mover) or "
                                 "flanks(mover, orthogonal), but has {} argument{}",
                                 e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  auto f = std::make_unique<Flanks>();
  if (!ctx.player_ref(e.args[0], f->who, false) || !ctx.board) return nullptr;
  if (!ctx.directions_or_all(e.args.size() == 2 ? &e.args[1] : nullptr, f->dirs)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec flanks_function{
    "flanks",
    false,
    false,
    check_flanks,
    "flanks(P[, DIRS])",
    "a piece of P on the cell would flank a run of enemy pieces along a direction (where=, movements)"};

}  // namespace tabula
