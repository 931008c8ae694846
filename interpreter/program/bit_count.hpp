#pragma once
// The number of set bits of a word, in a dozen plain instructions: the release build targets
// the base x86-64 set, where __builtin_popcountll is a call into the compiler's runtime
// library (the popcnt instruction needs -mpopcnt or -march=native).
#include <cstdint>

namespace tabula {

inline int bit_count(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555ull;
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

}  // namespace tabula
