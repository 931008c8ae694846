// A number per cell kept as bit planes (program/cell_counts.hpp) and the k-th set bit
// (program/bit_count.hpp): what random playouts use to find the k-th move without walking
// the pieces. Checked against plain counting on random masks, every k.
#include <array>
#include <catch2/catch.hpp>

#include "program/bit_count.hpp"
#include "program/cell_counts.hpp"
#include "util/rng.hpp"

using namespace tabula;

namespace {

struct Counted {
  CellCounts counts;
  std::array<uint32_t, 64> plain{};  // the same numbers, counted one by one
};

// `masks` random masks (a cell in each with chance 1/2^sparse, so some groups of 8 cells
// are empty) added to both.
Counted add_random(Rng& rng, int planes, int masks, int sparse) {
  Counted c;
  c.counts.clear(planes);
  for (int i = 0; i < masks; ++i) {
    uint64_t m = rng.next();
    for (int j = 0; j < sparse; ++j) m &= rng.next();
    c.counts.add(m);
    for (int cell = 0; cell < 64; ++cell) c.plain[cell] += m >> cell & 1;
  }
  return c;
}

// The forms with the plane count fixed when compiled (what the fused steps' kernels use)
// give what the runtime forms give (checked against plain counting below), on the same
// random masks: the numbers, the sums per group of 8 cells and every unit's cell and rank.
template <int Planes>
void check_fixed_planes(Rng& rng) {
  for (int round = 0; round < 20; ++round) {
    CellCounts fixed, runtime;
    fixed.clear(Planes);
    runtime.clear(Planes);
    for (int i = 0; i < (1 << Planes) - 1; ++i) {
      const uint64_t m = rng.next() & rng.next();
      fixed.add<Planes>(m);
      runtime.add(m);
    }
    for (int cell = 0; cell < 64; ++cell) REQUIRE(fixed.at(cell) == runtime.at(cell));
    const uint64_t bytes = runtime.per_byte();
    REQUIRE(fixed.per_byte<Planes>() == bytes);
    for (uint32_t k = 0; k < CellCounts::total(bytes); ++k) {
      uint32_t fixed_rank = k, runtime_rank = k;
      REQUIRE(fixed.select<Planes>(bytes, fixed_rank) == runtime.select(bytes, runtime_rank));
      REQUIRE(fixed_rank == runtime_rank);
    }
  }
}

}  // namespace

TEST_CASE("Cell counts with the plane count fixed when compiled agree with the runtime count", "[generation][sample]") {
  Rng rng(12);
  check_fixed_planes<1>(rng);
  check_fixed_planes<2>(rng);
  check_fixed_planes<3>(rng);
  check_fixed_planes<4>(rng);
}

TEST_CASE("Cell counts: numbers, sums and the cell of the k-th unit agree with counting one by one",
          "[generation][sample]") {
  Rng rng(11);
  struct Shape {
    int planes, masks, sparse;
  };
  // Sparse masks (sums below 256, the branch-free search) and dense ones (sums past 255).
  for (const Shape shape :
       {Shape{1, 1, 2}, Shape{2, 3, 2}, Shape{3, 6, 1}, Shape{4, 15, 3}, Shape{4, 15, 0}, Shape{3, 7, 0}}) {
    for (int round = 0; round < 20; ++round) {
      Counted c = add_random(rng, shape.planes, shape.masks, shape.sparse);
      uint32_t sum = 0;
      for (int cell = 0; cell < 64; ++cell) {
        REQUIRE(static_cast<uint32_t>(c.counts.at(cell)) == c.plain[cell]);
        sum += c.plain[cell];
      }
      const uint64_t bytes = c.counts.per_byte();
      for (int g = 0; g < 8; ++g) {
        uint32_t in_group = 0;
        for (int cell = 8 * g; cell < 8 * g + 8; ++cell) in_group += c.plain[cell];
        REQUIRE((bytes >> (8 * g) & 0xFF) == in_group);
      }
      REQUIRE(CellCounts::total(bytes) == sum);
      // Every unit: its cell and its rank there, as a walk over the cells gives them.
      uint32_t k = 0;
      for (int cell = 0; cell < 64; ++cell)
        for (uint32_t rank = 0; rank < c.plain[cell]; ++rank, ++k) {
          uint32_t asked = k;
          REQUIRE(c.counts.select(bytes, asked) == cell);
          REQUIRE(asked == rank);
        }
    }
  }
}

TEST_CASE("The k-th set bit, from the table and past it", "[generation][sample]") {
  for (uint32_t bits = 1; bits < 1024; ++bits) {
    uint32_t k = 0;
    for (int j = 0; j < 10; ++j)
      if (bits >> j & 1) REQUIRE(nth_bit(bits, k++) == j);
  }
}

TEST_CASE("A word's set bits counted, and its k-th found, in both halves", "[generation][sample]") {
  Rng rng(3);
  for (int trial = 0; trial < 2000; ++trial) {
    const uint64_t bits = rng.next() & rng.next();
    REQUIRE(bit_count(bits) == __builtin_popcountll(bits));
    uint32_t k = 0;
    for (int j = 0; j < 64; ++j)
      if (bits >> j & 1) REQUIRE(nth_bit(bits, k++) == j);
  }
}
