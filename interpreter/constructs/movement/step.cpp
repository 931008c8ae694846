// `step dirs=D [land=L] [if C]`: one cell along a direction.
#include "constructs/movement/basic_movement.hpp"

namespace tabula {
namespace {

class Step final : public BasicMovement {
 public:
  void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const override {
    if (!condition.empty()) return BasicMovement::generate_pieces(g, pieces, out);
    const std::vector<int>& ds = dirs[g.seat];
    for (; pieces; pieces &= pieces - 1) {
      const int from = __builtin_ctzll(pieces);
      step_moves(g.p, ds, from, g.s.at(from), g.mine, g.occupied, land, index, out);
    }
  }

  void generate(const GenContext& g, int from, MoveList& out) const override {
    const std::vector<int>& ds = dirs[g.seat];
    if (g.p.bitboards && condition.empty())
      return step_moves(g.p, ds, from, g.s.at(from), g.mine, g.occupied, land, index, out);
    for (int d : ds)
      if (g.p.ray_len(from, d) > 0 && may_land(g.p, g.s.at(g.p.ray(from, d)[0]), g.mover, land))
        emit_move(g, *this, from, g.p.ray(from, d)[0], out);
  }
  bool takes_partial_turns() const override { return true; }
  bool reach(const GenContext& g, int from, const Reach& f) const override {
    for (int d : dirs[g.seat])
      if (g.p.ray_len(from, d) > 0 && !g.s.at(g.p.ray(from, d)[0])) f(g.p.ray(from, d)[0], 1, false);
    return true;
  }
};

void check_step(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Step>();
  if (check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "land"}, .partial = true}))
    add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec step_movement{"step", check_step, "step dirs=D [land=L] [if C]",
                                                  "one cell along one of the directions"};

}  // namespace tabula
