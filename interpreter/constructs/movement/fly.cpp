// `fly [if C]`: to any empty cell of the board, however far and whatever lies between (a
// piece that may go anywhere once its side is down to a few: `fly if pieces(mover) == 3`).
#include "constructs/movement/basic_movement.hpp"

namespace tabula {
namespace {

class Fly final : public BasicMovement {
 public:
  void generate(const GenContext& g, int from, MoveList& out) const override {
    for (int c = 0; c < g.p.cells; ++c)
      if (c != from && !g.s.at(c)) emit_move(g, *this, from, c, out);
  }
};

void check_fly(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Fly>();
  if (check_movement(ctx, s, *mv, kinds, {.named = {}, .dirs = false})) add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec fly_movement{"fly", check_fly, "fly [if C]",
                                                 "to any empty cell of the board, whatever lies between"};

}  // namespace tabula
