#pragma once
// Rows of one side's pieces along straight lines of any board graph: the longest, and how
// many have an exact length (n-in-a-row goals). A row is a maximal run of consecutive cells
// along one direction that all hold the side's pieces; a direction and its opposite are one
// axis, so every row is counted once. (A closed ring of pieces all round a board that wraps
// has no first cell, and is not counted.)
#include <cstdint>
#include <vector>

#include "program/program.hpp"

namespace tabula {

// The axes rows are read along, built once from a set of directions.
struct RowAxes {
  std::vector<int> dirs;        // one direction per axis: rows are walked along it
  std::vector<int16_t> behind;  // [axis * cells + c]: the cell whose step along the axis reaches c, or -1
};

// The axes of `dirs` (a direction and its opposite give one axis; a direction without an
// opposite is an axis of its own, walked one way).
RowAxes row_axes(const Program& p, const std::vector<int>& dirs);

// The most pieces of `side` in one row (0 when it has none).
int longest_row(const Program& p, const RowAxes& axes, const uint8_t* board, int side);

// How many rows of `side` hold exactly `length` pieces.
int rows_of_length(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length);

}  // namespace tabula
