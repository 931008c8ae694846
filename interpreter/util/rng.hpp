#pragma once
// A small, fast, seedable generator (SplitMix64): playouts need millions of draws, and
// results must be reproducible from a seed.
#include <cstdint>

namespace tabula {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  // Uniform in [0, n): the high half of a 128-bit product (a GCC and Clang type, which
  // __extension__ lets -Wpedantic accept).
  __extension__ typedef unsigned __int128 Wide;
  uint32_t below(uint32_t n) { return static_cast<uint32_t>((static_cast<Wide>(next()) * n) >> 64); }

 private:
  uint64_t state_;
};

}  // namespace tabula
