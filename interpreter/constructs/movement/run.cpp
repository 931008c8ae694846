// `run ring=NAME [discount=REGION] [cost=..] [max=N] [unless=C] [if C]`: in turns of partial
// moves, a piece standing on the ring runs either way round along empty cells, up to one
// step short of a full circle. With discount=R a run that stops at or before the first cell
// of R on its way costs 1; beyond it, every cell counts.
#include <fmt/format.h>

#include "constructs/movement/basic_movement.hpp"
#include "constructs/region/region.hpp"
#include "constructs/region/ring.hpp"

namespace tabula {
namespace {

class Run final : public BasicMovement {
 public:
  const CellRing* ring = nullptr;
  const Region* discount = nullptr;

  void generate(const GenContext&, int, MoveList&) const override {}  // partial turns only
  bool takes_partial_turns() const override { return true; }
  bool reach(const GenContext& g, int from, const Reach& f) const override {
    const uint8_t* marked = nullptr;
    if (discount && discount->marked(g.s)) marked = discount->mask(g.s).data();
    ring_runs(*ring, g.s.tops(), from, discount ? marked : nullptr, f);
    return true;
  }
};

void check_run(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<Run>();
  if (!check_movement(ctx, s, *mv, kinds,
                      {.named = {"ring", "discount"}, .partial = true, .dirs = false, .partial_only = true}))
    return;
  const Arg* ring = ctx.named(s, "ring");
  if (!ring) return ctx.needs(s, "'run' needs ring=NAME (a path declared with `ring NAME: cells...`)");
  mv->ring = find_ring(ctx, ring->value);
  if (!mv->ring) return;
  if (const Arg* d = ctx.named(s, "discount")) {
    mv->discount = find_region(ctx, d->value);
    if (!mv->discount) return;
  }
  mv->dirs.assign(ctx.program.seat_count(), {});
  mv->partial_args = true;  // a run exists only in turns of partial moves
  add_movement(ctx, std::move(mv));
}

}  // namespace

extern constinit const MovementSpec run_movement{
    "run", check_run, "run ring=NAME [discount=REGION] [cost=..] [max=N] [unless=C] [if C]",
    "along a ring of cells, either way round (turns of partial moves only)"};

}  // namespace tabula
