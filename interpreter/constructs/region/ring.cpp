// `ring NAME: CELLS...`: a named cyclic path of distinct cells (ranges allowed), in order;
// `run` movements walk it.
#include <fmt/format.h>

#include "check/context.hpp"
#include "constructs/region/ring.hpp"

namespace tabula {

const CellRing* find_ring(CheckContext& ctx, const Expr& e) {
  if (!ctx.identifier(e, "a ring")) return nullptr;
  auto& rings = ctx.shared<std::vector<const CellRing*>>("rings");
  for (const CellRing* r : rings)
    if (r->name == e.text) return r;
  std::vector<std::string> known;
  for (const CellRing* r : rings) known.push_back(r->name);
  ctx.unknown_name(e, "ring (declared with `ring`)", known);
  return nullptr;
}

namespace {

struct Ring : Construct {
  CellRing ring;
};

void check_ring(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {}, false, true) || !ctx.board || !ctx.identifier(s.args[0].value, "a ring name")) return;
  auto& rings = ctx.shared<std::vector<const CellRing*>>("rings");
  auto r = std::make_unique<Ring>();
  CellRing& ring = r->ring;
  ring.name = s.args[0].value.text;
  for (const CellRing* other : rings)
    if (other->name == ring.name)
      return ctx.error(s.args[0].pos, fmt::format("ring '{}' is declared twice", ring.name));
  ring.index.assign(ctx.board->cell_count(), -1);
  for (const auto& item : s.items) {
    std::vector<int> cells;
    if (!ctx.cells_of(item.value, cells)) continue;
    for (int c : cells) {
      if (ring.index[c] >= 0) {
        ctx.error(item.pos, fmt::format("cell {} is twice on ring '{}'", ctx.board->cell(c).name, ring.name));
        continue;
      }
      ring.index[c] = static_cast<int16_t>(ring.cells.size());
      ring.cells.push_back(static_cast<int16_t>(c));
    }
  }
  if (ring.cells.size() < 3) return ctx.error(s.pos, fmt::format("ring '{}' needs at least 3 cells", ring.name));
  rings.push_back(&ctx.program.own(std::move(r))->ring);
}

}  // namespace

extern constinit const StatementSpec ring_statement{
    "ring",     Pass::named,           Key::first_argument,
    check_ring, "ring NAME: CELLS...", "a named cyclic path of cells, walked by `run` movements"};

}  // namespace tabula
