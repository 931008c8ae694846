#pragma once
// Where the parts of a board go on a picture. The cell shape comes from the board's geometry:
// squares when every link is one compass step between whole-number coordinates, hexagons
// when every link is a unit step at a multiple of 60 degrees on the hex lattice, and circles
// joined by their links for any other graph.
#include <string>
#include <utility>
#include <vector>

#include "board/board_graph.hpp"
#include "picture/svg_text.hpp"

namespace tabula {

enum class CellShape { square, hexagon, circle };

CellShape cell_shape(const BoardGraph& b);

// A square of a square grid that is not a cell: a gap inside the board (the light squares
// of a board of dark squares only, a hole in the middle), drawn so the board keeps its shape.
struct GridHole {
  Point centre;
  bool dark = false;          // the square's colour by the board's chequering
  bool missing_cell = false;  // a hole among cells of its colour (else a square of a colour no cell has)
};

struct EdgeLabel {
  Point at;  // the text's centre
  std::string text;
};

// A linked pair of cells on a circle board, a < b; one_way when the link goes a -> b or
// b -> a only.
struct DrawnLink {
  int a = 0, b = 0;
  bool one_way = false;
  bool forward = true;  // one_way: the link goes a -> b
};

// Everything in pixels, y growing downwards; (0, 0) is the top left of the board area.
struct BoardLayout {
  CellShape shape = CellShape::circle;
  double pitch = 48;              // pixels between neighbouring cells
  double width = 0, height = 0;   // the board area, edge coordinates included
  std::vector<Point> centres;     // per cell
  std::vector<bool> dark;         // per cell: the dark colour of a chequered board
  std::vector<GridHole> holes;    // square boards only
  std::vector<EdgeLabel> labels;  // coordinates along the edges
  std::vector<DrawnLink> links;   // circle boards only
  double font_size = 14;          // of the edge coordinates

  // The outline of a square or hexagonal cell at `centre`, or of a circle's bounding square.
  std::vector<Point> outline(Point centre) const;
  double node_radius() const;   // circle boards: the radius of a cell
  double piece_radius() const;  // a flat piece
  double wall_length() const;   // a barrier drawn across the link it removed
};

// `cell_size`: pixels between neighbouring cells; `coordinates`: room and labels for the
// rank and file (or row) names along the edges, when the cell names have such parts.
BoardLayout layout_board(const BoardGraph& b, double cell_size, bool coordinates);

}  // namespace tabula
