// `step dirs=D [land=L] [if C]`: one cell along a direction.
#include "constructs/movement/step.hpp"

namespace tabula {

void StepMovement::generate(const GenContext& g, int from, MoveList& out) const {
  for (int d : dirs[g.seat])
    if (g.p.ray_len(from, d) > 0 && may_land(g.p, g.s.at(g.p.ray(from, d)[0]), g.mover, land))
      emit_move(g, *this, from, g.p.ray(from, d)[0], out);
}

bool StepMovement::reach(const GenContext& g, int from, const Reach& f) const {
  for (int d : dirs[g.seat])
    if (g.p.ray_len(from, d) > 0 && !g.s.at(g.p.ray(from, d)[0])) f(g.p.ray(from, d)[0], 1, false);
  return true;
}

namespace {

void check_step(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<StepMovement>();
  if (check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "land"}, .partial = true}))
    add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec step_movement{"step", check_step, "step dirs=D [land=L] [if C]",
                                                  "one cell along one of the directions"};

}  // namespace tabula
