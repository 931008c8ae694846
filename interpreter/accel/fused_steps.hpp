#pragma once
// Every kind's `step`s fused into one generator of a whole side's moves, with their count
// for random playouts (see fused_steps.cpp).
#include <array>
#include <stdexcept>
#include <vector>

#include "constructs/movement/step.hpp"
#include "engine/state_editor.hpp"
#include "kernels/shifts.hpp"
#include "program/bit_count.hpp"
#include "program/move_tally.hpp"

namespace tabula {

// A side's steps without an `if`, fused into one generator (see fuse_steps): per entry (a
// direction of a movement of a kind), the pieces that can step are a few shifts of the
// cells they may land on (kernels/shifts.hpp); the moves are then written per piece in ascending
// cell order, and per piece in its kind's movement and direction order: the order of the
// per-piece loop it replaces.
class FusedSteps final : public Movement, public MoveCounter {
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
  bool counts() const { return planes <= CellCounts::kMaxPlanes; }
  uint32_t count_pieces(const GenContext& g, uint64_t pieces, MoveTally& t) const override {
    return (this->*count_kernel)(g, pieces, t);
  }
  void nth_counted_move(const MoveTally& t, uint32_t k, MoveList& out) const override {
    (this->*nth_kernel)(t, k, out);
  }

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
    if (planes > CellCounts::kMaxPlanes) return;  // counts() is false: never counted
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
  Flow apply(StateEditor&, const Move&) const override { throw std::logic_error("fused steps apply no move"); }
  std::string text(const State&, const Move&) const override { throw std::logic_error("fused steps write no move"); }
};

// The movements of every kind (`per_kind`, in rule order) as one generator of a whole side's
// moves, in the same order, when they are all `step`s without an `if` or costs on a board of
// bitboards; nullptr otherwise. The program owns what it returns.
const FusedSteps* fuse_steps(Program& p, const std::vector<std::vector<const Movement*>>& per_kind);

}  // namespace tabula
