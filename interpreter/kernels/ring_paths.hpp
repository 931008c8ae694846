#pragma once
// Runs along a named cyclic path of cells (`ring NAME: cells...`, the `run` movement): from
// a cell of the ring, both ways round, through and into empty cells, up to one step short
// of a full circle. Each reachable cell is reported with its number of steps and whether
// the run stopped at or before the first cell of a marked set on its way (the start cell
// not counted): the discount of a `run ... discount=REGION` move.
#include <cstdint>
#include <string>
#include <vector>

namespace tabula {

// A named cyclic path of cells (`ring NAME: cells...`), walked by `run` movements.
struct CellRing {
  std::string name;
  std::vector<int16_t> cells;  // in ring order
  std::vector<int16_t> index;  // per board cell: its place in `cells`, or -1
};

// f(to, steps, discounted); `marked` (per cell, may be null) is the discount set.
template <class F>
void ring_runs(const CellRing& ring, const uint8_t* board, int from, const uint8_t* marked, F&& f) {
  const int n = static_cast<int>(ring.cells.size());
  const int start = ring.index[from];
  if (start < 0 || n < 2) return;
  for (int way : {1, -1}) {
    bool passed_marked = false;  // a marked cell lies strictly before the current one
    for (int steps = 1; steps < n; ++steps) {
      int cell = ring.cells[((start + way * steps) % n + n) % n];
      if (board[cell]) break;
      f(cell, steps, marked != nullptr && !passed_marked);
      if (marked && marked[cell]) passed_marked = true;
    }
  }
}

}  // namespace tabula
