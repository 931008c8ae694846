#pragma once
// A board is a graph: named cells with 2-D coordinates (for drawing), named directions and
// per-cell neighbour links, zones (named cell sets), cell attributes, barriers (links that
// were removed) and orientations (what `forward`, `left`, ... mean for a player).
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace tabula {

constexpr int kNoCell = -1;
constexpr int kNoDirection = -1;

struct CellInfo {
  std::string name;
  double x = 0, y = 0;  // drawing coordinates, y grows upwards (north)
};

struct DirectionInfo {
  std::string name;
  double dx = 0, dy = 0;        // nominal vector, for drawing and documentation
  int opposite = kNoDirection;  // the direction back, when declared
};

// Relative direction names (forward, left, backward-right, ...) mapped to board directions.
struct Orientation {
  std::string name;
  std::map<std::string, int, std::less<>> relative;
};

// A blocked edge: the link from `cell` in `direction` (and its opposite) was removed.
struct Barrier {
  int cell = kNoCell;
  int other = kNoCell;
};

class BoardGraph {
 public:
  // ---- building (used by the loader and generators) ----
  int add_cell(std::string name, double x, double y);
  int add_direction(std::string name, double dx, double dy);
  void set_opposite(int dir, int opposite);
  void link(int cell, int dir, int to);  // one way; call twice for both ways
  void unlink(int cell, int dir);
  void add_to_zone(const std::string& zone, int cell);
  void set_attribute(int cell, const std::string& key, const std::string& value);
  void add_direction_group(std::string name, std::vector<int> dirs);
  void add_orientation(Orientation o);
  void add_barrier(Barrier b) { barriers_.push_back(b); }
  std::string name;
  // How pictures draw the cells (the board file's `style`): "" by their shape (squares light
  // and dark, hexagons, circles), "points" pieces on the crossings of lines,
  // "holes" a frame with a hole for each cell (an upright grid).
  std::string style;

  // ---- queries ----
  int cell_count() const { return static_cast<int>(cells_.size()); }
  int direction_count() const { return static_cast<int>(directions_.size()); }
  const CellInfo& cell(int c) const { return cells_[c]; }
  const DirectionInfo& direction(int d) const { return directions_[d]; }
  int find_cell(std::string_view name) const;       // kNoCell when absent
  int find_direction(std::string_view name) const;  // kNoDirection when absent

  // The neighbour of `cell` in direction `dir`, or kNoCell (edge of board or barrier).
  int neighbour(int cell, int dir) const { return links_[cell * direction_count() + dir]; }

  // Named sets of directions: every board has "all"; generators add "orthogonal", "diagonal".
  const std::vector<int>* find_direction_group(std::string_view name) const;
  const std::map<std::string, std::vector<int>, std::less<>>& direction_groups() const { return groups_; }

  const std::vector<int>* find_zone(std::string_view name) const;
  const std::map<std::string, std::vector<int>, std::less<>>& zones() const { return zones_; }

  // Attribute value of a cell ("" when unset), e.g. attribute(c, "colour") == "dark".
  std::string_view attribute(int cell, std::string_view key) const;
  const std::map<std::string, std::vector<std::string>, std::less<>>& attributes() const { return attributes_; }

  const Orientation* find_orientation(std::string_view name) const;
  const std::vector<Orientation>& orientations() const { return orientations_; }
  const std::vector<Barrier>& barriers() const { return barriers_; }

 private:
  std::vector<CellInfo> cells_;
  std::vector<DirectionInfo> directions_;
  std::vector<int> links_;  // cell * direction_count() + dir -> cell
  std::map<std::string, int, std::less<>> cell_index_;
  std::map<std::string, std::vector<int>, std::less<>> groups_;
  std::map<std::string, std::vector<int>, std::less<>> zones_;
  std::map<std::string, std::vector<bool>, std::less<>> zone_members_;  // zone -> cell -> in it
  std::map<std::string, std::vector<std::string>, std::less<>> attributes_;
  std::vector<Orientation> orientations_;
  std::vector<Barrier> barriers_;
};

}  // namespace tabula
