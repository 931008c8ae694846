// `step dirs=D [land=L] [if C]`: one cell along a direction; with land=passed, also onto an
// empty cell the opponent's last move crossed, taking the piece that crossed it (passing.hpp).
#include "constructs/movement/step.hpp"

namespace tabula {

namespace {

// A landing on `to` that takes the piece on `taken` (a one-step capture path).
void emit_passing_capture(const GenContext& g, const StepMovement& mv, int from, int to, int taken, MoveList& out) {
  if (!mv.allows(g, from, to)) return;
  Move& m = add_move(out, Move::piece, mv.index, from, to);
  m.captures = 1;
  m.steps = 1;
  m.path[0] = {static_cast<int16_t>(to), static_cast<int16_t>(taken)};
  m.value = static_cast<int16_t>(g.p.kinds[g.p.kind(g.s.at(taken))].value);
  m.promotion = g.p.promotion_at(g.s.at(from), to);
  m.promoted_at = m.promotion ? 1 : 0;
}

}  // namespace

void StepMovement::generate(const GenContext& g, int from, MoveList& out) const {
  for (int d : dirs[g.seat]) {
    if (g.p.ray_len(from, d) == 0) continue;
    const int to = g.p.ray(from, d)[0];
    // A passed cell is empty: with land=empty|passed the step there takes in passing.
    if (const int taken = land & land_passed ? passed_piece(g, passing, to) : -1; taken >= 0)
      emit_passing_capture(g, *this, from, to, taken, out);
    else if (may_land(g.p, g.s.at(to), g.mover, land)) emit_move(g, *this, from, to, out);
  }
}

bool StepMovement::reach(const GenContext& g, int from, const Reach& f) const {
  for (int d : dirs[g.seat])
    if (g.p.ray_len(from, d) > 0 && !g.s.at(g.p.ray(from, d)[0])) f(g.p.ray(from, d)[0], 1, false);
  return true;
}

namespace {

void check_step(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<StepMovement>();
  if (!check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "land"}, .partial = true, .passing = true})) return;
  if (mv->land & land_passed) mv->passing = passing_vars(ctx);
  add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec step_movement{"step", check_step, "step dirs=D [land=L] [if C]",
                                                  "one cell along one of the directions"};

}  // namespace tabula
