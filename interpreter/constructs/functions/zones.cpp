// Zone conditions: in(from|to, ZONE) (the moving piece's start or landing is in the zone;
// movement conditions; in a where=, in(to, ZONE): the cell is in the zone), occupied(ZONE) (cells of the zone holding a
// piece) and size(ZONE). A zone may differ per side: the mover's is meant.
#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/state.hpp"

#include <algorithm>

namespace tabula {
namespace {

class ZoneFunction final : public ValueFunction {
 public:
  enum class What : uint8_t { in, occupied, size };
  What what = What::in;
  bool at_destination = false;
  int zone = 0;
  std::string_view name() const override {
    return what == What::in ? "in" : what == What::occupied ? "occupied" : "size";
  }
  int64_t value(const EvalContext& c) const override {
    const Program& p = c.state.program();
    if (what == What::in) {
      int cell = at_destination ? c.to : c.from;
      return cell >= 0 && p.in_zone(zone, c.mover, cell);
    }
    int n = 0;
    for (int cell = 0; cell < p.cells; ++cell)
      n += p.in_zone(zone, c.mover, cell) && (what == What::size || c.state.at(cell));
    return n;
  }
  // occupied and size: from 0 (or the fewest cells of the zone, for any side) to its most cells.
  std::optional<std::pair<int64_t, int64_t>> bounds(const Program& p) const override {
    if (what == What::in) return std::pair<int64_t, int64_t>{0, 1};
    int64_t fewest = p.cells, most = 0;
    for (int side = 0; side < p.player_count(); ++side) {
      int64_t n = 0;
      for (int cell = 0; cell < p.cells; ++cell) n += p.in_zone(zone, side, cell);
      fewest = std::min(fewest, n), most = std::max(most, n);
    }
    return std::pair<int64_t, int64_t>{what == What::size ? fewest : 0, most};
  }
  // in(to, ZONE) for every empty cell at once: the empty cells of the mover's zone.
  std::vector<CellSet> cells_of;  // per side, the zone's cells
  bool empty_cells_where(const State& s, int mover, CellSet& cells) const override {
    if (what != What::in || !at_destination) return false;
    const Program& p = s.program();
    cells = cells_of[mover];
    cells.subtract(CellSet::of_nonzero_bytes(s.tops(), p.cells));
    return true;
  }
};

std::unique_ptr<ValueFunction> check_in(CheckContext& ctx, const Expr& e, Scope scope) {
  bool ok = e.args.size() == 2 && e.args[0].kind == Expr::Kind::identifier &&
            (e.args[0].text == "from" || e.args[0].text == "to");
  if (!ok || !(scope.movement || scope.cell)) {
    ctx.error(e.pos, scope.movement ? "in(...) takes from or to, and a zone: in(from, manoeuvre)"
                     : scope.cell   ? "in(...) takes to (the cell) and a zone: in(to, centre)"
                                    : "in(from|to, ZONE) can only be used in the `if` of a movement or a where=");
    return nullptr;
  }
  if (!scope.movement && e.args[0].text == "from") {
    ctx.error(e.args[0].pos, "a where= is about one cell, written `to`: in(to, ZONE); only movements have a from");
    return nullptr;
  }
  auto f = std::make_unique<ZoneFunction>();
  f->at_destination = e.args[0].text == "to";
  f->zone = ctx.find_zone(e.args[1]);
  if (f->zone < 0) return nullptr;
  const Program& p = ctx.program;
  if (p.cells <= CellSet::kMaxCells)
    for (const auto& of_side : p.zones[f->zone].cells) {
      CellSet& set = f->cells_of.emplace_back();
      for (int c = 0; c < p.cells; ++c)
        if (of_side[c]) set.insert(c);
    }
  return f;
}

std::unique_ptr<ValueFunction> check_count(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 1) {
    ctx.error(e.pos, fmt::format("'{}' takes one argument (a zone), but has {}", e.text, e.args.size()));
    return nullptr;
  }
  auto f = std::make_unique<ZoneFunction>();
  f->what = e.text == "occupied" ? ZoneFunction::What::occupied : ZoneFunction::What::size;
  f->zone = ctx.find_zone(e.args[0]);
  return f->zone < 0 ? nullptr : std::move(f);
}

}  // namespace

extern constinit const FunctionSpec in_function{"in",
                                                false,
                                                false,
                                                check_in,
                                                "in(from|to, ZONE)",
                                                "the moving piece's start or landing is in the zone (movements; "
                                                "in a where=, in(to, ZONE): the cell)"};
extern constinit const FunctionSpec occupied_function{
    "occupied", false, true, check_count, "occupied(ZONE)", "how many cells of the zone hold a piece"};
extern constinit const FunctionSpec size_function{"size",      false,        true,
                                                  check_count, "size(ZONE)", "how many cells the zone has"};

}  // namespace tabula
