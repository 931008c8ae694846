#include "picture/board_svg.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

#include "picture/board_layer.hpp"
#include "picture/board_layout.hpp"
#include "picture/piece_drawing.hpp"
#include "picture/state_layer.hpp"

namespace tabula {

namespace {

BoardLayout layout_for(const BoardGraph& b, const PictureOptions& options) {
  const double cell_size = std::isfinite(options.cell_size) ? std::clamp(options.cell_size, 8.0, 400.0) : 48;
  return layout_board(b, cell_size, options.coordinates);
}

// The sides' styles: one per side named, or with a piece on the board.
std::vector<SideStyle> styles_for(const std::vector<CellView>& cells, const PictureOptions& options) {
  int sides = static_cast<int>(options.side_names.size());
  for (const auto& cell : cells)
    for (const auto& piece : cell.column) sides = std::max(sides, piece.side + 1);
  return side_styles(options.side_names, sides);
}

}  // namespace

struct StateSlotsDrawer::Layout {
  BoardLayout layout;
  // The position drawn last, and what its pieces were drawn with.
  std::vector<CellView> cells;
  std::vector<std::string> slots;
  size_t sides = 0;
  bool stacks = false, letters = false;
};

StateSlotsDrawer::StateSlotsDrawer(const BoardGraph& b, const PictureOptions& options)
    : board_(b), layout_(std::make_unique<Layout>()) {
  layout_->layout = layout_for(b, options);
}

StateSlotsDrawer::~StateSlotsDrawer() = default;

std::vector<std::string> StateSlotsDrawer::slots(const std::vector<CellView>& cells, const PictureOptions& options) {
  Layout& last = *layout_;
  const auto styles = styles_for(cells, options);
  const bool same = !last.slots.empty() && last.sides == styles.size() && last.stacks == options.stacks &&
                    last.letters == options.kind_letters;
  const DrawnBefore before{last.cells, last.slots};
  auto drawn = state_layer_slots(board_, last.layout, styles, cells, options, same ? &before : nullptr);
  last.cells = cells, last.slots = drawn, last.sides = styles.size();
  last.stacks = options.stacks, last.letters = options.kind_letters;
  return drawn;
}

SvgParts board_svg_parts(const BoardGraph& b, const std::vector<CellView>& cells, const PictureOptions& options) {
  BoardLayout layout = layout_for(b, options);
  auto styles = styles_for(cells, options);

  SvgParts parts;
  Point legend = legend_size(layout, options);
  parts.width = std::max(layout.width, legend.x);
  parts.height = layout.height + legend.y;
  parts.title = xml_escape(options.title.empty() ? b.name : options.title);
  parts.defs = board_defs_svg(options) + side_pattern_defs(styles);
  parts.board = board_layer_svg(b, layout, options);
  parts.state_slots = state_layer_slots(b, layout, styles, cells, options);
  parts.state = "<g class=\"state\">\n";
  for (const auto& slot : parts.state_slots) parts.state += slot;
  parts.state += "</g>\n";
  return parts;
}

std::string svg_open(const SvgParts& parts, bool standalone) {
  std::string out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : "";
  out +=
      fmt::format(R"(<svg{} width="{}" height="{}" viewBox="0 0 {} {}" font-family="DejaVu Sans, Arial, sans-serif">)",
                  standalone ? R"( xmlns="http://www.w3.org/2000/svg")" : "", num(parts.width), num(parts.height),
                  num(parts.width), num(parts.height));
  out += "\n<title>" + parts.title + "</title>\n<defs>\n" + parts.defs + "</defs>\n";
  out += fmt::format(R"(<rect class="background" width="{}" height="{}" fill="#fcfaf5"/>)", num(parts.width),
                     num(parts.height)) +
         "\n";
  return out;
}

std::string board_svg(const BoardGraph& b, const std::vector<CellView>& cells, const PictureOptions& options) {
  SvgParts parts = board_svg_parts(b, cells, options);
  return svg_open(parts, true) + parts.board + parts.state + "</svg>\n";
}

}  // namespace tabula
