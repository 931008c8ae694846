// Conditions about a target region: inside(R) and outside(R) (the cell `to`), full(R),
// open(R), marked(R), only-outside(R) (the moving piece is outside R and is its side's only piece
// outside), all-in(P, R) (all of P's pieces are in R).
#include <fmt/format.h>

#include "constructs/region/region.hpp"
#include "engine/evaluate.hpp"

namespace tabula {
namespace {

class RegionFunction : public ValueFunction {
 public:
  enum class What : uint8_t { inside, outside, full, open, only_outside, all_in, marked };
  RegionFunction(What w, const Region* r) : what(w), region(r) {}
  What what;
  const Region* region;
  PlayerSpec player;
  std::string_view name() const override {
    static constexpr std::string_view names[] = {"inside",       "outside", "full",  "open",
                                                 "only-outside", "all-in",  "marked"};
    return names[static_cast<int>(what)];
  }
  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    const Program& p = s.program();
    const bool marked = region->marked(s);
    switch (what) {
      case What::inside: return c.to >= 0 && marked && region->mask(s)[c.to];
      case What::outside: return c.to >= 0 && marked && !region->mask(s)[c.to];
      case What::open: return region->is_open(s);
      case What::marked: return marked;
      case What::full: {
        if (!marked) return 0;
        const auto& mask = region->mask(s);
        for (int cell = 0; cell < p.cells; ++cell)
          if (mask[cell] && !s.at(cell)) return 0;
        return 1;
      }
      case What::only_outside: {
        if (c.from < 0 || !marked || !s.at(c.from)) return 0;
        const auto& mask = region->mask(s);
        if (mask[c.from]) return 0;
        int side = p.owner(s.at(c.from));
        for (int cell = 0; cell < p.cells; ++cell)
          if (cell != c.from && s.at(cell) && p.owner(s.at(cell)) == side && !mask[cell]) return 0;
        return 1;
      }
      case What::all_in: {
        if (!marked) return 0;
        const auto& mask = region->mask(s);
        int side = resolve_player(s, player, c.mover);
        for (int cell = 0; cell < p.cells; ++cell)
          if (s.at(cell) && p.owner(s.at(cell)) == side && !mask[cell]) return 0;
        return 1;
      }
    }
    return 0;
  }
};

std::unique_ptr<ValueFunction> one_region(CheckContext& ctx, const Expr& e, Scope scope, RegionFunction::What what) {
  if (e.args.size() != 1) {
    ctx.error(e.pos, fmt::format("'{}' takes one argument (the region), but has {}", e.text, e.args.size()));
    return nullptr;
  }
  const Region* r = find_region(ctx, e.args[0]);
  if (!r) return nullptr;
  using W = RegionFunction::What;
  if ((what == W::inside || what == W::outside) && !scope.cell && !scope.movement) {
    ctx.error(e.pos, fmt::format("{}(...) is about a cell: use it in a where= or in the `if` of a movement", e.text));
    return nullptr;
  }
  if (what == W::only_outside && !scope.movement) {
    ctx.error(e.pos, "only-outside(...) is about the moving piece: use it in the unless= or `if` of a movement");
    return nullptr;
  }
  return std::make_unique<RegionFunction>(what, r);
}

std::unique_ptr<ValueFunction> check_inside(CheckContext& c, const Expr& e, Scope s) {
  return one_region(c, e, s, RegionFunction::What::inside);
}
std::unique_ptr<ValueFunction> check_outside(CheckContext& c, const Expr& e, Scope s) {
  return one_region(c, e, s, RegionFunction::What::outside);
}
std::unique_ptr<ValueFunction> check_full(CheckContext& c, const Expr& e, Scope s) {
  return one_region(c, e, s, RegionFunction::What::full);
}
std::unique_ptr<ValueFunction> check_open(CheckContext& c, const Expr& e, Scope s) {
  return one_region(c, e, s, RegionFunction::What::open);
}
std::unique_ptr<ValueFunction> check_marked(CheckContext& c, const Expr& e, Scope s) {
  return one_region(c, e, s, RegionFunction::What::marked);
}
std::unique_ptr<ValueFunction> check_only_outside(CheckContext& c, const Expr& e, Scope s) {
  return one_region(c, e, s, RegionFunction::What::only_outside);
}

std::unique_ptr<ValueFunction> check_all_in(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'all-in' takes a player and a region, but has {} arguments", e.args.size()));
    return nullptr;
  }
  PlayerSpec who;
  if (!ctx.player_ref(e.args[0], who, false)) return nullptr;
  const Region* r = find_region(ctx, e.args[1]);
  if (!r) return nullptr;
  auto f = std::make_unique<RegionFunction>(RegionFunction::What::all_in, r);
  f->player = who;
  return f;
}

}  // namespace

extern constinit const FunctionSpec inside_function{
    "inside", false, false, check_inside, "inside(R)", "the cell (where=, or a movement's landing) is in region R"};
extern constinit const FunctionSpec outside_function{
    "outside", false, false, check_outside, "outside(R)", "the cell is outside region R (R is marked)"};
extern constinit const FunctionSpec all_in_function{
    "all-in", false, false, check_all_in, "all-in(P, R)", "all of P's pieces stand in region R"};
extern constinit const FunctionSpec full_function{"full",     false,     false,
                                                  check_full, "full(R)", "every cell of region R holds a piece"};
extern constinit const FunctionSpec open_function{"open",     false,     false,
                                                  check_open, "open(R)", "region R has an open shape"};
extern constinit const FunctionSpec marked_function{"marked",     false,       false,
                                                    check_marked, "marked(R)", "region R has a mark now"};
extern constinit const FunctionSpec only_outside_function{
    "only-outside",
    false,
    false,
    check_only_outside,
    "only-outside(R)",
    "the moving piece is outside R and is the only piece of its side outside (movement conditions)"};

}  // namespace tabula
