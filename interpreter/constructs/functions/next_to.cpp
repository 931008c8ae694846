// next-to(P[, DIRS]): a piece of P stands next to the cell, one link away along one of the
// directions (default: every direction of the board; on a board with leaps, name the compass
// ones). In a placement's where= the cell is the one placed on ("place next to one of my
// pieces": a clone); in a movement's `if` it is the landing, and the moving piece's start
// counts as empty. Set-wise on boards of bitboards: the cells before P's pieces along each
// direction, in one shift a direction.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "kernels/shifts.hpp"

namespace tabula {
namespace {

class NextTo final : public ValueFunction {
 public:
  PlayerSpec who;
  std::vector<std::vector<int>> dirs;  // per seat
  std::string_view name() const override { return "next-to"; }
  int64_t value(const EvalContext& c) const override {
    if (c.to < 0) return 0;
    const State& s = c.state;
    const Program& p = s.program();
    const int side = resolve_player(s, who, c.mover);
    for (int d : dirs[s.current_seat()]) {
      if (!p.ray_len(c.to, d)) continue;
      const int n = p.ray(c.to, d)[0];
      const uint8_t code = s.at(n);
      if (n != c.from && code && (side < 0 || p.code_owner[code] == side)) return 1;
    }
    return 0;
  }
  bool empty_cells_where(const State& s, int mover, CellSet& cells) const override {
    const Program& p = s.program();
    if (!p.bitboards) return false;
    const int side = resolve_player(s, who, mover);
    const uint64_t occupied = s.occupied_mask(), own = side < 0 ? occupied : s.pieces_mask(side);
    uint64_t near = 0;
    for (int d : dirs[s.current_seat()]) near |= cells_before(p, d, own);
    cells = CellSet::from_mask(near & ~occupied);
    return true;
  }
};

std::unique_ptr<ValueFunction> check_next_to(CheckContext& ctx, const Expr& e, Scope scope) {
  if (!scope.cell && !scope.movement) {
    ctx.error(e.pos, "next-to(...) is about one cell: use it in the where= of a placement or the `if` of a movement");
    return nullptr;
  }
  if (e.args.size() != 1 && e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'next-to' takes a player, then optionally directions: next-to(mover) or "
                                 "next-to(mover, orthogonal|diagonal), but has {} argument{}",
                                 e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  auto f = std::make_unique<NextTo>();
  if (!ctx.player_ref(e.args[0], f->who, true) || !ctx.board) return nullptr;
  if (!ctx.directions_or_all(e.args.size() == 2 ? &e.args[1] : nullptr, f->dirs)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec next_to_function{
    "next-to",
    false,
    false,
    check_next_to,
    "next-to(P[, DIRS])",
    "a piece of P (or all) is next to the cell, along those directions (where=; movements: the landing)"};

}  // namespace tabula
