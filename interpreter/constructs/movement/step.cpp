// `step dirs=D [land=L] [if C]`: one cell along a direction.
#include <algorithm>
#include <stdexcept>

#include "constructs/movement/basic_movement.hpp"
#include "kernels/shifts.hpp"
#include "program/bit_count.hpp"
#include "program/cell_counts.hpp"

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
// direction of a movement of a kind), the pieces that can step are a few shifts of the
// cells they may land on (kernels/shifts.hpp); the moves are then written per piece in ascending
// cell order, and per piece in its kind's movement and direction order: the order of the
// per-piece loop it replaces.
class FusedSteps final : public Movement {
 public:
  static constexpr size_t kMaxEntries = 32;
  struct Entry {
    int dir;
    uint8_t land;
    uint8_t kind;
    uint16_t maker;
    std::array<BoardData::Shift, 2> shift;  // `dir`'s shifts, when the board gives them as a pair
    int8_t to[64];                          // the neighbour of each cell along `dir`
  };
  std::vector<std::vector<Entry>> per_seat;      // per seat: kind by kind, movement by movement, direction by direction
  std::vector<std::vector<uint8_t>> kind_begin;  // per seat: where each kind's entries begin, and the end
  int kinds = 1;
  int planes = 1;         // bits for the most entries one kind has (CellCounts)
  bool paired = false;    // every direction's shifts are a pair (Entry::shift)
  int uniform_land = -1;  // the landing rule every entry has, or -1

  void generate_pieces(const GenContext& g, uint64_t pieces, MoveList& out) const override {
    const std::vector<Entry>& entries = per_seat[g.seat];
    const size_t n = entries.size();
    uint64_t of_kind[32];
    for (int k = 0; k < kinds; ++k) of_kind[k] = pieces_of_kind(g, pieces, k);
    const uint64_t shared = shared_landing(g);
    uint64_t can[kMaxEntries];
    uint64_t any = 0;
    for (size_t i = 0; i < n; ++i) {
      can[i] = movers(g, entries[i], of_kind[entries[i].kind], shared);
      any |= can[i];
    }
    const bool promotes = !g.p.promotion_table.empty();
    for (; any; any &= any - 1) {
      const int from = __builtin_ctzll(any);
      const uint8_t* promotions = promotes ? promotion_row(g.p, g.s.at(from)) : nullptr;
      // The piece's entries as bits, gathered without a branch: a test per entry would be
      // mispredicted about half the time.
      uint32_t which = 0;
      for (size_t i = 0; i < n; ++i) which |= static_cast<uint32_t>(can[i] >> from & 1) << i;
      for (; which; which &= which - 1) {
        const Entry& e = entries[__builtin_ctz(which)];
        const int to = e.to[from];
        emit_plain_move(out, from, to, e.maker, g.occupied >> to & 1, promotions ? promotions[to] : 0);
      }
    }
  }
  void generate(const GenContext& g, int from, MoveList& out) const override {
    generate_pieces(g, uint64_t{1} << from, out);
  }

  // Random playouts: every entry's mask is added to a number per cell (CellCounts: a kind
  // without pieces skipped), the k-th move's cell is found from those numbers in the order
  // generate_pieces writes the moves (cell by cell), then its move among its kind's entries.
  // The kernels are instantiated per plane count and shift form (choose_kernels), so the
  // numbers stay in registers and no test of either is made per entry.
  bool counts_pieces(const Program&) const override { return planes <= CellCounts::kMaxPlanes; }
  uint32_t count_pieces(const GenContext& g, uint64_t pieces, MoveTally& t) const override {
    return (this->*count_kernel)(g, pieces, t);
  }
  void nth_piece_move(const MoveTally& t, uint32_t k, MoveList& out) const override { (this->*nth_kernel)(t, k, out); }

  template <int Planes, bool Paired>
  uint32_t count_with(const GenContext& g, uint64_t pieces, MoveTally& t) const {
    static_assert(kMaxEntries <= MoveTally::kMasks);
    const Entry* entries = per_seat[g.seat].data();
    const uint8_t* begin = kind_begin[g.seat].data();
    const uint64_t shared = shared_landing(g);
    CellCounts counts;
    counts.clear(Planes);
    for (int k = 0; k < kinds; ++k) {
      const uint64_t of_kind = pieces_of_kind(g, pieces, k);
      if (!of_kind) {  // no mover: nothing to add
        for (int i = begin[k]; i < begin[k + 1]; ++i) t.masks[i] = 0;
        continue;
      }
      for (int i = begin[k]; i < begin[k + 1]; ++i)
        counts.add<Planes>(t.masks[i] = movers<Paired>(g, entries[i], of_kind, shared));
    }
    t.counts = counts;
    t.per_byte = counts.per_byte<Planes>();
    return CellCounts::total(t.per_byte);
  }
  template <int Planes>
  void nth_with(const MoveTally& t, uint32_t k, MoveList& out) const {
    const std::vector<Entry>& entries = per_seat[t.seat];
    const State& s = *t.state;
    const Program& p = s.program();
    const int from = t.counts.select<Planes>(t.per_byte, k);
    // The piece's entries with a move, as bits: only its kind's masks hold its cell, so the
    // kind need not be read off the board first.
    uint32_t which = 0;
    for (size_t i = 0; i < entries.size(); ++i) which |= static_cast<uint32_t>(t.masks[i] >> from & 1) << i;
    const Entry& e = entries[nth_bit(which, k)];
    const int to = e.to[from];
    const uint8_t* promotions = promotion_row(p, s.at(from));
    emit_plain_move(out, from, to, e.maker, t.occupied >> to & 1, promotions ? promotions[to] : 0);
  }
  using CountKernel = uint32_t (FusedSteps::*)(const GenContext&, uint64_t, MoveTally&) const;
  using NthKernel = void (FusedSteps::*)(const MoveTally&, uint32_t, MoveList&) const;
  CountKernel count_kernel = nullptr;
  NthKernel nth_kernel = nullptr;
  // The kernels for this many planes (at most CellCounts::kMaxPlanes) and shift form.
  void choose_kernels() {
    static constexpr CountKernel by_pairs[] = {&FusedSteps::count_with<1, true>, &FusedSteps::count_with<2, true>,
                                               &FusedSteps::count_with<3, true>, &FusedSteps::count_with<4, true>};
    static constexpr CountKernel by_table[] = {&FusedSteps::count_with<1, false>, &FusedSteps::count_with<2, false>,
                                               &FusedSteps::count_with<3, false>, &FusedSteps::count_with<4, false>};
    static constexpr NthKernel nth[] = {&FusedSteps::nth_with<1>, &FusedSteps::nth_with<2>, &FusedSteps::nth_with<3>,
                                        &FusedSteps::nth_with<4>};
    static_assert(CellCounts::kMaxPlanes == 4);
    if (planes > CellCounts::kMaxPlanes) return;  // counts_pieces is false: never counted
    count_kernel = (paired ? by_pairs : by_table)[planes - 1];
    nth_kernel = nth[planes - 1];
  }
  // The pieces of kind `k` among `pieces` (the mover's): its code as Program::piece_code
  // makes it (`kinds` is the program's kind count), without a table to load first.
  uint64_t pieces_of_kind(const GenContext& g, uint64_t pieces, int k) const {
    return kinds == 1 ? pieces : pieces & g.s.code_mask(static_cast<uint8_t>(1 + g.mover * kinds + k));
  }
  // Where every entry may land when they all land by the same rule (the usual case: the
  // mask is then made once), else 0.
  uint64_t shared_landing(const GenContext& g) const {
    return uniform_land >= 0 ? landing_mask(uniform_land, g.mine, g.occupied) : 0;
  }
  // Those of `of_kind` that can step along the entry's direction: a shift of where they may
  // land (`shared`, from shared_landing).
  // `Paired`: every direction's shifts are a pair (the board's form, passed when it is known
  // when compiled).
  template <bool Paired>
  uint64_t movers(const GenContext& g, const Entry& e, uint64_t of_kind, uint64_t shared) const {
    const uint64_t land = uniform_land >= 0 ? shared : landing_mask(e.land, g.mine, g.occupied);
    return of_kind & (Paired ? cells_before(e.shift, land) : cells_before(g.p, e.dir, land));
  }
  uint64_t movers(const GenContext& g, const Entry& e, uint64_t of_kind, uint64_t shared) const {
    return paired ? movers<true>(g, e, of_kind, shared) : movers<false>(g, e, of_kind, shared);
  }

  // Its moves are made by the fused steps (Move::maker), which apply and write them.
  Flow apply(State&, const Move&) const override { throw std::logic_error("fused steps apply no move"); }
  std::string text(const State&, const Move&) const override { throw std::logic_error("fused steps write no move"); }
};

// The entry of `step` along `d` for pieces of `kind`.
FusedSteps::Entry fused_entry(const Program& p, const StepMovement& step, int kind, int d) {
  FusedSteps::Entry e{d, step.land, static_cast<uint8_t>(kind), static_cast<uint16_t>(step.index), {}, {}};
  if (!p.shift_pairs.empty()) e.shift = p.shift_pairs[d];
  std::fill_n(e.to, 64, int8_t{-1});
  for (int c = 0; c < p.cells; ++c)
    if (p.ray_len(c, d)) e.to[c] = static_cast<int8_t>(p.ray(c, d)[0]);
  return e;
}

void check_step(CheckContext& ctx, const Statement& s, uint32_t kinds) {
  auto mv = std::make_unique<StepMovement>();
  if (check_movement(ctx, s, *mv, kinds, {.named = {"dirs", "land"}, .partial = true}))
    add_movement(ctx, std::move(mv));
}

}  // namespace

const Movement* fuse_steps(CheckContext& ctx, const std::vector<std::vector<const Movement*>>& per_kind) {
  const Program& p = ctx.program;
  if (!p.bitboards || per_kind.empty() || per_kind.size() > 32) return nullptr;
  auto fused = std::make_unique<FusedSteps>();
  fused->kinds = static_cast<int>(per_kind.size());
  fused->per_seat.resize(p.seats.size());
  fused->kind_begin.resize(p.seats.size());
  for (size_t seat = 0; seat < p.seats.size(); ++seat) {
    auto& entries = fused->per_seat[seat];
    for (size_t kind = 0; kind < per_kind.size(); ++kind) {
      fused->kind_begin[seat].push_back(static_cast<uint8_t>(entries.size()));
      for (const Movement* mv : per_kind[kind]) {
        const auto* step = dynamic_cast<const StepMovement*>(mv);
        if (!step || !step->condition.empty() || step->partial_args) return nullptr;
        for (int d : step->dirs[seat]) {
          if (entries.size() == FusedSteps::kMaxEntries) return nullptr;
          entries.push_back(fused_entry(p, *step, static_cast<int>(kind), d));
        }
      }
    }
    fused->kind_begin[seat].push_back(static_cast<uint8_t>(entries.size()));
    const std::vector<uint8_t>& begin = fused->kind_begin[seat];
    for (size_t kind = 0; kind + 1 < begin.size(); ++kind)
      while ((1 << fused->planes) <= begin[kind + 1] - begin[kind]) ++fused->planes;
  }
  // One landing rule for every entry of every seat, or none shared.
  const auto& all = fused->per_seat;
  const int first_land = all.empty() || all[0].empty() ? -1 : all[0][0].land;
  bool uniform = first_land >= 0;
  for (const auto& entries : all)
    for (const FusedSteps::Entry& e : entries) uniform = uniform && e.land == first_land;
  fused->uniform_land = uniform ? first_land : -1;
  fused->paired = !p.shift_pairs.empty();
  fused->choose_kernels();
  return ctx.program.own(std::move(fused));
}

extern constinit const MovementSpec step_movement{"step", check_step, "step dirs=D [land=L] [if C]",
                                                  "one cell along one of the directions"};

}  // namespace tabula
