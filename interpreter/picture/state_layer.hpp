#pragma once
// The part of a picture that changes with the position: the pieces and columns, a target
// region and its mark, the last move (cells tinted, an arrow through its landings) and the
// legal moves of one piece (its cell ringed, a dot on every cell it may reach).
#include <string>
#include <vector>

#include "board/board_graph.hpp"
#include "picture/board_layout.hpp"
#include "picture/picture_views.hpp"
#include "picture/piece_drawing.hpp"

namespace tabula {

std::string state_layer_svg(const BoardGraph& b, const BoardLayout& layout, const std::vector<SideStyle>& styles,
                            const std::vector<CellView>& cells, const PictureOptions& options);

}  // namespace tabula
