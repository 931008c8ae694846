// `reserve PLAYER KIND=N ...`: pieces that start off the board, placed later by `place`.
// The counts are state the game keeps (Program::vars: reserve.PLAYER.KIND).
#include <fmt/format.h>

#include "check/context.hpp"

namespace tabula {
namespace {

void check_reserve(CheckContext& ctx, const Statement& s) {
  Program& prog = ctx.program;
  if (!ctx.shape(s, 1, 1, ctx.kind_names()) || !ctx.identifier(s.args[0].value, "a player")) return;
  int player = ctx.find_player(s.args[0].value.text);
  if (player < 0) return ctx.unknown_name(s.args[0].value, "player", ctx.player_names());
  prog.reserves.resize(prog.player_count(), std::vector<int>(prog.kind_count(), 0));
  for (const auto& a : s.args) {
    if (a.name.empty()) continue;
    long long n;
    int kind = ctx.find_kind(a.name);
    if (kind < 0 || !ctx.number_value(a.value, "a reserve size", 0, 63, n)) continue;  // shape() reported it
    if (!prog.kind_allowed(player, kind))
      ctx.error(a.pos, fmt::format("pieces of kind '{}' belong to {} only", a.name,
                                   prog.players[prog.kinds[kind].owner].name));
    else prog.reserves[player][kind] = static_cast<int>(n);
  }
  // One counter per (player, kind) once every reserve line is read.
  if (ctx.has_shared("reserve")) return;
  ctx.shared<bool>("reserve") = true;
  ctx.at_end([&ctx] {
    Program& p = ctx.program;
    p.reserves.resize(p.player_count(), std::vector<int>(p.kind_count(), 0));
    for (int pl = 0; pl < p.player_count(); ++pl)
      for (int k = 0; k < p.kind_count(); ++k)
        p.reserve_var.push_back(
            p.vars.add({"reserve." + p.players[pl].name + "." + p.kinds[k].name, VarSpec::Type::number,
                        VarSpec::Role::position, p.reserves[pl][k], 0, 255}));
  });
}

}  // namespace

extern constinit const StatementSpec reserve_statement{"reserve",
                                                       Pass::define,
                                                       Key::first_argument,
                                                       check_reserve,
                                                       "reserve PLAYER KIND=N ...",
                                                       "pieces that start off the board (for `place ... from=PLAYER`)"};

}  // namespace tabula
