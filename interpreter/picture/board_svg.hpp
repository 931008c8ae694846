#pragma once
// Pictures of boards as SVG: any BoardGraph with the pieces on it and marks over it (see
// picture_views.hpp). The drawing knows nothing of rules; callers fill the views.
#include <memory>
#include <string>
#include <vector>

#include "board/board_graph.hpp"
#include "picture/picture_views.hpp"

namespace tabula {

// A picture in parts, for documents that show many positions over one drawing of the
// board (a replay page): the board part stays, the state part changes.
struct SvgParts {
  double width = 0, height = 0;
  std::string title;                     // escaped
  std::string defs;                      // <pattern>s and <marker>s, without the <defs> element
  std::string board;                     // cells, zones, barriers, coordinates, names, legend, caption
  std::string state;                     // region, pieces, last move, targets
  std::vector<std::string> state_slots;  // the same slot by slot (state_layer.hpp), without the group around them
};

// `cells` has one view per board cell (missing ones are empty).
SvgParts board_svg_parts(const BoardGraph& b, const std::vector<CellView>& cells, const PictureOptions& options);

// The state part's slots (SvgParts::state_slots) of many positions on one board, one after
// another: the board laid out once, not once a position, and a cell's piece drawn again only
// when it changed: what a replay page of a long game draws for each of its positions.
// `options` as for the first position (its size and coordinates).
class StateSlotsDrawer {
 public:
  StateSlotsDrawer(const BoardGraph& b, const PictureOptions& options);
  ~StateSlotsDrawer();
  std::vector<std::string> slots(const std::vector<CellView>& cells, const PictureOptions& options);

 private:
  struct Layout;
  const BoardGraph& board_;
  std::unique_ptr<Layout> layout_;
};

// The opening <svg> tag, the title and the <defs>. `standalone`: an SVG file (an XML
// declaration and the namespace); otherwise an <svg> element inside an HTML page.
std::string svg_open(const SvgParts& parts, bool standalone);

// The whole picture as an SVG file.
std::string board_svg(const BoardGraph& b, const std::vector<CellView>& cells, const PictureOptions& options);

}  // namespace tabula
