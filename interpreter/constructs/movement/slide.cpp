// `slide dirs=D [land=L] [if C]`: any number of empty cells along a direction; it may stop on
// the first occupied cell when land= allows.
#include "constructs/movement/basic_movement.hpp"

namespace tabula {
namespace {

class Slide final : public BasicMovement {
 public:
  void generate(const GenContext& g, int from, MoveList& out) const override {
    for (int d : dirs[g.seat]) {
      const int16_t* ray = g.p.ray(from, d);
      for (int k = 0, len = g.p.ray_len(from, d); k < len; ++k) {
        uint8_t t = g.s.at(ray[k]);
        if (may_land(g.p, t, g.mover, land)) emit_move(g, *this, from, ray[k], out);
        if (t) break;
      }
    }
  }
  bool takes_partial_turns() const override { return true; }
  bool reach(const GenContext& g, int from, const Reach& f) const override {
    for (int d : dirs[g.seat]) {
      const int16_t* ray = g.p.ray(from, d);
      for (int k = 0, len = g.p.ray_len(from, d); k < len && !g.s.at(ray[k]); ++k) f(ray[k], k + 1, false);
    }
    return true;
  }
};

void check_slide(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Slide>();
  if (check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "land"}, .partial = true}))
    add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec slide_movement{"slide", check_slide, "slide dirs=D [land=L] [if C]",
                                                   "any number of empty cells along a direction (a rook's move)"};

}  // namespace tabula
