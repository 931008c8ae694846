// `step dirs=D [land=L] [if C]`: one cell along a direction.
#include <optional>
#include <stdexcept>

#include "constructs/movement/basic_movement.hpp"

namespace tabula {
namespace {

class StepMovement final : public BasicMovement {
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

// A side's steps without an `if`, fused into one generator (see fuse_steps): per entry (a
// movement's direction), the pieces that can step are one mask computation, a shift of the
// cells they may land on; the moves are then written per piece in ascending cell order, and
// per piece in movement and direction order, the order of the per-piece loop it replaces.
class FusedSteps final : public Movement {
 public:
  static constexpr size_t kMaxEntries = 16;
  struct Entry {
    int shift;           // to - from, the same from every cell of from_mask
    uint64_t from_mask;  // the cells with a neighbour in this direction
    uint8_t land;
    uint16_t maker;
  };
  std::vector<std::vector<Entry>> per_seat;  // per seat: movement by movement, direction by direction

  void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const override {
    const std::vector<Entry>& entries = per_seat[g.seat];
    const size_t n = entries.size();
    const uint64_t empty = ~g.occupied, enemy = g.occupied & ~g.mine;
    uint64_t can[kMaxEntries];
    uint64_t any = 0;
    for (size_t i = 0; i < n; ++i) {
      const Entry& e = entries[i];
      const uint64_t targets =
          (e.land & land_empty ? empty : 0) | (e.land & land_enemy ? enemy : 0) | (e.land & land_friend ? g.mine : 0);
      can[i] = pieces & e.from_mask & (e.shift >= 0 ? targets >> e.shift : targets << -e.shift);
      any |= can[i];
    }
    const bool promotes = !g.p.promotion_table.empty();
    for (; any; any &= any - 1) {
      const int from = __builtin_ctzll(any);
      const uint8_t* promotions = promotes ? promotion_row(g.p, g.s.at(from)) : nullptr;
      for (size_t i = 0; i < n; ++i) {
        if (!(can[i] >> from & 1)) continue;
        const int to = from + entries[i].shift;
        emit_plain_move(out, from, to, entries[i].maker, g.occupied >> to & 1, promotions ? promotions[to] : 0);
      }
    }
  }
  void generate(const GenContext& g, int from, MoveList& out) const override {
    generate_pieces(g, uint64_t{1} << from, out);
  }
  // Its moves are made by the fused steps (Move::maker), which apply and write them.
  Flow apply(State&, const Move&) const override { throw std::logic_error("fused steps apply no move"); }
  std::string text(const State&, const Move&) const override { throw std::logic_error("fused steps write no move"); }
};

// The entry of `step` along `d`, or nullopt when `d` is not one index offset on this board.
std::optional<FusedSteps::Entry> fused_entry(const Program& p, const StepMovement& step, int d) {
  std::optional<int> shift;
  uint64_t from_mask = 0;
  for (int c = 0; c < p.cells; ++c) {
    if (!p.ray_len(c, d)) continue;
    const int offset = p.ray(c, d)[0] - c;
    if (shift && *shift != offset) return std::nullopt;
    shift = offset;
    from_mask |= uint64_t{1} << c;
  }
  if (!shift) return std::nullopt;
  return FusedSteps::Entry{*shift, from_mask, step.land, static_cast<uint16_t>(step.index)};
}

void check_step(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<StepMovement>();
  if (check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "land"}, .partial = true}))
    add_movement(ctx, std::move(mv));
}

}  // namespace

const Movement* fuse_steps(CheckContext& ctx, const std::vector<const Movement*>& movements) {
  const Program& p = ctx.program;
  if (!p.bitboards || movements.empty()) return nullptr;
  auto fused = std::make_unique<FusedSteps>();
  fused->per_seat.resize(p.seats.size());
  for (size_t seat = 0; seat < p.seats.size(); ++seat) {
    for (const Movement* mv : movements) {
      const auto* step = dynamic_cast<const StepMovement*>(mv);
      if (!step || !step->condition.empty() || step->partial_args) return nullptr;
      for (int d : step->dirs[seat]) {
        auto entry = fused_entry(p, *step, d);
        if (!entry || fused->per_seat[seat].size() == FusedSteps::kMaxEntries) return nullptr;
        fused->per_seat[seat].push_back(*entry);
      }
    }
  }
  return ctx.program.own(std::move(fused));
}

extern constinit const MovementSpec step_movement{"step", check_step, "step dirs=D [land=L] [if C]",
                                                  "one cell along one of the directions"};

}  // namespace tabula
