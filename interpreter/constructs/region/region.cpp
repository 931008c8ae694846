#include "constructs/region/region.hpp"

#include <fmt/format.h>
#include <algorithm>

#include "engine/evaluate.hpp"
#include "engine/state_editor.hpp"
#include "engine/turn_machine.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {

bool Region::cells(const Program& p, int shape, int mark, int choice, std::vector<int>& out) const {
  out.clear();
  if (shape < 0 || mark < 0) return false;
  const RegionShape& sh = shapes[shape];
  if (!sh.choices.empty() && choice < 0) return false;
  for (const RegionItem& item : sh.items) {
    if (item.kind == RegionItem::Kind::mark) {
      out.push_back(mark);
      continue;
    }
    std::vector<int> dirs = item.dirs;
    if (item.chosen) dirs.push_back(choice);
    if (item.chosen_back) {
      int back = p.opposite[choice];
      if (back == kNoDirection) return false;
      dirs.push_back(back);
    }
    for (int d : dirs) {
      int len = p.ray_len(mark, d);
      if (len < 1) return false;  // the shape does not fit here
      out.push_back(p.ray(mark, d)[item.kind == RegionItem::Kind::step ? 0 : len - 1]);
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return static_cast<int>(out.size()) == sh.size;  // exactly `size` distinct cells
}

void Region::describe(const State& s, StateNotes& out) const {
  if (!marked(s)) return;
  StateNotes::Area area{name, {}, s.var(mark_var), is_open(s)};
  cells(s.program(), s.var(shape_var), s.var(mark_var), s.var(choice_var), area.cells);
  out.lines.push_back(fmt::format("{}: {} cells ({}), mark {}", name, area.cells.size(), area.open ? "open" : "close",
                                  s.program().board->cell(area.mark).name));
  out.areas.push_back(std::move(area));
}

int Region::shape_for_size(int64_t cells) const {
  for (size_t i = 0; i < shapes.size(); ++i)
    if (shapes[i].size == cells) return static_cast<int>(i);
  return -1;
}

const std::vector<uint8_t>& Region::mask(const State& s) const {
  struct Cache {
    uint64_t program = 0;  // Program::serial: never the same for two programs, unlike an address
    const Region* region = nullptr;
    int mark = -2, shape = -2, choice = -2;
    std::vector<uint8_t> mask;
  };
  thread_local Cache cache;
  const Program& p = s.program();
  int mark = s.var(mark_var), shape = s.var(shape_var), choice = s.var(choice_var);
  if (p.reference || cache.program != p.serial || cache.region != this || cache.mark != mark || cache.shape != shape ||
      cache.choice != choice) {
    cache = {p.serial, this, mark, shape, choice, std::vector<uint8_t>(p.cells, 0)};
    std::vector<int> in;
    if (cells(p, shape, mark, choice, in))
      for (int c : in) cache.mask[c] = 1;
  }
  return cache.mask;
}

bool play_for_region(StateEditor& edit, std::string_view name, int mark, int choice, bool first) {
  const State& s = edit.state();
  const Program& p = s.program();
  for (const auto& c : p.owned) {
    const auto* r = dynamic_cast<const Region*>(c.get());
    if (!r || r->name != name || mark < 0 || mark >= p.cells) continue;
    int shape = r->shape_for_size(value(r->size, {s, s.current_player()}));
    std::vector<int> cells;
    if (!r->cells(p, shape, mark, choice, cells)) return false;
    edit.set_var(r->shape_var, shape);
    edit.set_var(r->mark_var, mark);
    edit.set_var(r->choice_var, choice);
    edit.set_var(r->setter_var, (s.current_player() + 1) % p.player_count());
    edit.set_var(r->round_var, std::max(1, s.var(r->round_var)));
    edit.forget_positions();  // a new round: earlier positions do not repeat
    begin_turn(edit, s.current_seat(), first);
    return true;
  }
  return false;
}

Region* find_region(CheckContext& ctx, const Expr& e) {
  if (!ctx.identifier(e, "a region")) return nullptr;
  auto& regions = ctx.shared<std::vector<Region*>>("regions");
  for (Region* r : regions)
    if (r->name == e.text) return r;
  std::vector<std::string> known;
  for (Region* r : regions) known.push_back(r->name);
  ctx.unknown_name(e, "region (declared with `region`)", known);
  return nullptr;
}

namespace {

bool check_shape(CheckContext& ctx, const Statement& line, Region& r) {
  if (line.keyword != "shape") {
    ctx.error(line.pos,
              fmt::format("unknown region item '{}'; expected `shape N [open] [choose=DIRS]: ITEMS`", line.keyword));
    return false;
  }
  if (!ctx.shape(line, 1, 2, {"choose"}, false, true)) return false;
  RegionShape sh;
  auto pos = ctx.positional(line);
  long long n;
  if (!ctx.number_value(pos[0]->value, "the region size", 1, 255, n)) return false;
  sh.size = static_cast<int>(n);
  for (const auto& other : r.shapes)
    if (other.size == sh.size) ctx.error(pos[0]->pos, fmt::format("two shapes for size {}", sh.size));
  if (pos.size() == 2) {
    if (pos[1]->value.kind == Expr::Kind::identifier && pos[1]->value.text == "open") sh.open = true;
    else ctx.error(pos[1]->pos, fmt::format("expected open, found '{}'", to_string(pos[1]->value)));
  }
  if (const Arg* choose = ctx.named(line, "choose")) ctx.directions_of(choose->value, 0, sh.choices, true);
  for (const auto& item : line.items) {
    const Expr& e = item.value;
    RegionItem it;
    if (e.kind == Expr::Kind::identifier && e.text == "mark") {
      sh.items.push_back(it);
      continue;
    }
    if (e.kind != Expr::Kind::call || (e.text != "step" && e.text != "ray-end") || e.args.size() != 1) {
      ctx.error(e.pos,
                fmt::format("expected a shape item: mark, step(DIRS) or ray-end(DIRS), found '{}'", to_string(e)));
      continue;
    }
    it.kind = e.text == "step" ? RegionItem::Kind::step : RegionItem::Kind::ray_end;
    for (const Expr* c : choices(e.args[0])) {
      if (c->kind == Expr::Kind::identifier && (c->text == "chosen" || c->text == "chosen-back")) {
        if (sh.choices.empty()) ctx.error(c->pos, fmt::format("'{}' needs choose=DIRS on the shape", c->text));
        (c->text == "chosen" ? it.chosen : it.chosen_back) = true;
        continue;
      }
      ctx.directions_of(*c, 0, it.dirs, true);
    }
    sh.items.push_back(std::move(it));
  }
  r.shapes.push_back(std::move(sh));
  return true;
}

void check_region(CheckContext& ctx, const Statement& s) {
  if (!ctx.shape(s, 1, 1, {"size", "first"}, false, false, true) || !ctx.board ||
      !ctx.identifier(s.args[0].value, "a region name"))
    return;
  auto& regions = ctx.shared<std::vector<Region*>>("regions");
  for (Region* other : regions)
    if (other->name == s.args[0].value.text)
      return ctx.error(s.pos, fmt::format("region '{}' is declared twice", other->name));
  auto r = std::make_unique<Region>();
  r->name = s.args[0].value.text;
  const Arg* size = ctx.named(s, "size");
  if (!size) ctx.needs(s, "'region' needs size=EXPRESSION (for example size=pieces(all) - 1)");
  else ctx.number(size->value, r->size, {.all = true});
  if (const Arg* first = ctx.named(s, "first")) {
    r->first_cells.assign(ctx.board->cell_count(), 0);
    for (const Expr* c : choices(first->value)) {
      std::vector<int> cells;
      ctx.cells_of(*c, cells);
      for (int x : cells) r->first_cells[x] = 1;
    }
  }
  for (const auto& line : s.block) check_shape(ctx, line, *r);
  if (r->shapes.empty()) ctx.error(s.pos, fmt::format("region '{}' has no shape", r->name));
  VarTable& vars = ctx.program.vars;
  const int cells = ctx.board->cell_count(), dirs = ctx.board->direction_count();
  r->mark_var = vars.add({r->name + ".mark", VarSpec::Type::cell, VarSpec::Role::position, -1, -1, cells - 1});
  r->shape_var = vars.add({r->name + ".shape", VarSpec::Type::number, VarSpec::Role::position, -1, -1, 255});
  r->choice_var = vars.add({r->name + ".choice", VarSpec::Type::direction, VarSpec::Role::position, -1, -1, dirs - 1});
  r->setter_var = vars.add({r->name + ".setter", VarSpec::Type::side, VarSpec::Role::position, -1, -1, 3});
  r->round_var = vars.add({r->name + ".round", VarSpec::Type::number, VarSpec::Role::position, 0, 0, 1 << 30});
  Region* region = ctx.program.own(std::move(r));
  ctx.program.describers.push_back(region);
  regions.push_back(region);
  if (regions.size() == 1)
    ctx.at_end([&ctx] {
      if (!ctx.has_shared("budgets"))
        ctx.error(ctx.shared<SourcePos>("file start"),
                  "a `region` game plays turns of partial moves: add `budget N` lines");
    });
}

}  // namespace

extern constinit const StatementSpec region_statement{
    "region",
    Pass::named,
    Key::first_argument,
    check_region,
    "region NAME size=EXPR [first=CELLS] { shape N [open] [choose=DIRS]: mark step(DIRS) ray-end(DIRS) }",
    "a target region whose shape depends on a size evaluated when it is marked"};

}  // namespace tabula
