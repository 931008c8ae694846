// `jump dirs=D over=friend|enemy|any [over-kinds=K|K] [if C]`: over one adjacent piece (of
// those kinds; never a `capturable=no` one) to the empty cell beyond; nothing is taken.
#include <fmt/format.h>

#include "constructs/movement/basic_movement.hpp"
#include "syntax/ast_print.hpp"

namespace tabula {
namespace {

class Jump final : public BasicMovement {
 public:
  bool over_friends = true, over_enemies = false;
  uint32_t over_kinds = 0xFFFFFFFFu;

  void generate(const GenContext& g, int from, MoveList& out) const override {
    const Program& p = g.p;
    for (int d : dirs[g.seat]) {
      const int16_t* ray = p.ray(from, d);
      if (p.ray_len(from, d) < 2 || g.s.at(ray[1])) continue;
      uint8_t over = g.s.at(ray[0]);
      if (!over || !(over_kinds & p.code_kind_bit[over]) || !p.kinds[p.kind(over)].capturable) continue;
      bool friendly = p.code_owner[over] == g.mover;
      if (friendly ? !over_friends : !over_enemies) continue;
      emit_move(g, *this, from, ray[1], out);
    }
  }
};

void check_jump(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Jump>();
  bool ok = check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "over", "over-kinds"}});
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

extern constinit const MovementSpec jump_movement{"jump", check_jump,
                                                  "jump dirs=D over=friend|enemy|any [over-kinds=K|K] [if C]",
                                                  "over one adjacent piece to the empty cell beyond; nothing is taken"};

}  // namespace tabula
