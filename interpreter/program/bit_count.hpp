#pragma once
// Counting set bits with plain instructions: the release build targets the base x86-64
// set, where __builtin_popcountll is a call into the compiler's runtime library (the popcnt
// instruction needs -mpopcnt or -march=native).
#include <array>
#include <cstdint>

namespace tabula {

// The set bits of each byte of x, in that byte (a word's count is their sum).
inline uint64_t byte_bit_counts(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  return (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
}

// The position of the k-th set bit of `bits` (k counted from 0, below the number of set
// bits): a table for a byte, so a random k costs no mispredicted loop exit.
inline int nth_bit(uint32_t bits, uint32_t k) {
  static constexpr auto table = [] {
    std::array<std::array<uint8_t, 8>, 256> t{};
    for (int b = 0; b < 256; ++b)
      for (int j = 0, n = 0; j < 8; ++j)
        if (b >> j & 1) t[b][n++] = static_cast<uint8_t>(j);
    return t;
  }();
  if (bits < 256) return table[bits][k];
  for (; k; --k) bits &= bits - 1;
  return __builtin_ctz(bits);
}

// The set bits of a word.
inline int bit_count(uint64_t x) { return static_cast<int>((byte_bit_counts(x) * 0x0101010101010101ull) >> 56); }

// The position of the k-th set bit of a word (k below its number of set bits).
inline int nth_bit(uint64_t bits, uint32_t k) {
  const uint32_t low = static_cast<uint32_t>(bits);
  const uint32_t in_low = static_cast<uint32_t>(bit_count(low));
  return k < in_low ? nth_bit(low, k) : 32 + nth_bit(static_cast<uint32_t>(bits >> 32), k - in_low);
}

}  // namespace tabula
