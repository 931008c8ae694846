#pragma once
// What the interpreter precomputes over a board graph, once per program: the ray from every
// cell in every direction, the straight lines (for pieces-on-a-line counts), adjacency, and
// for boards of at most 64 cells the same as bit masks (bit c stands for cell c).
#include <array>
#include <cstdint>
#include <vector>

#include "board/board_graph.hpp"
#include "program/cell_set.hpp"

namespace tabula {

struct BoardData {
  int cells = 0, dirs = 0;
  // Reference mode (docs/ARCHITECTURE.md, "Reference mode"): every accelerated path off,
  // so that the plain forms can be compared with the accelerated ones. Set before the
  // board data is computed: no masks, no sweeps, no shortcut is chosen under it.
  bool reference = false;
  // ray(c, d): the cells met going from c in direction d, nearest first (a ray ends at the
  // board's edge, at a barrier, or before it would meet a cell a second time).
  std::vector<int16_t> ray_cells;
  std::vector<int32_t> ray_begin;    // c * dirs + d -> offset in ray_cells
  std::vector<uint16_t> ray_length;  // c * dirs + d -> length
  // Straight lines: a maximal chain through a pair of opposite directions has one id.
  int line_count = 0;
  std::vector<int32_t> line_of;                // c * dirs + d -> line id, or -1 when d has no opposite
  std::vector<int32_t> lines_through_begin;    // per cell, offsets into lines_through
  std::vector<int32_t> lines_through;          // the line ids a cell lies on
  std::vector<std::vector<int16_t>> adjacent;  // all graph neighbours of a cell
  std::vector<int> opposite;                   // per direction: its opposite, or -1
  // The same lines as cell sequences, for sweeps along them (kernels/line_sweeps.hpp): axis
  // by axis (a direction d whose opposite comes after it), every line's cells in d's order.
  // `sweepable` when every direction has an opposite and every ray is exactly the rest of
  // its line (no one-way barrier, no cycle): only then does a sweep see what a ray sees.
  struct StraightLines {
    std::vector<int16_t> cells;  // every line of every axis, one after another
    std::vector<int32_t> begin;  // per line, its first index in cells; one more at the end
    // Per cell and axis (cell * axes + axis): its line * 64 + its place on that line, the
    // bit a word per line keeps it in (lines of at most 64 cells).
    std::vector<int32_t> place;
    // Per line: its first cell when its cells are numbered one after another (cells[k] is
    // first + k: the rows of a grid), so that a word of it is a shifted CellSet word; else -1.
    std::vector<int16_t> consecutive_from;
    int axes = 0;
    int longest = 0;  // the cells of the longest line
    int count() const { return static_cast<int>(begin.size()) - 1; }
  };
  StraightLines straight_lines;
  bool sweepable = false;
  // Sweeps run with a word per line and answer as a CellSet: on sweepable boards whose
  // lines have at most 64 cells and that have at most CellSet::kMaxCells cells (and at most
  // 16 axes, which 32 directions in opposite pairs give).
  bool sweeps_by_words() const {
    return !reference && sweepable && cells <= CellSet::kMaxCells && straight_lines.longest <= 64 &&
           straight_lines.axes <= 16;
  }

  // Boards of at most 64 cells (not in reference mode).
  bool bitboards = false;
  std::vector<uint64_t> adjacent_mask;  // per cell: its graph neighbours
  // Parallel to ray_cells: ray_mask[ray_begin[c * dirs + d] + k] holds ray(c, d)[0 .. k-1],
  // the cells passed over to land on ray(c, d)[k].
  std::vector<uint64_t> ray_mask;
  // Per cell and direction (c * dirs + d), what a move counted along its line reads, in one
  // load: the ray's offset and length and the line's id (-1: no line).
  struct LineRay {
    int32_t begin;
    uint16_t length;
    int16_t line;
  };
  std::vector<LineRay> line_rays;
  // A direction as index offsets: the cells whose neighbour along it is `right - left`
  // indexes away (one of the two is 0), grouped by that offset (one group on a square
  // board, two on a board of the dark squares only, whose rows alternate), the groups of
  // direction d at shifts[shifts_begin[d] .. shifts_begin[d + 1]). Set-wise kernels move
  // whole masks with them (kernels/shifts.hpp), two shifts and no branch a group.
  struct Shift {
    uint8_t right, left;
    uint64_t from;
  };
  std::vector<Shift> shifts;
  std::vector<int32_t> shifts_begin;  // per direction, and one more at the end
  // The same per direction as exactly two groups (the second empty when there is one),
  // when no direction has more (square boards and boards of dark squares): two fixed
  // shifts, without a loop whose length the kernels would load first.
  std::vector<std::array<Shift, 2>> shift_pairs;
  int shift_groups = 0;  // the most groups a direction has
  // Two cells along each direction as one group (the cells whose second cell along it is
  // `right - left` away), when every direction's is one: on a board of dark squares the
  // rows alternate, but every other row lines up, so a hop's landing is one shift where
  // its jumped cell takes two. Empty when some direction needs more.
  std::vector<Shift> hop_shifts;

  const int16_t* ray(int c, int d) const { return &ray_cells[ray_begin[c * dirs + d]]; }
  int ray_len(int c, int d) const { return ray_length[c * dirs + d]; }
};

// The most cells all rays of a board may hold together (2 bytes each): rays run to the
// board's edge, so a board whose directions chain every cell into long paths or cycles
// needs cells x directions x path length of them (a 4096-cell board with 32 directions
// cycling through all cells: half a billion). Grids need far fewer (64 x 64 cells with 8
// directions: 700 000). A board past it is refused by the checker, naming the limit.
constexpr int64_t kMaxRayCells = int64_t{1} << 24;

// The cells all rays of `b` hold together, counted until the count passes `stop_above`
// (then a number above it): cheap to ask before building them.
int64_t ray_cells_needed(const BoardGraph& b, int64_t stop_above);

// Fills `out` from the board graph; its rays must fit kMaxRayCells (ray_cells_needed).
void precompute_board_data(const BoardGraph& board, BoardData& out);

}  // namespace tabula
