#pragma once
// The board loader's state while it reads one board file (board_loader.hpp is the entry
// point). Its parts are in one file each: the file's top-level keys and references to cells
// and directions (board_loader.cpp), the rectangle, hex and explicit-cell shapes
// (load_shapes.cpp), the map shape (load_map_shape.cpp), directions, direction groups and
// orientations (load_directions.cpp), leaps (load_leaps.cpp), links and barriers (load_links.cpp), zones and
// attributes (load_zones.cpp).
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "board/board_graph.hpp"
#include "board/yaml_reader.hpp"

namespace tabula::board_loading {

// What one board file may ask of the loader (docs/ROBUSTNESS.md, "Input limits"), so that a
// small file cannot make it work or allocate without bound:
// YAML values, counted as the loader visits them: an alias (*name) counts every value of its
// anchor each time it is used.
constexpr size_t kMaxYamlValues = 1'000'000;
// Cells named by zones, attributes and map legends in all, a range counting every name it
// spans on the board.
constexpr long long kMaxCellsNamed = 1'000'000;
// Attribute names: each keeps a value for every cell.
constexpr int kMaxAttributes = 64;

struct MapRow {
  std::vector<std::string> chars;
  std::vector<SourcePos> pos;  // one per character
};

struct LegendEntry {
  bool cell = false;
  std::vector<std::string> zones;
  std::vector<std::pair<std::string, std::string>> attributes;
};

class BoardBuilder : private YamlReader {
 public:
  BoardBuilder(const SourceFile& src, Diagnostics& diags);

  // The board, or nullopt when the file had errors (warnings alone still give a board).
  std::optional<BoardGraph> load();

 private:
  BoardGraph board_;
  std::vector<Orientation> orientations_;  // added last, so the file can replace defaults
  // False after an error in the part that defines cells or directions: a reference to a cell
  // that was never made would only repeat that error, so those are not reported.
  bool cells_complete_ = true;
  bool directions_complete_ = true;
  // Map cells whose character was not in the legend: only references to them are suppressed.
  std::set<std::string, std::less<>> unmade_;
  // Positions of explicit links, to report a link that has no way back.
  std::map<std::pair<int, int>, SourcePos> link_pos_;
  // Cells named so far, against kMaxCellsNamed.
  long long cells_named_ = 0;
  // The board's extent in grid names (file letters, ranks), which bounds a range; computed
  // on the first range (cells are complete by then).
  std::optional<std::pair<char, int>> grid_extent_;

  // Counts `n` more cells named; false, after one error at `pos`, past kMaxCellsNamed.
  bool name_cells(long long n, const SourcePos& pos);
  // False, after an error at `pos`, when `keys` would give the board more than
  // kMaxAttributes attribute names.
  bool attributes_fit(const std::set<std::string>& keys, const SourcePos& pos);

  // The file and references (board_loader.cpp).
  bool report_unknown_cell(std::string_view name) const;
  void load_root(const YAML::Node& root);
  bool check_size(long long cells, const SourcePos& pos);
  // A cell or a range "a1..h1" / "c3..k11" (every file and rank between the ends, as a block;
  // cells missing inside the block, such as holes, are skipped).
  std::vector<int> resolve_cells(const NameRef& ref, std::string_view context);
  int resolve_cell(const YAML::Node& node, std::string_view context);
  std::string direction_list() const;
  int resolve_direction(const SourcePos& pos, const std::string& name, std::string_view context);

  // Shapes (load_shapes.cpp).
  void load_rectangle(const Entry& e);
  void load_hex(const Entry& e);
  void load_hex_rhombus(const Entry& e, const Fields& f);
  void load_explicit(const Entry& cells_e, const Entry* dirs_e, const YAML::Node& root);
  void load_cells(const Entry& e);

  // The map shape (load_map_shape.cpp).
  // The block scalar's text starts on the line after its `|`; each text line is one source
  // line, indented by whatever the source shows beyond the text.
  std::vector<MapRow> rows_from_block(const YAML::Node& scalar);
  std::optional<std::map<std::string, LegendEntry>> load_legend(const Entry& e);
  void load_map(const Entry& e);

  // Directions (load_directions.cpp).
  void load_directions(const Entry& e);
  void load_direction_groups(const Entry& e);
  void load_orientations(const Entry& e);
  // Leaps on the square grids (load_leaps.cpp); `grid`: the shape is one.
  void load_leaps(const Entry& e, bool grid);

  // Links and barriers (load_links.cpp).
  void load_links(const Entry& e);
  // A link along a direction that has an opposite should have its way back.
  void check_ways_back();
  void load_barriers(const Entry& e);

  // Zones and attributes (load_zones.cpp).
  void load_zones(const Entry& e);
  void load_attributes(const Entry& e);
};

}  // namespace tabula::board_loading
