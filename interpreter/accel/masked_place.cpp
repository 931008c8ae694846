#include "accel/masked_place.hpp"

#include "engine/generate.hpp"
#include "engine/state.hpp"
#include "kernels/shifts.hpp"
#include "program/bit_count.hpp"

namespace tabula {

bool MaskedPlace::applies_to(const Place& plain, const Program& p) {
  return plain.where.empty() && (p.bitboards || (plain.down.empty() && p.cells <= CellSet::kMaxCells));
}

MaskedPlace::MaskedPlace(const Place& plain, const Program& p) : Place(plain) {
  if (!p.bitboards) return;
  board_ = p.cells == 64 ? ~uint64_t{0} : (uint64_t{1} << p.cells) - 1;
  for (size_t seat = 0; seat < down.size(); ++seat) {
    const int d = down[seat], up = p.opposite[d];
    uint64_t bottom = 0;
    for (int c = 0; c < p.cells; ++c) {
      if (p.ray_len(c, d) == 0) bottom |= uint64_t{1} << c;
      uint64_t above = 0;
      for (int k = 0; k < p.ray_len(c, up); ++k) above |= uint64_t{1} << p.ray(c, up)[k];
      above_.push_back(above);
    }
    bottom_.push_back(bottom);
  }
}

CellSet MaskedPlace::cells(const State& s) const {
  const Program& p = s.program();
  if (!board_) return CellSet::first(p.cells).subtract(CellSet::of_nonzero_bytes(s.tops(), p.cells));
  const uint64_t occupied = s.occupied_mask();
  uint64_t empty = board_ & ~occupied;
  if (down.empty()) return CellSet::from_mask(empty);
  // Resting cells: empty, with a piece or the board's edge below, and nothing above.
  const int seat = s.current_seat();
  const uint64_t floor = bottom_[seat] | cells_before(p, down[seat], occupied);
  // When every piece stands on a piece or the edge (as pieces that fell do), no empty cell
  // has a piece above it: the lowest piece above it would stand on nothing. Only a position
  // set up otherwise needs each supported cell's column looked at.
  if (!(occupied & ~floor)) return CellSet::from_mask(empty & floor);
  const uint64_t* above = above_.data() + static_cast<size_t>(seat) * p.cells;
  uint64_t resting = 0;
  for (uint64_t supported = empty & floor; supported; supported &= supported - 1) {
    const int c = __builtin_ctzll(supported);
    if (!(above[c] & occupied)) resting |= uint64_t{1} << c;
  }
  return CellSet::from_mask(resting);
}

void MaskedPlace::generate(const State& s, MoveList& out) const {
  const uint8_t code = s.program().piece_code(owner_of(s), kind);
  cells(s).for_each([&](int c) { add_move(out, Move::place, index, -1, c, code); });
  pass_if_none(s.program(), out);
}

uint32_t MaskedPlace::count(const State& s, MoveList& out, MoveTally& tally) const {
  const CellSet found = cells(s);
  const int words = (s.program().cells + 63) / 64;
  uint32_t n = 0;
  for (int w = 0; w < words; ++w) n += bit_count(tally.masks[w] = found.word(w));
  if (n == 0) {
    tally.counted = nullptr;
    pass_if_none(s.program(), out);
    return static_cast<uint32_t>(out.size());
  }
  tally.counted = this;
  tally.listed = 0;
  tally.state = &s;
  return n;
}

void MaskedPlace::nth_counted_move(const MoveTally& t, uint32_t k, MoveList& out) const {
  int w = 0;
  for (uint32_t in_word; k >= (in_word = bit_count(t.masks[w])); ++w) k -= in_word;
  const State& s = *t.state;
  add_move(out, Move::place, index, -1, w * 64 + nth_bit(t.masks[w], k), s.program().piece_code(owner_of(s), kind));
}

}  // namespace tabula
