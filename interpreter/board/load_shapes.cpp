// The board shapes given by numbers (rectangle, hex) or by an explicit list of cells.
#include <fmt/format.h>
#include <map>

#include "board/board_builder.hpp"
#include "board/board_generators.hpp"

namespace tabula::board_loading {

void BoardBuilder::load_rectangle(const Entry& e) {
  cells_complete_ = directions_complete_ = false;
  auto f = read_fields(e.value, &e, "'rectangle'", {"files", "ranks", "squares"});
  if (!f) return;
  const Entry* files_e = require(*f, "files", e.value, "'rectangle'");
  const Entry* ranks_e = require(*f, "ranks", e.value, "'rectangle'");
  std::optional<int> files, ranks;
  if (files_e) files = read_int(*files_e, "'files'");
  if (ranks_e) ranks = read_int(*ranks_e, "'ranks'");
  bool corners = false, ok = files && ranks;
  if (auto s = optional(*f, "squares")) {
    auto v = read_string(*s, "'squares'");
    if (v && (*v == "all" || *v == "corners")) corners = *v == "corners";
    else {
      if (v) diags_.error(at(*s), fmt::format("expected 'all' or 'corners' for 'squares', not '{}'", *v));
      ok = false;
    }
  }
  if (files && (*files < 1 || *files > kMaxFiles)) {
    diags_.error(at(*files_e), fmt::format("'files' must be between 1 and {} (files are lettered a..z)", kMaxFiles));
    ok = false;
  }
  if (ranks && *ranks < 1) {
    diags_.error(at(*ranks_e), "'ranks' must be at least 1");
    ok = false;
  }
  if (!ok || !check_size(static_cast<long long>(*files) * *ranks, at(e.key))) return;
  add_grid(board_, rectangle_shape(*files, *ranks, corners), true);
  orientations_ = compass_orientations(board_);
  cells_complete_ = directions_complete_ = true;
}

void BoardBuilder::load_hex(const Entry& e) {
  cells_complete_ = directions_complete_ = false;
  auto f = read_fields(e.value, &e, "'hex'", {"side", "files", "ranks"});
  if (!f) return;
  if (optional(*f, "files") || optional(*f, "ranks")) return load_hex_rhombus(e, *f);
  const Entry* side_e = require(*f, "side", e.value, "'hex'");
  if (!side_e) return;
  auto side = read_int(*side_e, "'side'");
  if (!side) return;
  if (*side < 1 || *side > kMaxHexSide) {
    diags_.error(at(*side_e), fmt::format("'side' must be between 1 and {} (rows are lettered a..z)", kMaxHexSide));
    return;
  }
  add_hex(board_, *side);
  orientations_ = hex_orientations(board_);
  cells_complete_ = directions_complete_ = true;
}

// hex: { files: F, ranks: R }: a rhombus of hexagons (a Hex board), named like a square grid.
void BoardBuilder::load_hex_rhombus(const Entry& e, const Fields& f) {
  if (optional(f, "side")) {
    diags_.error(at(e.key), "'hex' takes either side (a hexagon) or files and ranks (a rhombus), not both");
    return;
  }
  const Entry* files_e = require(f, "files", e.value, "'hex' (a rhombus)");
  const Entry* ranks_e = require(f, "ranks", e.value, "'hex' (a rhombus)");
  std::optional<int> files, ranks;
  if (files_e) files = read_int(*files_e, "'files'");
  if (ranks_e) ranks = read_int(*ranks_e, "'ranks'");
  if (!files || !ranks) return;
  bool ok = true;
  if (*files < 1 || *files > kMaxFiles) {
    diags_.error(at(*files_e), fmt::format("'files' must be between 1 and {} (files are lettered a..z)", kMaxFiles));
    ok = false;
  }
  if (*ranks < 1) {
    diags_.error(at(*ranks_e), "'ranks' must be at least 1");
    ok = false;
  }
  if (!ok || !check_size(static_cast<long long>(*files) * *ranks, at(e.key))) return;
  add_hex_rhombus(board_, *files, *ranks);
  orientations_ = hex_orientations(board_);
  cells_complete_ = directions_complete_ = true;
}

void BoardBuilder::load_explicit(const Entry& cells_e, const Entry* dirs_e, const YAML::Node& root) {
  load_cells(cells_e);
  if (!dirs_e) {
    diags_.error(at(root), "missing key 'directions' in the board file (the 'cells' form needs it)");
    directions_complete_ = false;
    return;
  }
  load_directions(*dirs_e);
}

void BoardBuilder::load_cells(const Entry& e) {
  if (!e.value.IsSequence()) {
    diags_.error(at(e), "expected a list for 'cells', such as '[{name: a1, x: 0, y: 0}]'");
    cells_complete_ = false;
    return;
  }
  if (!check_size(static_cast<long long>(e.value.size()), at(e.key))) {
    cells_complete_ = false;
    return;
  }
  std::map<std::string, YAML::Node> seen;
  for (const auto& item : e.value) {
    auto f = read_fields(item, nullptr, "a cell", {"name", "x", "y"});
    if (!f) {
      cells_complete_ = false;
      continue;
    }
    const Entry* name_e = require(*f, "name", item, "a cell");
    const Entry* x_e = require(*f, "x", item, "a cell");
    const Entry* y_e = require(*f, "y", item, "a cell");
    std::optional<std::string> name;
    std::optional<double> x, y;
    if (name_e) name = read_string(*name_e, "'name'");
    if (x_e) x = read_number(*x_e, "'x'");
    if (y_e) y = read_number(*y_e, "'y'");
    if (!name || !check_name(name_e->value, *name, "cell")) {
      cells_complete_ = false;
      continue;
    }
    if (auto [prev, fresh] = seen.emplace(*name, name_e->value); !fresh) {
      diags_.error(at(name_e->value), fmt::format("duplicate cell '{}'", *name));
      diags_.note(at(prev->second), fmt::format("'{}' was first defined here", *name));
      continue;
    }
    board_.add_cell(*name, x.value_or(0), y.value_or(0));
  }
}

}  // namespace tabula::board_loading
