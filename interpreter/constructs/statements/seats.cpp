// `seats { NAME side=PLAYER [kinds=K|K] [facing=O] [controls=ZONE] ... }`: the turn order,
// when it is not one turn per player. Without it, each player is one seat.
#include <fmt/format.h>

#include <set>

#include "check/context.hpp"

namespace tabula {
namespace {

void check_seats(CheckContext& ctx, const Statement& s) {
  Program& prog = ctx.program;
  ctx.seats_declared = true;
  if (!ctx.shape(s, 0, 0, {}, false, false, true)) return;
  for (const auto& line : s.block) {
    SeatDef seat;
    seat.name = line.keyword;
    if (!ctx.shape(line, 0, 0, {"side", "kinds", "facing", "controls"})) continue;
    for (const auto& other : prog.seats)
      if (other.name == seat.name) ctx.error(line.pos, fmt::format("seat '{}' is declared twice", seat.name));
    const Arg* side = ctx.named(line, "side");
    if (!side) {
      ctx.needs(line, fmt::format("seat '{}' needs side=PLAYER (whose pieces it moves)", seat.name));
      continue;
    }
    if (!ctx.identifier(side->value, "a player")) continue;
    seat.side = ctx.find_player(side->value.text);
    if (seat.side < 0) {
      ctx.unknown_name(side->value, "player", ctx.player_names());
      continue;
    }
    seat.orientation = prog.players[seat.side].orientation;
    if (const Arg* kinds = ctx.named(line, "kinds")) seat.kinds = ctx.kinds_of(kinds->value);
    if (const Arg* a = ctx.named(line, "facing"); a && ctx.board && ctx.identifier(a->value, "an orientation")) {
      seat.orientation = ctx.board->find_orientation(a->value.text);
      if (!seat.orientation) {
        std::vector<std::string> known;
        for (const auto& o : ctx.board->orientations()) known.push_back(o.name);
        ctx.unknown_name(a->value, "orientation", known);
        ctx.shared<std::set<std::string>>(CheckContext::kMisnamedFacing).insert(seat.name);  // said once, here
      }
    }
    if (const Arg* a = ctx.named(line, "controls")) seat.region = ctx.find_zone(a->value);
    prog.seats.push_back(seat);
  }
  if (prog.seats.empty()) ctx.error(s.pos, "the seats block declares no seat");
  if (prog.seats.size() > 16) ctx.error(s.pos, "at most 16 seats are supported");
}

}  // namespace

extern constinit const StatementSpec seats_statement{
    "seats",
    Pass::seats,
    Key::keyword,
    check_seats,
    "seats { NAME side=PLAYER [kinds=K|K] [facing=O] [controls=ZONE] ... }",
    "the turn order when it is not one turn per side: who moves which pieces, where"};

}  // namespace tabula
