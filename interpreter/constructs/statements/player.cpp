// `player NAME [symbol=S] [facing=ORIENTATION]`: a side, in turn order.
#include <fmt/format.h>

#include <set>

#include "check/context.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

void check_player(CheckContext& ctx, const Statement& s) {
  ctx.shape(s, 1, 1, {"symbol", "facing"});
  auto pos = ctx.positional(s);
  if (pos.empty() || !ctx.identifier(pos[0]->value, "a player name")) return;
  const std::string& name = pos[0]->value.text;
  if (ctx.find_player(name) >= 0) return ctx.error(pos[0]->pos, fmt::format("player '{}' is declared twice", name));
  if (ctx.program.players.size() >= 4) return ctx.error(s.pos, "at most 4 players are supported");
  PlayerDef p;
  p.name = name;
  p.symbol = std::string(1, name[0]);
  if (const Arg* a = ctx.named(s, "symbol")) ctx.symbol(a->value, p.symbol);
  if (const Arg* a = ctx.named(s, "facing"); a && ctx.board && ctx.identifier(a->value, "an orientation")) {
    p.orientation = ctx.board->find_orientation(a->value.text);
    if (!p.orientation) {
      std::vector<std::string> known;
      for (const auto& o : ctx.board->orientations()) known.push_back(o.name);
      ctx.unknown_name(a->value, "orientation", known);
      ctx.shared<std::set<std::string>>(CheckContext::kMisnamedFacing).insert(name);  // said once, here
    }
  }
  // A seat is not a side: restating one as a player would add a side to the game.
  if (ctx.has_shared(CheckContext::kSeatNames) &&
      ctx.shared<std::set<std::string>>(CheckContext::kSeatNames).count(name) > 0)
    return ctx.error(pos[0]->pos, fmt::format("'{}' is a seat of the `seats` block, not a player; a seat's facing, "
                                              "side and pieces are set on its line there (restate the whole `seats "
                                              "{{ ... }}` block to change one)",
                                              name));
  ctx.program.players.push_back(std::move(p));
}

}  // namespace

extern constinit const StatementSpec player_statement{"player",
                                                      Pass::declare,
                                                      Key::first_argument,
                                                      check_player,
                                                      "player NAME [symbol=S] [facing=ORIENTATION]",
                                                      "a side, in turn order; `facing` gives it forward, left, ..."};

}  // namespace tabula
