// distance-to(P, R): how far P's pieces stand from region R, as the sum over P's pieces
// outside R of their distance in steps (over the board's links) to its nearest cell; 0 when
// every piece is in, or R is not marked. It measures progress towards a goal of gathering
// into a region, which random play rarely reaches: an `evaluate` expression built on it
// lets a search (or a cut-off playout, docs/AI.md) tell a closer position from a farther one.
#include <fmt/format.h>

#include "constructs/region/region.hpp"
#include "engine/evaluate.hpp"

namespace tabula {
namespace {

class DistanceToRegion : public ValueFunction {
 public:
  DistanceToRegion(const Region* r, PlayerSpec who) : region_(r), player_(who) {}
  std::string_view name() const override { return "distance-to"; }

  int64_t value(const EvalContext& c) const override {
    const State& s = c.state;
    if (!region_->marked(s)) return 0;
    const Program& p = s.program();
    const auto& mask = region_->mask(s);
    // Breadth first from every cell of the region at once: each cell's distance to the nearest.
    thread_local std::vector<int> distance, queue;
    distance.assign(p.cells, -1);
    queue.clear();
    for (int cell = 0; cell < p.cells; ++cell)
      if (mask[cell]) distance[cell] = 0, queue.push_back(cell);
    for (size_t i = 0; i < queue.size(); ++i)
      for (int next : p.adjacent[queue[i]])
        if (distance[next] < 0) distance[next] = distance[queue[i]] + 1, queue.push_back(next);
    const int side = resolve_player(s, player_, c.mover);
    int64_t total = 0;
    for (int cell = 0; cell < p.cells; ++cell)
      if (s.at(cell) && p.owner(s.at(cell)) == side && distance[cell] > 0) total += distance[cell];
    return total;
  }

 private:
  const Region* region_;
  PlayerSpec player_;
};

std::unique_ptr<ValueFunction> check_distance_to(CheckContext& ctx, const Expr& e, Scope) {
  if (e.args.size() != 2) {
    ctx.error(e.pos, fmt::format("'distance-to' takes a player and a region, but has {} arguments", e.args.size()));
    return nullptr;
  }
  PlayerSpec who;
  if (!ctx.player_ref(e.args[0], who, false)) return nullptr;
  const Region* r = find_region(ctx, e.args[1]);
  if (!r) return nullptr;
  return std::make_unique<DistanceToRegion>(r, who);
}

}  // namespace

extern constinit const FunctionSpec distance_to_function{
    "distance-to",
    false,
    true,
    check_distance_to,
    "distance-to(P, R)",
    "the sum of the steps from each of P's pieces outside region R to its nearest cell"};

}  // namespace tabula
