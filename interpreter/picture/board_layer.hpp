#pragma once
// The part of a picture that stays the same while a game goes on: the cells (squares,
// hexagons, or circles joined by their links), gaps of a square grid, shaded zones,
// barriers as walls, coordinates along the edges, cell names, and the zones' legend.
#include <string>
#include <vector>

#include "board/board_graph.hpp"
#include "picture/board_layout.hpp"
#include "picture/picture_views.hpp"

namespace tabula {

// The cell's shape (rect, polygon or circle) with extra attributes, e.g. R"(fill="red")",
// and content (a <title>), if any.
std::string cell_outline_svg(const BoardLayout& layout, Point centre, const std::string& attributes,
                             const std::string& content = "");

// <pattern>s and <marker>s the board and state layers use.
std::string board_defs_svg(const PictureOptions& options);

std::string board_layer_svg(const BoardGraph& b, const BoardLayout& layout, const PictureOptions& options);

// The size of the zones' legend and the caption, drawn under the board (x: an estimate of
// the widest line, so the picture can be made wide enough).
Point legend_size(const BoardLayout& layout, const PictureOptions& options);

}  // namespace tabula
