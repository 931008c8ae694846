#include "board/board_generators.hpp"

#include <cmath>
#include <cstdlib>
#include <map>
#include <utility>

namespace tabula {
namespace {

struct Compass {
  const char* name;
  int dx, dy;
};

// Clockwise from north, so "turn right by k eighths" is index + k (orientations rely on it).
constexpr Compass kCompass[8] = {{"n", 0, 1},  {"ne", 1, 1},   {"e", 1, 0},  {"se", 1, -1},
                                 {"s", 0, -1}, {"sw", -1, -1}, {"w", -1, 0}, {"nw", -1, 1}};

// Clockwise from east on pointy rows: e, se, sw, w, nw, ne. dx2 is in half units.
struct HexStep {
  const char* name;
  int dx2, drow;
};
constexpr HexStep kHex[6] = {{"e", 2, 0}, {"se", 1, -1}, {"sw", -1, -1}, {"w", -2, 0}, {"nw", -1, 1}, {"ne", 1, 1}};

// Relative names clockwise from forward, in eighths of a turn.
constexpr const char* kRelative8[8] = {"forward",  "forward-right", "right", "backward-right",
                                       "backward", "backward-left", "left",  "forward-left"};

Orientation rotated_compass(const BoardGraph& b, const char* name, int forward_index) {
  Orientation o{name, {}};
  for (int k = 0; k < 8; ++k) {
    int d = b.find_direction(kCompass[(forward_index + k) % 8].name);
    if (d != kNoDirection) o.relative[kRelative8[k]] = d;
  }
  return o;
}

// Relative names clockwise from `right` on a hex board, in sixths of a turn; used with the
// row-facing orientations (north, south), where forward and backward fall between points.
constexpr const char* kRelativeHexSide[6] = {"right", "backward-right", "backward-left",
                                             "left",  "forward-left",   "forward-right"};
// ... and clockwise from forward for the point-facing ones (east, west).
constexpr const char* kRelativeHexPoint[6] = {"forward",  "forward-right", "backward-right",
                                              "backward", "backward-left", "forward-left"};

Orientation rotated_hex(const BoardGraph& b, const char* name, const char* const (&relative)[6], int first_index) {
  Orientation o{name, {}};
  for (int k = 0; k < 6; ++k) {
    int d = b.find_direction(kHex[(first_index + k) % 6].name);
    if (d != kNoDirection) o.relative[relative[k]] = d;
  }
  return o;
}

}  // namespace

GridShape rectangle_shape(int files, int ranks, bool corners_only) {
  GridShape s{files, ranks, std::vector<bool>(static_cast<size_t>(files) * ranks, true)};
  if (corners_only)
    for (int r = 0; r < ranks; ++r)
      for (int f = 0; f < files; ++f) s.present[r * files + f] = (f + r) % 2 == 0;
  return s;
}

std::string grid_cell_name(int file, int rank) { return std::string(1, char('a' + file)) + std::to_string(rank + 1); }
std::string hex_cell_name(int row, int position) {
  return std::string(1, char('a' + row)) + std::to_string(position + 1);
}

void add_grid(BoardGraph& b, const GridShape& shape, bool with_edge) {
  std::vector<int> id(shape.present.size(), kNoCell);
  for (int r = 0; r < shape.ranks; ++r)
    for (int f = 0; f < shape.files; ++f)
      if (shape.has(f, r)) id[r * shape.files + f] = b.add_cell(grid_cell_name(f, r), f, r);

  int dir[8];
  for (int k = 0; k < 8; ++k) dir[k] = b.add_direction(kCompass[k].name, kCompass[k].dx, kCompass[k].dy);
  for (int k = 0; k < 4; ++k) b.set_opposite(dir[k], dir[k + 4]);
  b.add_direction_group("orthogonal", {dir[0], dir[2], dir[4], dir[6]});
  b.add_direction_group("diagonal", {dir[1], dir[3], dir[5], dir[7]});

  for (int r = 0; r < shape.ranks; ++r)
    for (int f = 0; f < shape.files; ++f) {
      int c = id[r * shape.files + f];
      if (c == kNoCell) continue;
      for (int k = 0; k < 8; ++k)
        if (shape.has(f + kCompass[k].dx, r + kCompass[k].dy))
          b.link(c, dir[k], id[(r + kCompass[k].dy) * shape.files + f + kCompass[k].dx]);
      b.set_attribute(c, "colour", (f + r) % 2 == 0 ? "dark" : "light");
      b.add_to_zone("rank" + std::to_string(r + 1), c);
      b.add_to_zone(std::string("file-") + char('a' + f), c);
      if (with_edge && (f == 0 || r == 0 || f == shape.files - 1 || r == shape.ranks - 1)) b.add_to_zone("edge", c);
    }
}

namespace {

const double kRowHeight = std::sqrt(3.0) / 2;

// The six directions and the links between the cells of a hex lattice, given by (x in half
// units, row); cells with fewer than six neighbours form the zone `edge`.
void link_hex(BoardGraph& b, const std::map<std::pair<int, int>, int>& at) {
  const double row_height = kRowHeight;
  int dir[6];
  for (int k = 0; k < 6; ++k) dir[k] = b.add_direction(kHex[k].name, kHex[k].dx2 / 2.0, kHex[k].drow * row_height);
  for (int k = 0; k < 3; ++k) b.set_opposite(dir[k], dir[k + 3]);
  for (const auto& [pos, c] : at) {
    int neighbours = 0;
    for (int k = 0; k < 6; ++k) {
      auto it = at.find({pos.first + kHex[k].dx2, pos.second + kHex[k].drow});
      if (it == at.end()) continue;
      b.link(c, dir[k], it->second);
      ++neighbours;
    }
    if (neighbours < 6) b.add_to_zone("edge", c);
  }
}

}  // namespace

void add_hex(BoardGraph& b, int side) {
  const int rows = 2 * side - 1;
  std::map<std::pair<int, int>, int> at;  // (x in half units, row) -> cell
  for (int row = 0; row < rows; ++row) {
    int length = side + std::min(row, rows - 1 - row);
    int offset2 = rows - length;  // twice the centring offset, in half units
    for (int p = 0; p < length; ++p) {
      int x2 = offset2 + 2 * p;
      at[{x2, row}] = b.add_cell(hex_cell_name(row, p), x2 / 2.0, row * kRowHeight);
    }
  }
  link_hex(b, at);
}

void add_hex_rhombus(BoardGraph& b, int files, int ranks) {
  std::map<std::pair<int, int>, int> at;  // (x in half units, rank) -> cell
  for (int r = 0; r < ranks; ++r)
    for (int f = 0; f < files; ++f) {
      const int x2 = 2 * f + r;  // each rank starts half a cell east of the one below
      const int c = b.add_cell(grid_cell_name(f, r), x2 / 2.0, r * kRowHeight);
      at[{x2, r}] = c;
      b.add_to_zone("rank" + std::to_string(r + 1), c);
      b.add_to_zone(std::string("file-") + char('a' + f), c);
    }
  link_hex(b, at);
}

std::vector<Orientation> compass_orientations(const BoardGraph& b) {
  return {rotated_compass(b, "north", 0), rotated_compass(b, "south", 4), rotated_compass(b, "east", 2),
          rotated_compass(b, "west", 6)};
}

std::vector<Orientation> hex_orientations(const BoardGraph& b) {
  // kHex indices: 0 e, 1 se, 2 sw, 3 w, 4 nw, 5 ne.
  return {rotated_hex(b, "north", kRelativeHexSide, 0), rotated_hex(b, "south", kRelativeHexSide, 3),
          rotated_hex(b, "east", kRelativeHexPoint, 0), rotated_hex(b, "west", kRelativeHexPoint, 3)};
}

BoardGraph make_rectangle(int files, int ranks, bool corners_only) {
  BoardGraph b;
  b.name = "rectangle";
  add_grid(b, rectangle_shape(files, ranks, corners_only), true);
  for (auto& o : compass_orientations(b)) b.add_orientation(std::move(o));
  return b;
}

BoardGraph make_hex(int side) {
  BoardGraph b;
  b.name = "hex";
  add_hex(b, side);
  for (auto& o : hex_orientations(b)) b.add_orientation(std::move(o));
  return b;
}

BoardGraph make_hex_rhombus(int files, int ranks) {
  BoardGraph b;
  b.name = "hex-rhombus";
  add_hex_rhombus(b, files, ranks);
  for (auto& o : hex_orientations(b)) b.add_orientation(std::move(o));
  return b;
}

}  // namespace tabula
