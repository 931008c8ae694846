// `line dirs=D distance=N|count(line)|neighbours()|any over=nothing|friend|any [land=L] [if C]`:
// exactly D cells along a direction, passing what over= allows. passable=yes: the cells it
// crosses may be taken in passing on the next turn (passing.hpp). count(line) is the number of
// pieces (both sides) on the whole line moved along; neighbours() the pieces next to the mover
// before it moves; any, every distance.
#include "constructs/movement/line.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "constructs/movement/passing.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {

int LineMovement::pieces_on_line(const GenContext& g, int d, int line) const {
  int n = 0;
  for (int c = 0; c < g.p.cells; ++c) n += g.p.line_of[c * g.p.dirs + d] == line && g.s.at(c) != 0;
  return n;
}

void LineMovement::generate(const GenContext& g, int from, MoveList& out) const {
  const Program& p = g.p;
  for (int d : dirs[g.seat]) {
    const int16_t* ray = p.ray(from, d);
    const int len = p.ray_len(from, d);
    if (distance == LineDistance::any) {
      for (int k = 0; k < len; ++k) {
        uint8_t t = g.s.at(ray[k]);
        if (may_land(p, t, g.mover, land)) emit_move(g, *this, from, ray[k], out);
        if (t && !passes(g, t)) break;
      }
      continue;
    }
    int dist = fixed_distance;
    if (distance == LineDistance::pieces_on_line) {
      const int line = p.line_of[from * p.dirs + d];
      dist = line < 0 ? 0 : pieces_on_line(g, d, line);
    } else if (distance == LineDistance::neighbours) {
      dist = 0;
      for (int16_t x : p.adjacent[from]) dist += g.s.at(x) != 0;
    }
    if (dist < 1 || dist > len) continue;
    bool blocked = false;
    for (int k = 0; k < dist - 1 && !blocked; ++k) {
      uint8_t t = g.s.at(ray[k]);
      blocked = t && !passes(g, t);
    }
    if (!blocked && may_land(p, g.s.at(ray[dist - 1]), g.mover, land)) emit_move(g, *this, from, ray[dist - 1], out);
  }
}

namespace {

void check_line(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<LineMovement>();
  bool ok = check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "distance", "over", "land", "passable"}});
  bool passable = false;
  if (const Arg* a = ctx.named(s, "passable")) {
    if (a->value.kind == Expr::Kind::identifier && (a->value.text == "yes" || a->value.text == "no"))
      passable = a->value.text == "yes";
    else
      ctx.error(a->value.pos, fmt::format("expected passable=yes or passable=no, found '{}'", to_string(a->value))),
          ok = false;
  }
  if (const Arg* distance = ctx.named(s, "distance"); !distance) {
    ctx.needs(s, "'line' needs distance=... (a number, count(line) or neighbours())");
    ok = false;
  } else if (const Expr& e = distance->value; e.kind == Expr::Kind::number) {
    long long v;
    if (ctx.number_value(e, "the distance", 1, 32767, v)) mv->fixed_distance = static_cast<int>(v);
    else ok = false;
  } else if (e.kind == Expr::Kind::call && e.text == "count" && e.args.size() == 1 &&
             e.args[0].kind == Expr::Kind::identifier && e.args[0].text == "line") {
    mv->distance = LineDistance::pieces_on_line;
  } else if (e.kind == Expr::Kind::call && e.text == "neighbours" && e.args.empty()) {
    mv->distance = LineDistance::neighbours;
  } else if (e.kind == Expr::Kind::identifier && e.text == "any") {
    mv->distance = LineDistance::any;
  } else {
    ctx.error(e.pos, fmt::format("unsupported distance '{}'; expected a number, count(line) (pieces of both sides "
                                 "on the line moved along), neighbours() (pieces adjacent to the mover) or any",
                                 to_string(e)));
    ok = false;
  }
  if (const Arg* over = ctx.named(s, "over")) {
    const Expr& o = over->value;
    if (o.kind == Expr::Kind::identifier && o.text == "nothing") mv->over = LineOver::nothing;
    else if (o.kind == Expr::Kind::identifier && o.text == "friend") mv->over = LineOver::friends;
    else if (o.kind == Expr::Kind::identifier && o.text == "any") mv->over = LineOver::anything;
    else
      ctx.error(o.pos, fmt::format("expected what a line move may pass over: nothing, friend or any, found '{}'",
                                   to_string(o))),
          ok = false;
  }
  if (!ok) return;
  add_movement(ctx, std::move(mv));
  if (passable) add_passable_movement(ctx, ctx.shared<std::vector<const BasicMovement*>>("movements").back()->index);
}

}  // namespace

extern constinit const MovementSpec line_movement{
    "line", check_line,
    "line dirs=D distance=N|count(line)|neighbours()|any over=nothing|friend|any [land=L] [passable=yes] [if C]",
    "exactly D cells along a direction, passing what over= allows; passable=yes: the cells it crosses may be taken "
    "in passing (step land=passed) on the next turn"};

}  // namespace tabula
