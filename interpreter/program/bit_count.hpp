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

// Per byte value, the positions of its set bits in order.
inline constexpr auto kBitsOfByte = [] {
  std::array<std::array<uint8_t, 8>, 256> t{};
  for (int b = 0; b < 256; ++b)
    for (int j = 0, n = 0; j < 8; ++j)
      if (b >> j & 1) t[b][n++] = static_cast<uint8_t>(j);
  return t;
}();

// The set bits of a word.
inline int bit_count(uint64_t x) { return static_cast<int>((byte_bit_counts(x) * 0x0101010101010101ull) >> 56); }

// The position of the k-th set bit of a word (k counted from 0, below its number of set
// bits), with no branch on the word: the byte that holds it is the number of bytes whose
// running count of set bits stays at most k, found for all eight bytes at once; then a table.
inline int nth_bit(uint64_t bits, uint32_t k) {
  constexpr uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
  const uint64_t through = byte_bit_counts(bits) * ones;           // byte i: the set bits of bytes 0..i (at most 64)
  const uint64_t passed = ((k * ones | highs) - through) & highs;  // high bit: that count <= k
  const int byte = static_cast<int>(((passed >> 7) * ones) >> 56);
  const uint32_t before = byte ? static_cast<uint32_t>(through >> (8 * byte - 8)) & 0xFF : 0;
  return 8 * byte + kBitsOfByte[(bits >> (8 * byte)) & 0xFF][k - before];
}

// The same for a 32-bit word (a byte's straight from the table).
inline int nth_bit(uint32_t bits, uint32_t k) {
  return bits < 256 ? kBitsOfByte[bits][k] : nth_bit(static_cast<uint64_t>(bits), k);
}

}  // namespace tabula
