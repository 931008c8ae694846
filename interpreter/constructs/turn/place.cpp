// `place KIND [from=PLAYER|supply] [where=CELL-CONDITION] [gravity=DIR] [if C]` (a turn or
// opening step): put a piece on an empty cell where= allows. from=supply (the default) is an
// unlimited supply of the mover's pieces; from=PLAYER takes that player's pieces, from their
// reserve when the rules declare reserves (the step is skipped while it is empty). With
// gravity=DIR (a board direction, or one relative to the seat's facing: `down`), a piece
// dropped into a column falls: it may only land on the cell where a piece let go at the top
// of the line through it along DIR comes to rest, the last empty cell before an occupied
// one or the board's edge, with only empty cells above it. Written W@e4 (the final cell).
#include "constructs/turn/place.hpp"

#include <fmt/format.h>

#include "check/context.hpp"
#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/state_editor.hpp"
#include "engine/text/move_text.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {

bool Place::resting_place(const State& s, int c) const {
  const Program& p = s.program();
  const int d = down[s.current_seat()], up = p.opposite[d];
  if (p.ray_len(c, d) > 0 && !s.at(p.ray(c, d)[0])) return false;  // it falls further
  const int16_t* above = p.ray(c, up);
  for (int k = 0; k < p.ray_len(c, up); ++k)
    if (s.at(above[k])) return false;  // a piece above stops it first
  return true;
}

int Place::owner_of(const State& s) const {
  return from_supply ? s.current_player() : resolve_player(s, owner, s.current_player());
}

bool Place::applies(const State& s) const {
  const Program& p = s.program();
  return !counts_reserve(p) || s.var(p.reserve_var[owner_of(s) * p.kind_count() + kind]) > 0;
}

void Place::generate(const State& s, MoveList& out) const {
  const Program& p = s.program();
  const int mover = s.current_player();
  const uint8_t code = p.piece_code(owner_of(s), kind);
  CellSet allowed;
  if (empty_cells_where(where, s, mover, allowed)) {  // where= for every empty cell at once
    allowed.for_each([&](int c) {
      if (down.empty() || resting_place(s, c)) add_move(out, Move::place, index, -1, c, code);
    });
  } else {
    for (int c = 0; c < p.cells; ++c) {
      if (s.at(c) || (!down.empty() && !resting_place(s, c))) continue;
      if (!where.empty() && !holds(where, {s, mover, -1, c})) continue;
      add_move(out, Move::place, index, -1, c, code);
    }
  }
  pass_if_none(p, out);
}

void Place::pass_if_none(const Program& p, MoveList& out) const {
  if (out.empty() && p.end.no_move == NoMovePolicy::pass) add_pass(out, index);
}

Flow Place::apply(StateEditor& edit, const Move& m) const {
  const State& s = edit.state();
  if (m.kind != Move::place) return Flow::next;
  const Program& p = s.program();
  if (counts_reserve(p)) edit.add_var(p.reserve_var[p.owner(m.arg) * p.kind_count() + p.kind(m.arg)], -1);
  edit.set_cell(m.to, m.arg);
  return Flow::next;
}

std::string Place::text(const State& s, const Move& m) const {
  return m.kind == Move::place ? placement_text(s, m) : "pass";
}

namespace {

const Phase* check_place(CheckContext& ctx, const Statement& line, const std::vector<std::string>& extra) {
  std::vector<std::string> named = {"from", "where", "gravity"};
  named.insert(named.end(), extra.begin(), extra.end());
  if (!ctx.shape(line, 1, 1, named, true) || !ctx.identifier(line.args[0].value, "a piece kind")) return nullptr;
  auto place = std::make_unique<Place>();
  place->kind = ctx.find_kind(line.args[0].value.text);
  if (place->kind < 0) return ctx.unknown_name(line.args[0].value, "piece kind", ctx.kind_names()), nullptr;
  if (const Arg* from = ctx.named(line, "from")) {
    if (from->value.kind == Expr::Kind::identifier && from->value.text == "supply") place->from_supply = true;
    else if (ctx.player_ref(from->value, place->owner, false)) place->from_supply = false;
    else return nullptr;
  }
  if (const Arg* where = ctx.named(line, "where"); where && !ctx.condition(where->value, place->where, {.cell = true}))
    return nullptr;
  if (const Arg* gravity = ctx.named(line, "gravity")) {
    std::vector<std::vector<int>> dirs;
    if (!ctx.board || !ctx.directions_per_seat(gravity->value, dirs)) return nullptr;
    for (int seat = 0; seat < ctx.program.seat_count(); ++seat) {
      if (dirs[seat].size() != 1) {
        ctx.error(gravity->value.pos,
                  fmt::format("gravity= takes one direction (the way pieces fall), but '{}' names "
                              "{} for {}",
                              to_string(gravity->value), dirs[seat].size(), ctx.program.seats[seat].name));
        return nullptr;
      }
      if (ctx.program.opposite[dirs[seat][0]] < 0) {
        ctx.error(gravity->value.pos,
                  fmt::format("gravity={} needs a direction with an opposite on this board (the way up a column)",
                              to_string(gravity->value)));
        return nullptr;
      }
      place->down.push_back(dirs[seat][0]);
    }
  }
  return ctx.program.own(std::move(place));
}

}  // namespace

extern constinit const ActionSpec place_action{"place", check_place,
                                               "place KIND [from=PLAYER|supply] [where=C] [gravity=DIR] [if C]",
                                               "put a piece on an empty cell (from a reserve, or an unlimited supply); "
                                               "with gravity, where it comes to rest falling along DIR"};

}  // namespace tabula
