#pragma once
// Rows of one side's pieces along straight lines of any board graph: the longest, and how
// many have an exact length (n-in-a-row goals). A row is a maximal run of consecutive cells
// along one direction that all hold the side's pieces; a direction and its opposite are one
// axis, so every row is counted once. (A closed ring of pieces all round a board that wraps
// has no first cell, and is not counted.)
#include <array>
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

// The most pieces in one row through `cell`, of the side of the piece on it (0 when empty).
int row_through(const Program& p, const RowAxes& axes, const uint8_t* board, int cell);

// The most pieces of `side` in one row (0 when it has none).
int longest_row(const Program& p, const RowAxes& axes, const uint8_t* board, int side);

// How many rows of `side` hold exactly `length` pieces.
int rows_of_length(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length);

// How near `side` stands to a row of `length`, for evaluations: over every window of `length`
// consecutive cells along an axis that holds none of the other sides' pieces, the sum of
// (k / length)^2 for its k pieces of `side` (an empty window adds nothing). A window one
// piece short adds most; a row blocked at both ends by enemies within reach adds nothing.
double row_chances(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length);

// The cells of `side`'s rows of exactly `length` pieces, or (length 0) of its longest rows.
std::vector<int> row_cells(const Program& p, const RowAxes& axes, const uint8_t* board, int side, int length);

// The same two answers on a board of at most 64 cells, from the side's pieces as a mask,
// moved along each axis by shifts (kernels/shifts.hpp) instead of walked cell by cell.
// They hold where rows_by_masks_apply: every axis's direction has an opposite whose links
// run back the same way (so the cell behind c is c's neighbour along the opposite), and no
// line along an axis closes into a ring.
bool rows_by_masks_apply(const Program& p, const RowAxes& axes);
int longest_row_by_masks(const Program& p, const RowAxes& axes, uint64_t mine);
int rows_of_length_by_masks(const Program& p, const RowAxes& axes, uint64_t mine, int length);
// The same with each axis's direction (`ahead`) and its opposite (`behind`) as two fixed
// shift groups (BoardData::shift_pairs, which boards of at most two groups a direction have).
struct RowShifts {
  std::vector<std::array<BoardData::Shift, 2>> ahead, behind;
};
RowShifts row_shifts(const Program& p, const RowAxes& axes);  // empty where shift_pairs is
int longest_row_by_shifts(const RowShifts& r, uint64_t mine);
// Whether the side has a row of at least `length` pieces (longest-row >= length), by a fixed
// number of shifts per axis and no branch on what they find: a goal's test ("four in a row")
// need not measure the longest row, whose length is a different number in every position.
bool has_row_by_masks(const Program& p, const RowAxes& axes, uint64_t mine, int length);
bool has_row_by_shifts(const RowShifts& r, uint64_t mine, int length);
int rows_of_length_by_shifts(const RowShifts& r, uint64_t mine, int length);

// The same two answers on a board that sweeps by words (BoardData::sweeps_by_words), from
// the word per straight line and side a State keeps (kernels/line_sweeps.hpp): a row is a run
// of set bits in one line's word. `lines` are the lines of the rows' axes.
std::vector<int32_t> lines_of_axes(const Program& p, const RowAxes& axes);
int longest_row_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side);
int rows_of_length_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side,
                            int length);
bool has_row_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side, int length);
// Whether the side has a row of exactly `length` pieces (rows(P, length) >= 1), the same way.
bool has_row_of_length_by_words(const Program& p, const std::vector<int32_t>& lines, const uint64_t* words, int side,
                                int length);

}  // namespace tabula
