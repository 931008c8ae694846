#include "picture/board_layer.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>

namespace tabula {
namespace {

constexpr const char* kLight = "#f0d9b5";
constexpr const char* kDark = "#b58863";
constexpr const char* kHex = "#efdcb1";
// A square of a colour the board's cells do not use (the light squares of a board of dark
// squares): nearly the paper, outlined, so that a light square that is a cell (a board's few
// light cells among gaps) stands out. A missing cell (a hole among cells of its colour) is
// cross-hatched, unlike a zone's stripes, whatever its colour.
constexpr const char* kLightGap = "#fbf7ef";
constexpr const char* kGapLine = "#e6dccb";
constexpr const char* kLine = "#8a6d3b";
constexpr const char* kInk = "#5b4a3a";
constexpr const char* kWood = "#e3c488";   // a board of points: one wooden surface
constexpr const char* kGrid = "#3d2f22";   // its lines
constexpr const char* kFrame = "#2f5fb3";  // a board of holes: the frame
constexpr const char* kHoleRim = "#1d3f7a";
// Shaded zones: distinct hues, each hatched at its own angle so they differ in greyscale too.
constexpr const char* kZoneColours[] = {"#2e86de", "#e67e22", "#27ae60", "#8e44ad", "#c0392b", "#16a085"};

const char* zone_colour(size_t z) { return kZoneColours[z % std::size(kZoneColours)]; }

// Texts that share a size, anchor and colour, as one group: <text> elements with x and y only.
// Each baseline sits 0.35 em below the given centre, so the texts are centred on their points.
std::string text_group_svg(const std::string& cls, double size, const std::string& anchor, const std::string& fill,
                           const std::vector<std::pair<Point, std::string>>& texts) {
  if (texts.empty()) return {};
  std::string out =
      fmt::format(R"(<g class="{}" font-size="{}" text-anchor="{}" fill="{}">)", cls, num(size), anchor, fill) + "\n";
  for (const auto& [at, text] : texts)
    out += fmt::format(R"(<text x="{}" y="{}">{}</text>)", num(at.x), num(at.y + size * 0.35), xml_escape(text)) + "\n";
  return out + "</g>\n";
}

bool names_shown(const BoardLayout& layout, const PictureOptions& options) {
  if (options.cell_names != CellNames::automatic) return options.cell_names == CellNames::shown;
  return layout.shape != CellShape::square || layout.labels.empty();
}

}  // namespace

std::string cell_outline_svg(const BoardLayout& layout, Point c, const std::string& attributes,
                             const std::string& content) {
  std::string element;
  if (layout.shape == CellShape::circle)
    element =
        fmt::format(R"(circle cx="{}" cy="{}" r="{}" {})", num(c.x), num(c.y), num(layout.node_radius()), attributes);
  else if (layout.shape == CellShape::square)
    element = fmt::format(R"(rect x="{}" y="{}" width="{}" height="{}" {})", num(c.x - layout.pitch / 2),
                          num(c.y - layout.pitch / 2), num(layout.pitch), num(layout.pitch), attributes);
  else element = fmt::format(R"(polygon points="{}" {})", points_attribute(layout.outline(c)), attributes);
  if (content.empty()) return "<" + element + "/>";
  return "<" + element + ">" + content + "</" + element.substr(0, element.find(' ')) + ">";
}

std::string board_defs_svg(const PictureOptions& options) {
  std::string out;
  out +=
      R"~(<pattern id="hole-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">)~"
      R"(<rect width="6" height="6" fill="#d9d0c1"/><path d="M0 0V6M0 0H6" stroke="#8f8069" stroke-width="1.5"/></pattern>)"
      "\n";
  for (size_t z = 0; z < options.shaded.size(); ++z)
    out +=
        fmt::format(
            R"~(<pattern id="zone-hatch-{}" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate({})">)~"
            R"(<path d="M0 0V8" stroke="{}" stroke-width="2.5" opacity="0.8"/></pattern>)",
            z, 45 + 60 * static_cast<int>(z), zone_colour(z)) +
        "\n";
  // Arrowheads scale with the stroke of the line they end.
  out +=
      R"(<marker id="arrowhead" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3" markerHeight="3" orient="auto">)"
      R"(<path d="M0 0L10 5L0 10Z" fill="#1f5fbf"/></marker>)"
      "\n";
  out +=
      R"(<marker id="link-arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="4" markerHeight="4" orient="auto">)"
      R"(<path d="M0 0L10 5L0 10Z" fill=")" +
      std::string(kLine) +
      R"("/></marker>)"
      "\n";
  return out;
}

namespace {

// The cells in one colour, edge to edge (one surface, one frame), each with its name as a
// tooltip: what a board of points or of holes draws its marks over.
std::string one_colour_cells_svg(const BoardGraph& b, const BoardLayout& layout, const char* colour) {
  std::string out = "<g>\n";
  for (int c = 0; c < b.cell_count(); ++c)
    out += cell_outline_svg(layout, layout.centres[c], fmt::format(R"(class="cell" fill="{0}" stroke="{0}")", colour),
                            "<title>" + xml_escape(b.cell(c).name) + "</title>") +
           "\n";
  return out + "</g>\n";
}

// A board of points (style: points): the cells make one wooden surface, and lines join the
// centres of neighbours one straight step apart, so pieces stand on the crossings.
std::string points_svg(const BoardGraph& b, const BoardLayout& layout) {
  std::string out = one_colour_cells_svg(b, layout, kWood);
  out +=
      fmt::format(R"(<g class="grid" stroke="{}" stroke-width="{}">)", kGrid, num(std::max(1.0, layout.pitch * 0.03))) +
      "\n";
  for (int c = 0; c < b.cell_count(); ++c)
    for (int d = 0; d < b.direction_count(); ++d) {
      const int n = b.neighbour(c, d);
      const DirectionInfo& dir = b.direction(d);
      if (n == kNoCell || n < c || (dir.dx != 0 && dir.dy != 0)) continue;  // each line once, no diagonals
      const Point a = layout.centres[c], e = layout.centres[n];
      out += fmt::format(R"(<line x1="{}" y1="{}" x2="{}" y2="{}"/>)", num(a.x), num(a.y), num(e.x), num(e.y)) + "\n";
    }
  return out + "</g>\n";
}

// A board of holes (style: holes): the cells make one frame, with a hole at each cell.
std::string holes_svg(const BoardGraph& b, const BoardLayout& layout) {
  std::string out = one_colour_cells_svg(b, layout, kFrame);
  out += fmt::format(R"(<g class="holes" fill="{}" stroke="{}" stroke-width="{}">)", kLightGap, kHoleRim,
                     num(layout.pitch * 0.04)) +
         "\n";
  for (int c = 0; c < b.cell_count(); ++c)
    out += fmt::format(R"(<circle cx="{}" cy="{}" r="{}"/>)", num(layout.centres[c].x), num(layout.centres[c].y),
                       num(layout.pitch * 0.42)) +
           "\n";
  return out + "</g>\n";
}

// Gaps of a square grid (a missing cell cross-hatched, a square of a colour no cell has
// nearly the paper), the links of
// a graph board (a one-way link with an arrow at its middle), then the cells, each with its
// name as a tooltip; or, for a board with a style, its points or holes.
std::string cells_svg(const BoardGraph& b, const BoardLayout& layout) {
  if (b.style == "points") return points_svg(b, layout);
  if (b.style == "holes") return holes_svg(b, layout);
  const double p = layout.pitch;
  std::string out;
  for (const auto& hole : layout.holes)
    out += cell_outline_svg(layout, hole.centre,
                            fmt::format(R"(class="hole" fill="{}" stroke="{}")",
                                        hole.missing_cell ? "url(#hole-hatch)" : kLightGap, kGapLine)) +
           "\n";
  for (const auto& link : layout.links) {
    Point a = layout.centres[link.a], c = layout.centres[link.b];
    if (link.one_way && !link.forward) std::swap(a, c);
    Point mid{(a.x + c.x) / 2, (a.y + c.y) / 2};
    out += fmt::format(R"(<polyline class="link" points="{}" fill="none" stroke="{}" stroke-width="{}"{}/>)",
                       points_attribute({a, mid, c}), kLine, num(p * 0.06),
                       link.one_way ? R"~( marker-mid="url(#link-arrow)")~" : "") +
           "\n";
  }
  // Hexagons and circles are outlined; squares meet edge to edge.
  if (layout.shape == CellShape::square) out += "<g>\n";
  else
    out += fmt::format(R"(<g stroke="{}" stroke-width="{}">)", kLine,
                       num(layout.shape == CellShape::hexagon ? std::max(1.0, p * 0.025) : p * 0.05)) +
           "\n";
  for (int c = 0; c < b.cell_count(); ++c) {
    const char* fill = layout.dark[c] ? kDark : layout.shape == CellShape::hexagon ? kHex : kLight;
    out += cell_outline_svg(layout, layout.centres[c], fmt::format(R"(class="cell" fill="{}")", fill),
                            "<title>" + xml_escape(b.cell(c).name) + "</title>") +
           "\n";
  }
  return out + "</g>\n";
}

std::string shading_svg(const BoardGraph& b, const BoardLayout& layout, const PictureOptions& options) {
  std::string out;
  for (size_t z = 0; z < options.shaded.size(); ++z) {
    out += fmt::format(R"(<g class="zone" data-zone="{}">)", xml_escape(options.shaded[z].name)) + "\n";
    for (int c : options.shaded[z].cells) {
      if (c < 0 || c >= b.cell_count()) continue;
      out += cell_outline_svg(layout, layout.centres[c],
                              fmt::format(R"(class="shade" fill="{}" fill-opacity="0.3")", zone_colour(z)));
      out += cell_outline_svg(layout, layout.centres[c], fmt::format(R"~(fill="url(#zone-hatch-{})")~", z)) + "\n";
    }
    out += "</g>\n";
  }
  return out;
}

// A barrier is a wall across the link it removed, halfway between the two cells.
std::string barriers_svg(const BoardGraph& b, const BoardLayout& layout) {
  std::string out;
  for (const auto& bar : b.barriers()) {
    if (bar.cell < 0 || bar.other < 0 || bar.cell >= b.cell_count() || bar.other >= b.cell_count()) continue;
    Point a = layout.centres[bar.cell], c = layout.centres[bar.other];
    double dx = c.x - a.x, dy = c.y - a.y, len = std::hypot(dx, dy);
    if (len == 0) continue;
    double half = layout.wall_length() / 2, ux = -dy / len * half, uy = dx / len * half;
    Point mid{(a.x + c.x) / 2, (a.y + c.y) / 2};
    out +=
        fmt::format(
            R"(<line class="barrier" x1="{}" y1="{}" x2="{}" y2="{}" stroke="#7a1c1c" stroke-width="{}" stroke-linecap="round"><title>barrier {}|{}</title></line>)",
            num(mid.x - ux), num(mid.y - uy), num(mid.x + ux), num(mid.y + uy), num(layout.pitch * 0.12),
            xml_escape(b.cell(bar.cell).name), xml_escape(b.cell(bar.other).name)) +
        "\n";
  }
  return out;
}

// The legend of the shaded zones, then the caption, under the board.
std::string legend_svg(const BoardLayout& layout, const PictureOptions& options) {
  const double p = layout.pitch, s = layout.font_size, line = s * 1.5;
  std::string out;
  std::vector<std::pair<Point, std::string>> texts;
  double y = layout.height + line * 0.6;
  for (size_t z = 0; z < options.shaded.size(); ++z, y += line) {
    out += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="{}" fill="{}" fill-opacity="0.3" stroke="{}"/>)",
                       num(p * 0.2), num(y - s / 2), num(s), num(s), zone_colour(z), zone_colour(z));
    out += fmt::format(R"~(<rect x="{}" y="{}" width="{}" height="{}" fill="url(#zone-hatch-{})"/>)~", num(p * 0.2),
                       num(y - s / 2), num(s), num(s), z) +
           "\n";
    texts.push_back(
        {{p * 0.2 + s * 1.5, y}, fmt::format("{} ({} cells)", options.shaded[z].name, options.shaded[z].cells.size())});
  }
  out += text_group_svg("legend", s, "start", kInk, texts);
  texts.clear();
  for (const std::string& key_line : options.key) texts.push_back({{p * 0.2, y}, key_line}), y += line;
  if (!texts.empty()) out += text_group_svg("key", s, "start", kInk, texts);
  if (!options.caption.empty()) out += text_group_svg("caption", s, "start", kInk, {{{p * 0.2, y}, options.caption}});
  return out;
}

}  // namespace

std::string board_layer_svg(const BoardGraph& b, const BoardLayout& layout, const PictureOptions& options) {
  std::string out =
      "<g class=\"board\">\n" + cells_svg(b, layout) + shading_svg(b, layout, options) + barriers_svg(b, layout);
  std::vector<std::pair<Point, std::string>> texts;
  for (const auto& label : layout.labels) texts.push_back({label.at, label.text});
  out += text_group_svg("coordinates", layout.font_size, "middle", kInk, texts);
  if (names_shown(layout, options)) {
    // Inside the cell (a piece on it hides the name), low on a square.
    texts.clear();
    for (int c = 0; c < b.cell_count(); ++c)
      texts.push_back(
          {{layout.centres[c].x, layout.centres[c].y + (layout.shape == CellShape::square ? layout.pitch * 0.3 : 0)},
           b.cell(c).name});
    double size = layout.pitch * (layout.shape == CellShape::circle ? 0.18 : 0.2);
    out += text_group_svg("names", size, "middle", layout.shape == CellShape::circle ? kInk : "#7a6a55", texts);
  }
  return out + legend_svg(layout, options) + "</g>\n";
}

Point legend_size(const BoardLayout& layout, const PictureOptions& options) {
  size_t lines = options.shaded.size() + options.key.size() + (options.caption.empty() ? 0 : 1);
  if (lines == 0) return {0, 0};
  double widest = 0;
  auto chars = [](const std::string& s) {
    size_t n = 0;
    for (char ch : s) n += (static_cast<unsigned char>(ch) & 0xC0) != 0x80;
    return static_cast<double>(n);
  };
  for (const auto& z : options.shaded) widest = std::max(widest, 1.5 + chars(z.name) * 0.62 + 10 * 0.62);
  widest = std::max(widest, chars(options.caption) * 0.62);
  for (const auto& key_line : options.key) widest = std::max(widest, chars(key_line) * 0.62);
  return {layout.pitch * 0.4 + widest * layout.font_size, layout.font_size * 1.5 * (static_cast<double>(lines) + 0.3)};
}

}  // namespace tabula
