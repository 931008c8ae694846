#pragma once
// Zobrist keys: a random key per (cell, piece code), per (cell, level, code) for columns,
// per seat to move and per turn step; construct-owned values are mixed in by hash_var.
#include <cstdint>
#include <vector>

namespace tabula {

struct HashKeys {
  std::vector<uint64_t> cell;    // cell * 256 + code
  std::vector<uint64_t> column;  // (cell * kMaxStack + level) * 64 + code
  std::vector<uint64_t> seat;    // per seat
  std::vector<uint64_t> step;    // per (segment, step) of the turn machine
};

// The hash contribution of value `v` in construct slot `i` (zero for zero).
inline uint64_t hash_var(int i, int32_t v) {
  if (v == 0) return 0;
  uint64_t x = (uint64_t(uint32_t(i)) << 32 | uint32_t(v)) + 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

}  // namespace tabula
