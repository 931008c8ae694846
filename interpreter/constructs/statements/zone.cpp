// `zone NAME: cells...` (the same for every side) or `zone NAME PLAYER=cells|zone ...`.
#include <fmt/format.h>

#include "check/context.hpp"

namespace tabula {
namespace {

void check_zone(CheckContext& ctx, const Statement& s) {
  Program& prog = ctx.program;
  if (!ctx.shape(s, 1, 1, ctx.player_names(), false, true) || !ctx.board) return;
  if (!ctx.identifier(s.args[0].value, "a zone name")) return;
  ZoneDef z;
  z.name = s.args[0].value.text;
  for (const auto& existing : prog.zones)
    if (existing.name == z.name) return ctx.error(s.args[0].pos, fmt::format("zone '{}' is declared twice", z.name));
  z.cells.assign(prog.player_count(), std::vector<uint8_t>(ctx.board->cell_count(), 0));
  bool per_player = false;
  for (const auto& a : s.args) {
    if (a.name.empty()) continue;
    per_player = true;
    int pl = ctx.find_player(a.name);
    if (pl < 0) continue;  // shape() reported the name
    std::vector<int> cells;
    for (const Expr* c : choices(a.value)) ctx.cells_of(*c, cells);
    for (int c : cells) z.cells[pl][c] = 1;
  }
  if (s.has_items) {
    std::vector<int> cells;
    for (const auto& item : s.items) ctx.cells_of(item.value, cells);
    for (auto& mask : z.cells)
      for (int c : cells) mask[c] = 1;
  } else if (!per_player) {
    return ctx.error(
        s.pos, fmt::format("zone '{}' names no cells; write `zone {}: cells...` or `zone {} PLAYER=cells ...`", z.name,
                           z.name, z.name));
  }
  prog.zones.push_back(std::move(z));
}

}  // namespace

extern constinit const StatementSpec zone_statement{"zone",
                                                    Pass::zones,
                                                    Key::first_argument,
                                                    check_zone,
                                                    "zone NAME: CELLS... | zone NAME PLAYER=CELLS ...",
                                                    "a named set of cells, the same for every side or one per side"};

}  // namespace tabula
