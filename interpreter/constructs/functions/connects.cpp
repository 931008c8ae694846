// connects(P, ZONE1, ZONE2): a chain of P's pieces, each next to the next over the board's
// links, joins a piece standing in ZONE1 to a piece standing in ZONE2 (one piece in both
// zones is a chain). The goal of connection games (two opposite edges). A zone that differs
// per side is P's own. A flood fill from ZONE1 (kernels/connectivity): over bit masks on
// boards of at most 64 cells, over the cells' links on larger ones.
#include "constructs/functions/connects.hpp"

#include <fmt/format.h>

#include "check/context.hpp"

namespace tabula {
namespace {

void zone_cells(const Program& p, int zone, std::vector<std::vector<uint8_t>>& flags,
                std::vector<std::vector<int16_t>>& lists, std::vector<uint64_t>& masks) {
  for (int pl = 0; pl < p.player_count(); ++pl) {
    flags.push_back(p.zones[zone].cells[pl]);
    std::vector<int16_t>& list = lists.emplace_back();
    uint64_t& mask = masks.emplace_back(0);
    for (int c = 0; c < p.cells; ++c)
      if (p.in_zone(zone, pl, c)) {
        list.push_back(static_cast<int16_t>(c));
        if (c < 64) mask |= uint64_t{1} << c;
      }
  }
}

std::unique_ptr<ValueFunction> check_connects(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 3) {
    ctx.error(e.pos, fmt::format("'connects' takes a player and two zones: connects(mover, north, south), but has {} "
                                 "argument{}",
                                 e.args.size(), e.args.size() == 1 ? "" : "s"));
    return nullptr;
  }
  auto f = std::make_unique<Connects>();
  if (!ctx.player_ref(e.args[0], f->who, false)) return nullptr;
  const int from = ctx.find_zone(e.args[1]), to = ctx.find_zone(e.args[2]);
  if (from < 0 || to < 0) return nullptr;
  zone_cells(ctx.program, from, f->from, f->from_cells, f->from_mask);
  zone_cells(ctx.program, to, f->to, f->to_cells, f->to_mask);
  return f;
}

}  // namespace

extern constinit const FunctionSpec connects_function{
    "connects",
    false,
    false,
    check_connects,
    "connects(P, ZONE1, ZONE2)",
    "a chain of P's pieces, neighbour to neighbour, joins ZONE1 to ZONE2 (connection games' edges)"};

}  // namespace tabula
