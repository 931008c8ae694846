#pragma once
// Board generators: square grids (rectangles, corner-colour boards, ASCII maps) and hex-hex
// boards are built from a few numbers, so no board file lists 217 cells by hand.
//
// Square grids name cells by file letter (a = west, x grows east) + rank number
// (1 = south, y grows north); x = file index, y = rank index.
//
// A rhombus of hexagons (files x ranks) is named like a square grid; see add_hex_rhombus.
//
// Hex boards (pointy rows horizontal) with N points per side have 2N-1 rows named by letters
// from `a` (south) upwards; row lengths go N, N+1, ..., 2N-1, ..., N and cells are numbered
// from 1 at the west end of their row: side 9 has a1..a9, i1..i17 (the middle row), q1..q9.
// y = row index * sqrt(3)/2; x is centred, so rows shorter than the middle row are shifted by
// half a unit per step away from the middle.
#include <string>
#include <vector>

#include "board/board_graph.hpp"

namespace tabula {

// Boards larger than this are refused: state vectors and drawings stay small.
constexpr int kMaxCells = 4096;
// File letters run a..z, hex rows a..z.
constexpr int kMaxFiles = 26;
constexpr int kMaxHexSide = 13;
// Directions of an explicit board: the program keeps a ray per cell and direction, so cells
// x directions must stay bounded (and so must the cells of all rays together: kMaxRayCells,
// program/board_data.hpp).
constexpr int kMaxDirections = 32;

// Which squares of a files x ranks grid exist.
struct GridShape {
  int files = 0;
  int ranks = 0;
  std::vector<bool> present;  // [rank * files + file]

  bool has(int file, int rank) const {
    return file >= 0 && rank >= 0 && file < files && rank < ranks && present[rank * files + file];
  }
};

// The full rectangle, or with `corners_only` the squares of a1's colour ((file+rank) even).
GridShape rectangle_shape(int files, int ranks, bool corners_only);

// "a1" for file 0, rank 0.
std::string grid_cell_name(int file, int rank);
// "a1" for the first point of the southmost row.
std::string hex_cell_name(int row, int position);

// Adds the grid's cells, the 8 compass directions (n ne e se s sw w nw, with opposites and
// links between existing cells), groups `orthogonal` and `diagonal`, the `colour` attribute
// (dark = a1's colour), zones `rankN` and `file-x` (non-empty ones), and with `with_edge`
// the zone `edge` (existing cells on the outer rectangle). Orientations are separate
// (compass_orientations) so a board file can replace them.
void add_grid(BoardGraph& b, const GridShape& shape, bool with_edge);

// Adds a hex-hex board: cells, directions e w ne nw se sw with opposites, links, zone `edge`.
void add_hex(BoardGraph& b, int side);
// Adds a rhombus (parallelogram) of hexagons, files x ranks: cells named like a square grid
// (a1 = the south-west corner; file letters east, rank numbers north), each rank half a cell
// east of the one below: ne is the same file one rank up, nw the file before it (b1's
// neighbours are a1, c1, b2 (ne) and a2 (nw)). Directions e w ne nw se sw as on the hex-hex
// board; zones `rankN`, `file-x` and `edge`.
void add_hex_rhombus(BoardGraph& b, int files, int ranks);

// north/south/east/west for a board with the compass directions (relative names forward,
// backward, left, right, forward-left, forward-right, backward-left, backward-right).
std::vector<Orientation> compass_orientations(const BoardGraph& b);
// north/south (and east/west) for a hex board; north has no forward/backward on pointy rows.
std::vector<Orientation> hex_orientations(const BoardGraph& b);

// Complete boards with their orientations, for code and tests that need no board file.
BoardGraph make_rectangle(int files, int ranks, bool corners_only = false);
BoardGraph make_hex(int side);
BoardGraph make_hex_rhombus(int files, int ranks);

}  // namespace tabula
