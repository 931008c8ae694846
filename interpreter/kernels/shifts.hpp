#pragma once
// Set-wise moves of whole cell masks along a direction (boards of at most 64 cells), with
// the direction's index offsets (BoardData::shifts): what the fused steps and the
// set-wise flank test compute in a few shifts instead of a walk per cell.
#include <array>
#include <cstdint>

#include "program/board_data.hpp"

namespace tabula {

// The cells whose cell one group of shifts away (BoardData::Shift: a neighbour along a
// direction, or with BoardData::hop_shifts the cell two along it) is in `cells`.
inline uint64_t cells_before(const BoardData::Shift& g, uint64_t cells) {
  return g.from & ((cells >> g.right) << g.left);
}

// The cells whose neighbour along `d` is in `cells`.
inline uint64_t cells_before(const BoardData& p, int d, uint64_t cells) {
  if (!p.shift_pairs.empty()) {
    const BoardData::Shift* g = p.shift_pairs[d].data();
    const uint64_t first = cells_before(g[0], cells);
    if (p.shift_groups == 1) return first;
    return first | cells_before(g[1], cells);
  }
  uint64_t out = 0;
  const BoardData::Shift* g = p.shifts.data() + p.shifts_begin[d];
  const BoardData::Shift* end = p.shifts.data() + p.shifts_begin[d + 1];
  for (; g != end; ++g) out |= cells_before(*g, cells);
  return out;
}

// The same along a direction given by its two groups (BoardData::shift_pairs, copied
// where a kernel keeps its directions): no branch and no table to look up first.
inline uint64_t cells_before(const std::array<BoardData::Shift, 2>& g, uint64_t cells) {
  return cells_before(g[0], cells) | cells_before(g[1], cells);
}

// The other way: the neighbours along the direction of those of `cells` that have one.
inline uint64_t cells_after(const std::array<BoardData::Shift, 2>& g, uint64_t cells) {
  return (((cells & g[0].from) >> g[0].left) << g[0].right) | (((cells & g[1].from) >> g[1].left) << g[1].right);
}

// The cells from which a run of one or more `run` cells along `d` ends next to a `stop`
// cell: the cells a piece would flank from, when `run` are the enemy's and `stop` its own.
inline uint64_t cells_before_run(const BoardData& p, int d, uint64_t run, uint64_t stop) {
  uint64_t reached = cells_before(p, d, stop) & run;  // run cells next to a stop cell
  for (uint64_t grown = reached;; reached = grown) {
    grown = reached | (cells_before(p, d, reached) & run);
    if (grown == reached) break;
  }
  return cells_before(p, d, reached);
}

}  // namespace tabula
