// Groups of pieces joined link by link along some directions (kernels/groups):
//   liberties(to[, DIRS])  the empty cells next to the group of the piece a move has just put
//                          on its landing cell (`legal if liberties(to, orthogonal) > 0`: no
//                          suicide). Only in `legal if`, where the move has been played.
//   area(P[, DIRS])        P's pieces, and the empty cells of every empty region only P's
//                          pieces border (area scoring: `score area(mover, orthogonal)`).
// Without DIRS, every direction of the board.
#include <fmt/format.h>
#include <algorithm>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "kernels/groups.hpp"

namespace tabula {
namespace {

// Directions are named per seat (relative names differ): those of the side's first seat.
int seat_of(const Program& p, int side) { return side < 0 ? 0 : std::max(0, p.first_seat_of(side)); }

class Liberties final : public ValueFunction {
 public:
  std::vector<std::vector<int>> dirs;  // per seat
  std::string_view name() const override { return "liberties"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    if (c.to < 0 || !s.at(c.to)) return 0;
    thread_local std::vector<int> members;
    return group_liberties(s.program(), s.tops(), c.to, dirs[seat_of(s.program(), c.mover)], members, false);
  }
};

class Area final : public ValueFunction {
 public:
  PlayerSpec who;
  std::vector<std::vector<int>> dirs;  // per seat
  std::string_view name() const override { return "area"; }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const int side = resolve_player(s, who, c.mover);
    const std::vector<int> owners = area_owners(s.program(), s.tops(), dirs[seat_of(s.program(), side)]);
    return std::count(owners.begin(), owners.end(), side);
  }
};

// The optional directions after the first argument; false after an error.
bool optional_directions(CheckContext& ctx, const Expr& e, std::vector<std::vector<int>>& dirs) {
  return ctx.board && ctx.directions_or_all(e.args.size() == 2 ? &e.args[1] : nullptr, dirs);
}

std::unique_ptr<ValueFunction> check_liberties(CheckContext& ctx, const Expr& e, Scope scope) {
  const bool to = !e.args.empty() && e.args[0].kind == Expr::Kind::identifier && e.args[0].text == "to";
  if (e.args.empty() || e.args.size() > 2 || !to) {
    ctx.error(e.pos,
              "liberties(...) takes to (the landing cell), then optionally directions: liberties(to) or "
              "liberties(to, orthogonal)");
    return nullptr;
  }
  if (!scope.legality) {
    ctx.error(e.pos, "liberties(to) is about the piece a move has just put down: use it in `legal if`");
    return nullptr;
  }
  auto f = std::make_unique<Liberties>();
  if (!optional_directions(ctx, e, f->dirs)) return nullptr;
  return f;
}

std::unique_ptr<ValueFunction> check_area(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.empty() || e.args.size() > 2) {
    ctx.error(e.pos, fmt::format("'area' takes a player, then optionally directions: area(mover) or "
                                 "area(mover, orthogonal), but has {} argument{}",
                                 e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  auto f = std::make_unique<Area>();
  if (!ctx.player_ref(e.args[0], f->who, false) || !optional_directions(ctx, e, f->dirs)) return nullptr;
  return f;
}

}  // namespace

extern constinit const FunctionSpec liberties_function{
    "liberties",
    false,
    true,
    check_liberties,
    "liberties(to[, DIRS])",
    "empty cells next to the group of the piece just put on the landing cell (legal if)"};
extern constinit const FunctionSpec area_function{
    "area",
    false,
    true,
    check_area,
    "area(P[, DIRS])",
    "P's pieces and the empty regions only P's pieces border (area scoring)"};

}  // namespace tabula
