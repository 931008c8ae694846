#include "picture/board_layout.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <map>
#include <numbers>
#include <set>

#include "board/cell_name_parts.hpp"

namespace tabula {
namespace {

constexpr double kEps = 1e-6;
const double kRowHeight = std::sqrt(3.0) / 2;  // between hex rows, neighbours one apart
const double kHexRadius = 1 / std::sqrt(3.0);  // a pointy-top hexagon whose neighbours are one apart

bool whole(double v) { return std::abs(v - std::round(v)) < kEps; }

bool compass_step(double dx, double dy) {
  return whole(dx) && whole(dy) && std::abs(dx) < 1 + kEps && std::abs(dy) < 1 + kEps &&
         (std::abs(dx) > kEps || std::abs(dy) > kEps);
}

bool hex_step(double dx, double dy) {
  if (std::abs(std::hypot(dx, dy) - 1) > kEps) return false;
  double sixths = std::atan2(dy, dx) / (std::numbers::pi / 3);
  return whole(sixths);
}

// Each link (or, on a board without links, each direction) is a step of the given kind.
template <typename Step>
bool every_step(const BoardGraph& b, Step step) {
  int links = 0;
  for (int c = 0; c < b.cell_count(); ++c)
    for (int d = 0; d < b.direction_count(); ++d) {
      int n = b.neighbour(c, d);
      if (n < 0 || n == c) continue;
      ++links;
      if (!step(b.cell(n).x - b.cell(c).x, b.cell(n).y - b.cell(c).y)) return false;
    }
  if (links > 0) return true;
  for (int d = 0; d < b.direction_count(); ++d)
    if (!step(b.direction(d).dx, b.direction(d).dy)) return false;
  return b.direction_count() > 0 || b.cell_count() == 1;
}

// No two cells share a lattice point (cells are given as lattice coordinates).
bool distinct(const std::vector<std::pair<long, long>>& points) {
  std::set<std::pair<long, long>> seen(points.begin(), points.end());
  return seen.size() == points.size();
}

// Whole-number coordinates that fit a long, and a bounding rectangle not much larger than the
// board: cells spread far apart are not squares of one grid (and their gaps are not drawn).
// `per_cell`: lattice points per cell on a full board (1 on squares; 2 on the hex lattice in
// half units, where every other point is off the lattice).
bool compact_lattice(const std::vector<std::pair<long, long>>& points, double per_cell) {
  if (points.empty()) return true;
  long x0 = points[0].first, x1 = x0, y0 = points[0].second, y1 = y0;
  for (const auto& [x, y] : points)
    x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
  double area = (static_cast<double>(x1) - x0 + 1) * (static_cast<double>(y1) - y0 + 1);
  return area <= 4.0 * per_cell * static_cast<double>(points.size()) + 64;
}

bool square_grid(const BoardGraph& b) {
  std::vector<std::pair<long, long>> points;
  for (int c = 0; c < b.cell_count(); ++c) {
    const auto& cell = b.cell(c);
    if (!whole(cell.x) || !whole(cell.y) || std::abs(cell.x) > 1e9 || std::abs(cell.y) > 1e9) return false;
    points.emplace_back(std::lround(cell.x), std::lround(cell.y));
  }
  if (!compact_lattice(points, 1) || !distinct(points)) return false;
  // Leaps (a knight's, `leaps:` in a board file) stay on the lattice: a link that goes exactly
  // as far as its direction says is drawn by the squares it joins, like a compass step. A
  // link that goes elsewhere (around the board's edge) still asks for drawn links.
  auto leap = [&](int c, int d, int n) {
    const double dx = b.cell(n).x - b.cell(c).x, dy = b.cell(n).y - b.cell(c).y;
    return whole(dx) && whole(dy) && std::abs(dx - b.direction(d).dx) < kEps && std::abs(dy - b.direction(d).dy) < kEps;
  };
  int compass_links = 0;
  for (int c = 0; c < b.cell_count(); ++c)
    for (int d = 0; d < b.direction_count(); ++d) {
      const int n = b.neighbour(c, d);
      if (n < 0 || n == c) continue;
      const double dx = b.cell(n).x - b.cell(c).x, dy = b.cell(n).y - b.cell(c).y;
      if (compass_step(dx, dy)) ++compass_links;
      else if (!leap(c, d, n)) return false;
    }
  return compass_links > 0 || every_step(b, compass_step);
}

bool hex_grid(const BoardGraph& b) {
  std::vector<std::pair<long, long>> points;
  int parity = -1;
  for (int c = 0; c < b.cell_count(); ++c) {
    const auto& cell = b.cell(c);
    double row = cell.y / kRowHeight;
    if (!whole(row) || !whole(cell.x * 2) || std::abs(cell.x) > 1e9 || std::abs(row) > 1e9) return false;
    long r = std::lround(row), x2 = std::lround(cell.x * 2);
    int p = static_cast<int>(((x2 + r) % 2 + 2) % 2);  // the lattice: x is whole on even rows, half on odd
    if (parity >= 0 && p != parity) return false;
    parity = p;
    points.emplace_back(x2, r);
  }
  return compact_lattice(points, 2) && distinct(points) && every_step(b, hex_step);
}

// Cells grouped by a rounded coordinate (rows by y, columns by x), in coordinate order.
std::map<long, std::vector<int>> group_by(const BoardGraph& b, bool by_y, double unit) {
  std::map<long, std::vector<int>> groups;
  for (int c = 0; c < b.cell_count(); ++c) groups[std::lround((by_y ? b.cell(c).y : b.cell(c).x) / unit)].push_back(c);
  return groups;
}

// Labels every group with the name part it shares, or none when one group shares nothing.
std::vector<std::string> group_labels(const BoardGraph& b, const std::map<long, std::vector<int>>& groups,
                                      bool digits) {
  std::vector<std::string> labels;
  for (const auto& [key, cells] : groups) {
    labels.push_back(shared_name_part(b, cells, digits));
    if (labels.back().empty()) return {};
  }
  return labels;
}

struct Box {
  double x0 = std::numeric_limits<double>::max(), y0 = x0, x1 = -x0, y1 = -x0;
  void add(double x, double y, double rx, double ry) {
    x0 = std::min(x0, x - rx), x1 = std::max(x1, x + rx);
    y0 = std::min(y0, y - ry), y1 = std::max(y1, y + ry);
  }
};

// The squares inside a square board's outline that are not cells: those lying between two
// cells of their row or of their column. Corners cut off the board stay outside.
void find_holes(const BoardGraph& b, BoardLayout& out, std::vector<Point>& hole_units, int dark_parity) {
  std::map<long, std::pair<long, long>> row_span, column_span;
  std::set<std::pair<long, long>> cells;
  for (int c = 0; c < b.cell_count(); ++c) {
    long x = std::lround(b.cell(c).x), y = std::lround(b.cell(c).y);
    cells.emplace(x, y);
    auto widen = [](std::map<long, std::pair<long, long>>& spans, long key, long v) {
      auto [it, fresh] = spans.try_emplace(key, v, v);
      if (!fresh) it->second = {std::min(it->second.first, v), std::max(it->second.second, v)};
    };
    widen(row_span, y, x);
    widen(column_span, x, y);
  }
  if (cells.empty()) return;
  for (const auto& [y, xs] : row_span)
    for (long x = xs.first + 1; x < xs.second; ++x) {
      if (cells.count({x, y})) continue;
      hole_units.push_back({static_cast<double>(x), static_cast<double>(y)});
      out.holes.push_back({{}, ((x + y) % 2 + 2) % 2 == dark_parity});
    }
  for (const auto& [x, ys] : column_span)
    for (long y = ys.first + 1; y < ys.second; ++y) {
      if (cells.count({x, y})) continue;
      auto xs = row_span.find(y);
      if (xs != row_span.end() && xs->second.first < x && x < xs->second.second) continue;  // found by its row
      hole_units.push_back({static_cast<double>(x), static_cast<double>(y)});
      out.holes.push_back({{}, ((x + y) % 2 + 2) % 2 == dark_parity});
    }
  // A colour most of whose squares are gaps is not a colour of cells (a board of dark squares
  // only): its gaps are the board's plain squares. Elsewhere a gap is a missing cell.
  int cells_of[2] = {0, 0}, gaps_of[2] = {0, 0};
  for (int c = 0; c < b.cell_count(); ++c) ++cells_of[out.dark[c] ? 1 : 0];
  for (const auto& hole : out.holes) ++gaps_of[hole.dark ? 1 : 0];
  for (auto& hole : out.holes) hole.missing_cell = gaps_of[hole.dark ? 1 : 0] <= cells_of[hole.dark ? 1 : 0];
}

// Board units between neighbouring cells of a circle board: the shortest link, else the
// shortest distance between two cells.
double circle_pitch(const BoardGraph& b) {
  double best = 0;
  auto consider = [&](int a, int c) {
    double d = std::hypot(b.cell(a).x - b.cell(c).x, b.cell(a).y - b.cell(c).y);
    if (d > kEps && (best == 0 || d < best)) best = d;
  };
  for (int c = 0; c < b.cell_count(); ++c)
    for (int d = 0; d < b.direction_count(); ++d)
      if (int n = b.neighbour(c, d); n >= 0) consider(c, n);
  if (best == 0)
    for (int a = 0; a < b.cell_count(); ++a)
      for (int c = a + 1; c < b.cell_count(); ++c) consider(a, c);
  return best > 0 ? best : 1;
}

}  // namespace

CellShape cell_shape(const BoardGraph& b) {
  if (square_grid(b)) return CellShape::square;
  if (hex_grid(b)) return CellShape::hexagon;
  return CellShape::circle;
}

std::vector<Point> BoardLayout::outline(Point c) const {
  if (shape == CellShape::hexagon) {
    std::vector<Point> corners;
    for (int k = 0; k < 6; ++k) {
      double angle =
          std::numbers::pi / 6 + k * std::numbers::pi / 3;  // pointy top: corners at 30, 90, 150, ... degrees
      corners.push_back({c.x + pitch * kHexRadius * std::cos(angle), c.y - pitch * kHexRadius * std::sin(angle)});
    }
    return corners;
  }
  double h = shape == CellShape::square ? pitch / 2 : node_radius();
  return {{c.x - h, c.y - h}, {c.x + h, c.y - h}, {c.x + h, c.y + h}, {c.x - h, c.y + h}};
}

double BoardLayout::node_radius() const { return pitch * 0.3; }
double BoardLayout::piece_radius() const { return shape == CellShape::circle ? pitch * 0.27 : pitch * 0.38; }
double BoardLayout::wall_length() const {
  return shape == CellShape::square ? pitch : shape == CellShape::hexagon ? pitch * kHexRadius : pitch * 0.45;
}

BoardLayout layout_board(const BoardGraph& b, double cell_size, bool coordinates) {
  BoardLayout out;
  out.shape = cell_shape(b);
  const int n = b.cell_count();
  const double unit = out.shape == CellShape::circle ? circle_pitch(b) : 1;  // board units between neighbours
  const double scale = cell_size / unit;
  out.pitch = cell_size;
  out.font_size = cell_size * 0.3;

  // Everything is placed in board units first (y up), then mapped onto the picture.
  Box box;
  double half_x = out.shape == CellShape::square ? 0.5 : out.shape == CellShape::hexagon ? 0.5 : 0.3 * unit;
  double half_y = out.shape == CellShape::square ? 0.5 : out.shape == CellShape::hexagon ? kHexRadius : 0.3 * unit;
  for (int c = 0; c < n; ++c) box.add(b.cell(c).x, b.cell(c).y, half_x, half_y);

  // Chequering: a cell's `colour` attribute, else the parity of its square.
  int dark_parity = 0;
  out.dark.assign(n, false);
  for (int c = 0; c < n; ++c)
    if (b.attribute(c, "colour") == "dark" && out.shape == CellShape::square) {
      dark_parity = static_cast<int>(((std::lround(b.cell(c).x) + std::lround(b.cell(c).y)) % 2 + 2) % 2);
      break;
    }
  for (int c = 0; c < n; ++c) {
    auto colour = b.attribute(c, "colour");
    out.dark[c] = colour == "dark";
    if (colour.empty() && out.shape == CellShape::square)
      out.dark[c] = ((std::lround(b.cell(c).x) + std::lround(b.cell(c).y)) % 2 + 2) % 2 == dark_parity;
  }

  std::vector<Point> hole_units, label_units;
  if (out.shape == CellShape::square) find_holes(b, out, hole_units, dark_parity);

  const double gap = 0.5 + 0.32;  // from a cell's centre to the centre of a label beside it
  if (coordinates && n > 0 && out.shape != CellShape::circle) {
    auto rows = group_by(b, true, out.shape == CellShape::hexagon ? kRowHeight : 1);
    double min_x = box.x0 + half_x, min_y = box.y0 + half_y;
    if (out.shape == CellShape::square) {
      // Rank numbers on the left when every row shares one (else the row letters), file
      // letters below when every column shares one.
      bool by_rank = true;
      auto row_labels = group_labels(b, rows, true);
      if (row_labels.empty()) by_rank = false, row_labels = group_labels(b, rows, false);
      size_t i = 0;
      for (const auto& [key, cells] : rows) {
        if (row_labels.empty()) break;
        label_units.push_back({min_x - gap, b.cell(cells[0]).y});
        out.labels.push_back({{}, row_labels[i++]});
      }
      auto columns = group_by(b, false, 1);
      auto column_labels = by_rank ? group_labels(b, columns, false) : std::vector<std::string>{};
      i = 0;
      for (const auto& [key, cells] : columns) {
        if (column_labels.empty()) break;
        label_units.push_back({b.cell(cells[0]).x, min_y - gap});
        out.labels.push_back({{}, column_labels[i++]});
      }
    } else {
      // Hex rows: the row letter at both ends of every row.
      auto row_labels = group_labels(b, rows, false);
      size_t i = 0;
      for (const auto& [key, cells] : rows) {
        if (row_labels.empty()) break;
        double lo = b.cell(cells[0]).x, hi = lo;
        for (int c : cells) lo = std::min(lo, b.cell(c).x), hi = std::max(hi, b.cell(c).x);
        label_units.push_back({lo - gap, b.cell(cells[0]).y});
        out.labels.push_back({{}, row_labels[i]});
        label_units.push_back({hi + gap, b.cell(cells[0]).y});
        out.labels.push_back({{}, row_labels[i++]});
      }
    }
  }
  for (const Point& p : label_units) box.add(p.x, p.y, 0.3, 0.25);
  if (n == 0) box.add(0, 0, 0.5, 0.5);

  const double pad = 0.12 * unit;
  box.x0 -= pad, box.y0 -= pad, box.x1 += pad, box.y1 += pad;
  auto place = [&](double x, double y) { return Point{(x - box.x0) * scale, (box.y1 - y) * scale}; };
  out.width = (box.x1 - box.x0) * scale;
  out.height = (box.y1 - box.y0) * scale;
  for (int c = 0; c < n; ++c) out.centres.push_back(place(b.cell(c).x, b.cell(c).y));
  for (size_t i = 0; i < out.holes.size(); ++i) out.holes[i].centre = place(hole_units[i].x, hole_units[i].y);
  for (size_t i = 0; i < out.labels.size(); ++i) out.labels[i].at = place(label_units[i].x, label_units[i].y);

  if (out.shape == CellShape::circle) {
    std::map<std::pair<int, int>, int> seen;  // (a, b), a < b -> bit 1: a -> b, bit 2: b -> a
    for (int c = 0; c < n; ++c)
      for (int d = 0; d < b.direction_count(); ++d)
        if (int m = b.neighbour(c, d); m >= 0 && m != c) seen[{std::min(c, m), std::max(c, m)}] |= c < m ? 1 : 2;
    for (const auto& [pair, ways] : seen) out.links.push_back({pair.first, pair.second, ways != 3, ways == 1});
  }
  return out;
}

}  // namespace tabula
