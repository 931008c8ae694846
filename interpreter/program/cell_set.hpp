#pragma once
// A set of cells as a multi-word bitboard: bit c of word c / 64 stands for cell c. Boards of
// up to kMaxCells cells (hexagonal boards of 217 points, 15x15 and 19x19 grids); a kernel
// that answers with a CellSet on a larger board says so by declining, and its caller walks
// the cells one by one. On boards of at most 64 cells word 0 is the familiar uint64_t mask.
#include <array>
#include <cstdint>
#include <cstring>

namespace tabula {

class CellSet {
 public:
  static constexpr int kMaxCells = 512;
  static constexpr int kWords = kMaxCells / 64;

  CellSet() = default;
  static CellSet from_mask(uint64_t mask) {
    CellSet s;
    s.words_[0] = mask;
    return s;
  }
  // The cells c < n whose byte bytes[c] is not zero (n <= kMaxCells), eight at a time
  // without a branch per cell.
  static CellSet of_nonzero_bytes(const uint8_t* bytes, int n) {
    CellSet s;
    int c = 0;
    for (; c + 8 <= n; c += 8) {
      uint64_t eight;
      std::memcpy(&eight, bytes + c, 8);
      // The top bit of each byte set when the byte is not zero, moved to the byte's low bit;
      // then byte k's bit becomes bit k of the product's top byte.
      constexpr uint64_t low7 = 0x7f7f7f7f7f7f7f7f;
      const uint64_t nonzero = ((((eight & low7) + low7) | eight) & ~low7) >> 7;
      s.words_[c >> 6] |= ((nonzero * 0x0102040810204080) >> 56) << (c & 63);
    }
    for (; c < n; ++c) s.words_[c >> 6] |= uint64_t{bytes[c] != 0} << (c & 63);
    return s;
  }
  // Every cell 0 .. cells-1 (cells <= kMaxCells).
  static CellSet first(int cells) {
    CellSet s;
    for (int w = 0; w < kWords && cells > 0; ++w, cells -= 64)
      s.words_[w] = cells >= 64 ? ~uint64_t{0} : (uint64_t{1} << cells) - 1;
    return s;
  }

  void insert(int c) { words_[c >> 6] |= uint64_t{1} << (c & 63); }
  void erase(int c) { words_[c >> 6] &= ~(uint64_t{1} << (c & 63)); }
  bool contains(int c) const { return (words_[c >> 6] >> (c & 63)) & 1; }
  uint64_t word(int w) const { return words_[w]; }
  void insert_word(int w, uint64_t cells) { words_[w] |= cells; }  // cells w * 64 + bit

  bool empty() const {
    uint64_t any = 0;
    for (uint64_t w : words_) any |= w;
    return !any;
  }
  int size() const {
    int n = 0;
    for (uint64_t w : words_) n += __builtin_popcountll(w);
    return n;
  }

  CellSet& operator&=(const CellSet& o) {
    for (int w = 0; w < kWords; ++w) words_[w] &= o.words_[w];
    return *this;
  }
  CellSet& operator|=(const CellSet& o) {
    for (int w = 0; w < kWords; ++w) words_[w] |= o.words_[w];
    return *this;
  }
  // The cells of this set that are not in `o`.
  CellSet& subtract(const CellSet& o) {
    for (int w = 0; w < kWords; ++w) words_[w] &= ~o.words_[w];
    return *this;
  }
  friend CellSet operator&(CellSet a, const CellSet& b) { return a &= b; }
  friend CellSet operator|(CellSet a, const CellSet& b) { return a |= b; }
  bool operator==(const CellSet&) const = default;

  // Calls f(c) for every cell, in ascending order.
  template <class F>
  void for_each(F&& f) const {
    for (int w = 0; w < kWords; ++w)
      for (uint64_t bits = words_[w]; bits; bits &= bits - 1) f(w * 64 + __builtin_ctzll(bits));
  }

 private:
  std::array<uint64_t, kWords> words_{};
};

}  // namespace tabula
