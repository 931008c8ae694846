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

// The same, slot by slot in drawing order ("" where a slot draws nothing): 0 the last move's
// cells tinted, 1 the region, 2 its mark, 3 + c the piece or column on cell c, then the
// targets, then the last move's arrow. Two positions differ in the slots that changed, so a
// page of many positions keeps only those (a replay page).
inline int state_slot_count(const BoardGraph& b) { return b.cell_count() + 5; }
// A position drawn just before on the same layout, with the same styles and options for
// pieces (stacks, letters): the slot of a cell whose column is as it was there is copied,
// not drawn again (a long game's replay page draws a few cells a position, not the board).
struct DrawnBefore {
  const std::vector<CellView>& cells;
  const std::vector<std::string>& slots;
};
std::vector<std::string> state_layer_slots(const BoardGraph& b, const BoardLayout& layout,
                                           const std::vector<SideStyle>& styles, const std::vector<CellView>& cells,
                                           const PictureOptions& options, const DrawnBefore* before = nullptr);

}  // namespace tabula
