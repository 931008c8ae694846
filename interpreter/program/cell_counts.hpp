#pragma once
// A number per cell of a board of at most 64 cells (up to 15 each), kept set-wise: plane p
// holds bit p of every cell's number. Adding a mask adds one to each of its cells, a few
// word operations whatever the number of cells; a random playout counts its moves this way
// (a cell's moves along each direction) and finds the k-th move's cell without walking the
// pieces one by one.
#include <array>
#include <cstdint>

#include "program/bit_count.hpp"

namespace tabula {

class CellCounts {
 public:
  static constexpr int kMaxPlanes = 4;  // numbers up to 15

  // `planes` bits per cell: enough for the most masks one cell can be in.
  void clear(int planes) {
    planes_ = planes;
    for (uint64_t& p : plane_) p = 0;
  }
  // One more for every cell of `mask` (a carry ripples up the planes). Here, in per_byte and
  // in select, `Planes` (when not 0) is the plane count, fixed when compiled: a kernel
  // instantiated per count keeps a local CellCounts' planes in registers, without loops.
  template <int Planes = 0>
  void add(uint64_t mask) {
    for (int p = 0; p < (Planes ? Planes : planes_); ++p) {
      const uint64_t carry = plane_[p] & mask;
      plane_[p] ^= mask;
      mask = carry;
    }
  }
  int at(int cell) const {
    int n = 0;
    for (int p = 0; p < planes_; ++p) n |= static_cast<int>(plane_[p] >> cell & 1) << p;
    return n;
  }
  // The sum over each group of 8 cells (cells 8j..8j+7 in byte j; at most 8 x 15).
  template <int Planes = 0>
  uint64_t per_byte() const {
    uint64_t sum = 0;
    for (int p = 0; p < (Planes ? Planes : planes_); ++p) sum += byte_bit_counts(plane_[p]) << p;
    return sum;
  }
  // The sum over every cell, from per_byte().
  static uint32_t total(uint64_t bytes) {
    const uint64_t pairs = (bytes & kEvenBytes) + (bytes >> 8 & kEvenBytes);  // four 16-bit sums
    return static_cast<uint32_t>((pairs * 0x0001000100010001ull) >> 48);
  }
  // The cell where the k-th unit lies (units numbered cell by cell in ascending order,
  // `bytes` = per_byte(), k < total); k becomes its rank within that cell. No branch on k
  // (a random k would mispredict it) unless the total passes 255.
  template <int Planes = 0>
  int select(uint64_t bytes, uint32_t& k) const {
    int group = 0;
    if (total(bytes) <= 255) {
      group = byte_holding(bytes, k);
    } else {
      for (uint32_t in_group; k >= (in_group = bytes >> (8 * group) & 0xFF); ++group) k -= in_group;
    }
    uint64_t cells = 0;  // the group's numbers, a byte per cell
    for (int p = 0; p < (Planes ? Planes : planes_); ++p) cells += kSpread[plane_[p] >> (8 * group) & 0xFF] << p;
    return 8 * group + byte_holding(cells, k);
  }

 private:
  static constexpr uint64_t kEvenBytes = 0x00FF00FF00FF00FFull;
  // Bit j of a byte as byte j of a word.
  static constexpr auto kSpread = [] {
    std::array<uint64_t, 256> t{};
    for (int b = 0; b < 256; ++b)
      for (int j = 0; j < 8; ++j) t[b] |= static_cast<uint64_t>(b >> j & 1) << (8 * j);
    return t;
  }();
  // The byte of `bytes` where the k-th unit lies, units numbered byte by byte (their sum at
  // most 255, k below it); k becomes its rank within that byte. The running sums (byte j:
  // bytes 0..j) at most k are counted in 16-bit lanes: 256 + k - sum keeps bit 8 exactly
  // when sum <= k.
  static int byte_holding(uint64_t bytes, uint32_t& k) {
    const uint64_t running = bytes * 0x0101010101010101ull;
    const uint64_t high = 0x0100010001000100ull, key = (k * 0x0001000100010001ull) | high;
    const uint64_t at_most = ((key - (running & kEvenBytes)) & high) + ((key - (running >> 8 & kEvenBytes)) & high);
    const int j = static_cast<int>(((at_most >> 8) * 0x0001000100010001ull) >> 48);
    k -= static_cast<uint32_t>((running << 8) >> (8 * j) & 0xFF);
    return j;
  }

  uint64_t plane_[kMaxPlanes] = {};
  int planes_ = kMaxPlanes;
};

}  // namespace tabula
