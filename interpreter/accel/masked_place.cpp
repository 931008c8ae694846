#include "accel/masked_place.hpp"

#include "engine/generate.hpp"
#include "engine/state.hpp"
#include "kernels/shifts.hpp"

namespace tabula {

bool MaskedPlace::applies_to(const Place& plain, const Program& p) {
  return plain.where.empty() && (p.bitboards || plain.down.empty());
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

void MaskedPlace::generate(const State& s, MoveList& out) const {
  if (board_) generate_by_masks(s, out);
  else gather_empty_cells(s, out);
  pass_if_none(s.program(), out);
}

void MaskedPlace::generate_by_masks(const State& s, MoveList& out) const {
  const Program& p = s.program();
  const uint8_t code = p.piece_code(owner_of(s), kind);
  const uint64_t occupied = s.occupied_mask();
  uint64_t cells = board_ & ~occupied;
  if (!down.empty()) {
    // Resting cells: empty, with a piece or the board's edge below, and nothing above.
    const int seat = s.current_seat();
    const uint64_t* above = above_.data() + static_cast<size_t>(seat) * p.cells;
    uint64_t supported = cells & (bottom_[seat] | cells_before(p, down[seat], occupied));
    cells = 0;
    for (; supported; supported &= supported - 1) {
      const int c = __builtin_ctzll(supported);
      if (!(above[c] & occupied)) cells |= uint64_t{1} << c;
    }
  }
  for (; cells; cells &= cells - 1) add_move(out, Move::place, index, -1, __builtin_ctzll(cells), code);
}

void MaskedPlace::gather_empty_cells(const State& s, MoveList& out) const {
  // Every empty cell, gathered without a branch per cell (a test per cell was mispredicted
  // about as often as cells are empty), then written in order.
  const Program& p = s.program();
  const uint8_t code = p.piece_code(owner_of(s), kind);
  thread_local std::vector<int16_t> empty;
  empty.resize(p.cells);
  const uint8_t* board = s.tops();
  int n = 0;
  for (int c = 0; c < p.cells; ++c) {
    empty[n] = static_cast<int16_t>(c);
    n += !board[c];
  }
  out.reserve(out.size() + n);
  for (int i = 0; i < n; ++i) add_move(out, Move::place, index, -1, empty[i], code);
}

}  // namespace tabula
