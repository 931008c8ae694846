#include "picture/state_layer.hpp"

#include <fmt/format.h>
#include <cmath>

#include "picture/board_layer.hpp"

namespace tabula {
namespace {

constexpr const char* kMoveColour = "#1f5fbf";
constexpr const char* kTargetColour = "#1a7f37";
constexpr const char* kEndingColour = "#c2255c";  // the winning row, group or chain

// The last move: an arrow from its first cell through every landing to its last; a
// placement (one cell) is ringed.
std::string last_move_svg(const BoardLayout& layout, const std::vector<Point>& cells) {
  const double p = layout.pitch;
  if (cells.size() == 1)
    return fmt::format(
               R"(<circle class="last-move" cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}" opacity="0.85"/>)",
               num(cells[0].x), num(cells[0].y), num(p * 0.45), kMoveColour, num(p * 0.07)) +
           "\n";
  std::vector<Point> points = cells;
  // Stop short of the last centre, so the arrowhead points at the piece rather than covering it.
  Point& end = points.back();
  const Point& before = points[points.size() - 2];
  double dx = end.x - before.x, dy = end.y - before.y, len = std::hypot(dx, dy);
  if (len > p * 0.3) end = {end.x - dx / len * p * 0.22, end.y - dy / len * p * 0.22};
  std::string out =
      fmt::format(
          R"~(<polyline class="last-move" points="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round" opacity="0.6" marker-end="url(#arrowhead)"/>)~",
          points_attribute(points), kMoveColour, num(p * 0.1)) +
      "\n";
  // The landings between the first and the last cell, so a multiple capture shows its path.
  for (size_t i = 1; i + 1 < cells.size(); ++i)
    out += fmt::format(R"(<circle class="landing" cx="{}" cy="{}" r="{}" fill="{}" opacity="0.8"/>)", num(cells[i].x),
                       num(cells[i].y), num(p * 0.1), kMoveColour) +
           "\n";
  return out;
}

// A piece the last move took: its cell crossed out in the move's colour, inside a dashed ring.
std::string taken_mark_svg(const BoardLayout& layout, Point c, const std::string& cell) {
  const double p = layout.pitch, h = p * 0.2;
  return fmt::format(
             R"(<g class="taken" stroke="{}" fill="none" opacity="0.9"><title>taken on {}</title><circle cx="{}" cy="{}" r="{}" stroke-width="{}" stroke-dasharray="{} {}"/><path d="M{} {}L{} {}M{} {}L{} {}" stroke-width="{}" stroke-linecap="round"/></g>)",
             kMoveColour, xml_escape(cell), num(c.x), num(c.y), num(p * 0.36), num(p * 0.05), num(p * 0.1),
             num(p * 0.07), num(c.x - h), num(c.y - h), num(c.x + h), num(c.y + h), num(c.x - h), num(c.y + h),
             num(c.x + h), num(c.y - h), num(p * 0.08)) +
         "\n";
}

std::string region_mark_svg(const BoardLayout& layout, Point c, const std::string& title) {
  double h = layout.pitch * (layout.shape == CellShape::square ? 0.44 : 0.3);
  return fmt::format(
             R"(<g class="region-mark"><title>{}</title><path d="M{} {}L{} {}M{} {}L{} {}" stroke="#c0392b" stroke-width="{}" stroke-linecap="round"/></g>)",
             xml_escape(title), num(c.x - h), num(c.y - h), num(c.x + h), num(c.y + h), num(c.x - h), num(c.y + h),
             num(c.x + h), num(c.y - h), num(layout.pitch * 0.09)) +
         "\n";
}

}  // namespace

std::vector<std::string> state_layer_slots(const BoardGraph& b, const BoardLayout& layout,
                                           const std::vector<SideStyle>& styles, const std::vector<CellView>& cells,
                                           const PictureOptions& options, const DrawnBefore* before) {
  const double p = layout.pitch;
  auto valid = [&](int c) { return c >= 0 && c < b.cell_count(); };
  std::vector<std::string> slots(state_slot_count(b));
  std::string* out = &slots[0];  // the slot being written

  std::vector<Point> move_points;
  for (int c : options.last_move)
    if (valid(c)) move_points.push_back(layout.centres[c]);
  if (!move_points.empty()) {  // where the last move started and ended, tinted under the pieces
    *out +=
        cell_outline_svg(layout, move_points.front(), R"(class="last-move-cell" fill="#f6d743" fill-opacity="0.5")") +
        "\n";
    if (move_points.size() > 1)
      *out +=
          cell_outline_svg(layout, move_points.back(), R"(class="last-move-cell" fill="#f6d743" fill-opacity="0.5")") +
          "\n";
  }

  out = &slots[1];
  if (!options.region.empty()) {
    std::string title = fmt::format("{}: {} cells", options.region_name.empty() ? "region" : options.region_name,
                                    options.region.size());
    *out += fmt::format(R"(<g class="region"><title>{}</title>)", xml_escape(title));
    for (int c : options.region)
      if (valid(c))
        *out += cell_outline_svg(
            layout, layout.centres[c],
            fmt::format(
                R"(class="region-cell" fill="#3b7dd8" fill-opacity="0.3" stroke="#1d4f91" stroke-width="{}" stroke-dasharray="{} {}")",
                num(p * 0.05), num(p * 0.12), num(p * 0.06)));
    *out += "</g>\n";
  }
  out = &slots[2];
  if (valid(options.region_mark))
    *out += region_mark_svg(
        layout, layout.centres[options.region_mark],
        fmt::format("mark of {} on {}", options.region_name.empty() ? "the region" : options.region_name,
                    b.cell(options.region_mark).name));

  for (int c = 0; c < b.cell_count() && c < static_cast<int>(cells.size()); ++c) {
    const auto& column = cells[c].column;
    if (column.empty()) continue;
    out = &slots[3 + c];
    if (before && c < static_cast<int>(before->cells.size()) && before->cells[c] == cells[c]) {
      *out = before->slots.at(static_cast<size_t>(3 + c));
      continue;
    }
    // A column of several counters is always drawn whole, even where stacks were not asked for.
    if (options.stacks || column.size() > 1) {
      *out += stack_svg(layout.centres[c], p, styles, column);
    } else {
      const PieceView& piece = column.back();
      static const SideStyle unknown{"?", "#888888", "#000000", "#000000", ""};
      const SideStyle& style =
          piece.side >= 0 && piece.side < static_cast<int>(styles.size()) ? styles[piece.side] : unknown;
      *out += flat_piece_svg(layout.centres[c], layout.piece_radius(), style, piece, options.kind_letters);
    }
  }

  out = &slots[3 + b.cell_count()];
  if (valid(options.targets_from)) {
    *out += cell_outline_svg(layout, layout.centres[options.targets_from],
                             fmt::format(R"(class="targets-from" fill="none" stroke="{}" stroke-width="{}")",
                                         kTargetColour, num(p * 0.07)),
                             "<title>moves from " + xml_escape(b.cell(options.targets_from).name) + "</title>") +
            "\n";
    for (int c : options.targets) {
      if (!valid(c)) continue;
      bool occupied = c < static_cast<int>(cells.size()) && !cells[c].column.empty();
      Point at = layout.centres[c];
      // An empty target gets a dot; an occupied one (a capture) a ring round the piece.
      *out +=
          occupied
              ? fmt::format(
                    R"(<circle class="target" cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}" opacity="0.85"><title>{}</title></circle>)",
                    num(at.x), num(at.y), num(p * 0.45), kTargetColour, num(p * 0.07), xml_escape(b.cell(c).name))
              : fmt::format(
                    R"(<circle class="target" cx="{}" cy="{}" r="{}" fill="{}" opacity="0.8"><title>{}</title></circle>)",
                    num(at.x), num(at.y), num(p * 0.14), kTargetColour, xml_escape(b.cell(c).name));
      *out += "\n";
    }
  }

  out = &slots[4 + b.cell_count()];
  if (!move_points.empty()) *out += last_move_svg(layout, move_points);
  for (int c : options.last_taken)
    if (valid(c)) *out += taken_mark_svg(layout, layout.centres[c], b.cell(c).name);
  if (!options.ending.empty()) {
    *out += fmt::format(R"(<g class="ending"><title>how the game ended: {} cells</title>)", options.ending.size());
    for (int c : options.ending)
      if (valid(c))
        *out += fmt::format(
            R"(<circle class="ending-cell" cx="{}" cy="{}" r="{}" fill="none" stroke="{}" stroke-width="{}"/>)",
            num(layout.centres[c].x), num(layout.centres[c].y), num(p * 0.44), kEndingColour, num(p * 0.08));
    *out += "</g>\n";
  }
  return slots;
}

std::string state_layer_svg(const BoardGraph& b, const BoardLayout& layout, const std::vector<SideStyle>& styles,
                            const std::vector<CellView>& cells, const PictureOptions& options) {
  std::string out = "<g class=\"state\">\n";
  for (const auto& slot : state_layer_slots(b, layout, styles, cells, options)) out += slot;
  return out + "</g>\n";
}

}  // namespace tabula
