// `line dirs=D distance=N|count(line)|neighbours()|any over=nothing|friend|any [land=L] [if C]`:
// exactly D cells along a direction, passing what over= allows. count(line) is the number of
// pieces (both sides) on the whole line moved along, kept incrementally per board line;
// neighbours() the pieces next to the mover before it moves; any, every distance.
#include <fmt/format.h>

#include <algorithm>

#include "constructs/movement/basic_movement.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

enum class Distance : uint8_t { fixed, pieces_on_line, neighbours, any };
enum class Over : uint8_t { nothing, friends, anything };

class Line final : public BasicMovement {
 public:
  Distance distance = Distance::fixed;
  int fixed_distance = 1;
  Over over = Over::nothing;

  // May the move pass the piece `t` on its way?
  bool passes(const GenContext& g, uint8_t t) const {
    return over == Over::anything || (over == Over::friends && g.p.code_owner[t] == g.mover);
  }

  // The pieces of both sides on `line` (the line through a cell along d), counted on the
  // board: what the State's running line counts hold, in reference mode.
  static int pieces_on_line(const GenContext& g, int d, int line) {
    int n = 0;
    for (int c = 0; c < g.p.cells; ++c) n += g.p.line_of[c * g.p.dirs + d] == line && g.s.at(c) != 0;
    return n;
  }

  bool counted_kernel(const GenContext& g) const {
    return g.p.bitboards && distance == Distance::pieces_on_line && condition.empty() &&
           dirs[g.seat].size() <= kCountedLineDirections;
  }
  uint64_t stoppers(const GenContext& g) const {
    return over == Over::nothing ? g.occupied : over == Over::friends ? g.occupied & ~g.mine : 0;
  }

  void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const override {
    if (!counted_kernel(g)) return BasicMovement::generate_pieces(g, pieces, out);
    const std::vector<int>& ds = dirs[g.seat];
    const uint64_t stop = stoppers(g);
    for (; pieces; pieces &= pieces - 1) {
      const int from = __builtin_ctzll(pieces);
      line_count_moves(g.p, ds, from, g.s.at(from), g.mine, g.occupied, stop, land, g.s.line_counts(), index, out);
    }
  }

  // Random playouts: each piece's moves counted without a branch (line_count_move_count)
  // and kept per piece; the one drawn is found by those counts, then along its piece's rays.
  bool counts_pieces(const Program& p) const override {
    return distance == Distance::pieces_on_line && condition.empty() && !p.ray_cells.empty() &&
           std::all_of(dirs.begin(), dirs.end(), [](const auto& ds) { return ds.size() <= kCountedLineDirections; });
  }
  uint32_t count_pieces(const GenContext& g, uint64_t pieces, MoveTally& t) const override {
    const std::vector<int>& ds = dirs[g.seat];
    const uint64_t stop = stoppers(g), targets = landing_mask(land, g.mine, g.occupied);
    uint8_t* per_cell = reinterpret_cast<uint8_t*>(t.masks);  // a byte per cell: 64 of them
    static_assert(sizeof(t.masks) >= 64);
    uint32_t total = 0;
    t.pieces = pieces;
    for (; pieces; pieces &= pieces - 1) {
      const int from = __builtin_ctzll(pieces);
      const uint32_t n = line_count_move_count(g.p, ds, from, targets, stop, g.s.line_counts());
      per_cell[from] = static_cast<uint8_t>(n);
      total += n;
    }
    return total;
  }
  void nth_piece_move(const MoveTally& t, uint32_t k, MoveList& out) const override {
    const uint8_t* per_cell = reinterpret_cast<const uint8_t*>(t.masks);
    int from = -1;
    for (uint64_t pieces = t.pieces; pieces; pieces &= pieces - 1) {
      from = __builtin_ctzll(pieces);
      if (k < per_cell[from]) break;
      k -= per_cell[from];
    }
    const State& s = *t.state;
    const int mover = s.current_player();
    const GenContext g{s, s.program(), mover, t.seat, s.pieces_mask(mover), t.occupied};
    line_count_nth_move(g.p, dirs[g.seat], from, s.at(from), g.mine, g.occupied, stoppers(g), land, s.line_counts(),
                        index, k, out);
  }

  void generate(const GenContext& g, int from, MoveList& out) const override {
    const Program& p = g.p;
    const std::vector<int>& ds = dirs[g.seat];
    if (counted_kernel(g))
      return line_count_moves(p, ds, from, g.s.at(from), g.mine, g.occupied, stoppers(g), land, g.s.line_counts(),
                              index, out);
    for (int d : ds) {
      const int ray_index = from * p.dirs + d;
      const int16_t* ray = p.ray(from, d);
      const int len = p.ray_len(from, d);
      if (distance == Distance::any) {
        for (int k = 0; k < len; ++k) {
          uint8_t t = g.s.at(ray[k]);
          if (may_land(p, t, g.mover, land)) emit_move(g, *this, from, ray[k], out);
          if (t && !passes(g, t)) break;
        }
        continue;
      }
      int dist = fixed_distance;
      if (distance == Distance::pieces_on_line) {
        int line = p.line_of[ray_index];
        dist = line < 0 ? 0 : g.p.uses_line_counts ? g.s.line_count(line) : pieces_on_line(g, d, line);
      } else if (distance == Distance::neighbours) {
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
};

void check_line(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Line>();
  if (!check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "distance", "over", "land"}})) return;
  const Arg* distance = ctx.named(s, "distance");
  if (!distance) return ctx.error(s.pos, "'line' needs distance=... (a number, count(line) or neighbours())");
  const Expr& e = distance->value;
  if (e.kind == Expr::Kind::number) {
    long long v;
    if (ctx.number_value(e, "the distance", 1, 32767, v)) mv->fixed_distance = static_cast<int>(v);
  } else if (e.kind == Expr::Kind::call && e.text == "count" && e.args.size() == 1 &&
             e.args[0].kind == Expr::Kind::identifier && e.args[0].text == "line") {
    mv->distance = Distance::pieces_on_line;
    ctx.program.uses_line_counts = !ctx.program.reference;  // else counted on the board at each move
  } else if (e.kind == Expr::Kind::call && e.text == "neighbours" && e.args.empty()) {
    mv->distance = Distance::neighbours;
  } else if (e.kind == Expr::Kind::identifier && e.text == "any") {
    mv->distance = Distance::any;
  } else {
    return ctx.error(e.pos,
                     fmt::format("unsupported distance '{}'; expected a number, count(line) (pieces of both sides "
                                 "on the line moved along), neighbours() (pieces adjacent to the mover) or any",
                                 to_string(e)));
  }
  if (const Arg* over = ctx.named(s, "over")) {
    const Expr& o = over->value;
    if (o.kind == Expr::Kind::identifier && o.text == "nothing") mv->over = Over::nothing;
    else if (o.kind == Expr::Kind::identifier && o.text == "friend") mv->over = Over::friends;
    else if (o.kind == Expr::Kind::identifier && o.text == "any") mv->over = Over::anything;
    else
      return ctx.error(o.pos, fmt::format("expected what a line move may pass over: nothing, friend or any, found '{}'",
                                          to_string(o)));
  }
  add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec line_movement{
    "line", check_line, "line dirs=D distance=N|count(line)|neighbours()|any over=nothing|friend|any [land=L] [if C]",
    "exactly D cells along a direction, passing what over= allows"};

}  // namespace tabula
