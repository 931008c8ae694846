#pragma once
// Text pictures of a board, drawn from the cells' coordinates alone, so every board shape
// (rectangles, maps with holes, hex boards) is drawn by the same code.
#include <functional>
#include <string>

#include "board/board_graph.hpp"

namespace tabula {

// One line per distinct y (north at the top), each cell's label at the column of its x:
//   8 - B B B B B B -
//   ...
//   1 - B B B B B B -
//     a b c d e f g h
// Missing cells are blanks; every label is padded to the widest one. Rows carry the rank
// number (or the hex row letter) their cells share; a footer names the files when each
// column shares a file letter. Hex rows are staggered by half a cell.
std::string draw_board(const BoardGraph& b, const std::function<std::string(int cell)>& label);

// A summary for `tabula show --board`: cells, directions, groups, zones with their sizes,
// attributes, orientations and barriers.
std::string describe_board(const BoardGraph& b);

}  // namespace tabula
