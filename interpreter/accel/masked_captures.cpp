#include "accel/masked_captures.hpp"

#include <algorithm>

#include "kernels/shifts.hpp"

namespace tabula {

MaskedCaptures::MaskedCaptures(const Captures& plain, const Program& p) : Captures(plain) {
  index_hops(p);
  compile_set_wise(p, rules);
}

void MaskedCaptures::index_hops(const Program& p) {
  const int seats = p.seat_count();
  for (int k = 0; k < p.kind_count(); ++k)
    if (!p.kinds[k].capturable) fixed_kinds |= 1u << k;
  short_hops.assign(seats, {});
  long_hop_kinds.assign(seats, 0);
  for (int seat = 0; seat < seats; ++seat)
    for (const HopRule& hop : rules.hops) {
      if (hop.long_range) {
        long_hop_kinds[seat] |= hop.kinds;
        continue;
      }
      for (int d : hop.dirs[seat]) {
        auto& list = short_hops[seat];
        auto it = std::find_if(list.begin(), list.end(), [&](const HopDirection& h) { return h.dir == d; });
        if (it == list.end())
          list.push_back({d, hop.kinds, false, -1, p.shift_pairs.empty() ? decltype(it->shift){} : p.shift_pairs[d],
                          p.hop_shifts.empty() ? BoardData::Shift{} : p.hop_shifts[d]});
        else it->kinds |= hop.kinds;
      }
    }
  for (int seat = 0; seat < seats; ++seat)
    for (HopDirection& h : short_hops[seat]) {
      const uint32_t hopping = h.kinds & p.all_kinds();
      h.every_kind = hopping == p.all_kinds();
      if (hopping && !(hopping & (hopping - 1))) h.code = p.piece_code(p.seats[seat].side, __builtin_ctz(hopping));
    }
  if (!p.shift_pairs.empty()) shifts = p.hop_shifts.empty() ? Shifts::pairs : Shifts::pairs_and_hops;
  for (auto& list : short_hops)
    std::stable_sort(list.begin(), list.end(),
                     [](const HopDirection& a, const HopDirection& b) { return a.kinds < b.kinds; });
}

// The cells whose top the mover may take, on a board of bitboards: an enemy's, of a kind
// some capture takes.
uint64_t MaskedCaptures::foes(const State& s, int mover) const {
  const Program& p = s.program();
  uint64_t out = s.occupied_mask() & ~s.pieces_mask(mover);
  if (fixed_kinds)
    for (int side = 0; side < p.player_count(); ++side)
      if (side != mover) out &= ~s.kinds_mask(side, fixed_kinds);
  return out;
}

// The mover's pieces that have a first hop, on a board of bitboards: a piece next to a
// foe along one of its short hops' directions with an empty cell beyond, or any piece of
// a kind with a long-range hop. More pieces than the search finds captures for (it also
// asks whether the sequence may go on), never fewer.
uint64_t MaskedCaptures::first_hops(const State& s, int mover, int seat, uint64_t foes) const {
  const Program& p = s.program();
  const uint64_t empty = ~s.occupied_mask(), mine = s.pieces_mask(mover);
  uint64_t out = long_hop_kinds[seat] ? s.kinds_mask(mover, long_hop_kinds[seat]) : 0;
  const std::vector<HopDirection>& hops = short_hops[seat];
  auto hoppers = [&](const HopDirection& h) {
    return h.every_kind ? mine : h.code >= 0 ? s.code_mask(static_cast<uint8_t>(h.code)) : s.kinds_mask(mover, h.kinds);
  };
  // Next to a foe, with the cell beyond it empty: the landing in one shift where the board
  // gives it, else the cells before the empty ones, then before those foes.
  switch (shifts) {
    case Shifts::pairs_and_hops:
      for (const HopDirection& h : hops)
        out |= hoppers(h) & cells_before(h.shift, foes) & cells_before(h.landing, empty);
      break;
    case Shifts::pairs:
      for (const HopDirection& h : hops) out |= hoppers(h) & cells_before(h.shift, foes & cells_before(h.shift, empty));
      break;
    case Shifts::list:
      for (const HopDirection& h : hops)
        out |= hoppers(h) & cells_before(p, h.dir, foes & cells_before(p, h.dir, empty));
      break;
  }
  return out;
}

void MaskedCaptures::generate(const State& s, int seat, MoveList& out) const {
  const int mover = s.program().seats[seat].side;
  const uint64_t foes = this->foes(s, mover);
  if (const uint64_t first = first_hops(s, mover, seat, foes)) search_from(s, seat, first, foes, out);
}

void MaskedCaptures::search_from(const State& s, int seat, uint64_t candidates, uint64_t foes, MoveList& out) const {
  thread_local std::vector<int> starts;
  starts.clear();
  for (uint64_t b = candidates; b; b &= b - 1)
    if (may_start(s, seat, __builtin_ctzll(b))) starts.push_back(__builtin_ctzll(b));
  if (starts.empty()) return;
  BoardArrays board{s.tops(), s.heights(), s.columns()};
  board.foes = foes;
  board.empty = ~s.occupied_mask();  // cells off the board are never landed on
  search_captures(s.program(), rules, board, seat, starts, index, out);
}

}  // namespace tabula
