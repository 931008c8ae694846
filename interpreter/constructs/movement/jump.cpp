// `jump dirs=D over=friend|enemy|any [over-kinds=K|K] [chain=yes] [if C]`: over one adjacent
// piece (of those kinds; never a `capturable=no` one) to the empty cell beyond; nothing is
// taken. With chain=yes the piece may jump again from where it lands, as often as the mover
// likes (a race by hops over any piece): one move to each cell some chain reaches, written from-to (the
// path is not part of the move), its own start excepted; the start is empty on the way.
#include <fmt/format.h>

#include "constructs/movement/basic_movement.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class Jump final : public BasicMovement {
 public:
  bool over_friends = true, over_enemies = false;
  uint32_t over_kinds = 0xFFFFFFFFu;

  bool chain = false;

  void generate(const GenContext& g, int from, MoveList& out) const override {
    if (chain) return generate_chains(g, from, out);
    for (int d : dirs[g.seat])
      if (const int to = landing(g, from, from, d); to >= 0) emit_move(g, *this, from, to, out);
  }

 private:
  // The cell beyond the piece next to `at` along `d`, when it may be jumped and the cell is
  // empty (the moving piece's start, `from`, is); -1 otherwise.
  int landing(const GenContext& g, int from, int at, int d) const {
    const Program& p = g.p;
    const int16_t* ray = p.ray(at, d);
    if (p.ray_len(at, d) < 2 || (ray[1] != from && g.s.at(ray[1]))) return -1;
    const uint8_t over = ray[0] == from ? 0 : g.s.at(ray[0]);
    if (!over || !(over_kinds & p.code_kind_bit[over]) || !p.kinds[p.kind(over)].capturable) return -1;
    const bool friendly = p.code_owner[over] == g.mover;
    return (friendly ? over_friends : over_enemies) ? ray[1] : -1;
  }
  // Every cell a chain of jumps reaches, breadth first: nearer chains first, then by direction.
  void generate_chains(const GenContext& g, int from, MoveList& out) const {
    thread_local std::vector<int> reached;
    thread_local std::vector<uint8_t> seen;
    reached.assign(1, from);
    seen.assign(static_cast<size_t>(g.p.cells), 0);
    seen[static_cast<size_t>(from)] = 1;
    for (size_t i = 0; i < reached.size(); ++i)
      for (int d : dirs[g.seat])
        if (const int to = landing(g, from, reached[i], d); to >= 0 && !seen[static_cast<size_t>(to)]) {
          seen[static_cast<size_t>(to)] = 1;
          reached.push_back(to);
          emit_move(g, *this, from, to, out);
        }
  }
};

void check_jump(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Jump>();
  bool ok = check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "over", "over-kinds", "chain"}});
  if (const Arg* chain = ctx.named(s, "chain")) {
    const Expr& c = chain->value;
    if (c.kind == Expr::Kind::identifier && (c.text == "yes" || c.text == "no")) mv->chain = c.text == "yes";
    else return ctx.error(c.pos, fmt::format("expected chain=yes or chain=no, found '{}'", to_string(c)));
  }
  if (const Arg* over = ctx.named(s, "over")) {
    const Expr& o = over->value;
    if (o.kind == Expr::Kind::identifier && o.text == "friend") mv->over_friends = true, mv->over_enemies = false;
    else if (o.kind == Expr::Kind::identifier && o.text == "enemy") mv->over_friends = false, mv->over_enemies = true;
    else if (o.kind == Expr::Kind::identifier && o.text == "any") mv->over_friends = mv->over_enemies = true;
    else
      return ctx.error(o.pos,
                       fmt::format("expected what a jump may go over: friend, enemy or any, found '{}'", to_string(o)));
  }
  if (const Arg* k = ctx.named(s, "over-kinds")) mv->over_kinds = ctx.kinds_of(k->value);
  if (ok) add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec jump_movement{
    "jump", check_jump, "jump dirs=D over=friend|enemy|any [over-kinds=K|K] [chain=yes] [if C]",
    "over one adjacent piece to the empty cell beyond, nothing taken; "
    "chain=yes: again from there, as often as wished"};

}  // namespace tabula
