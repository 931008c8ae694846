#pragma once
// Where the cells of a board sit on a grid, read from their names: on a board whose cells
// are all named by a column letter and a row number (a1 .. z99: the square grids and the
// hexagon boards the generators make), cell "d4" is column 3, row 4. GTP's vertices and the
// spatial observation tensor read it; any other board is a graph with no grid.
#include <vector>

#include "board/board_graph.hpp"

namespace tabula {

struct GridPlace {
  int column = 0;  // 0 = 'a'
  int row = 0;     // as named: 1 = the first row
};

struct GridPlaces {
  bool on_grid = false;  // every cell is named by a letter and a row number, no two alike
  int columns = 0, rows = 0;
  std::vector<GridPlace> places;  // per cell, when on_grid
};

GridPlaces grid_places(const BoardGraph& board);

}  // namespace tabula
