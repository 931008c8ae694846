// The map shape: a block of characters, one per square, and a legend that says which
// characters are cells and which zones and attributes they carry.
#include <fmt/format.h>
#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "board/board_builder.hpp"
#include "board/board_generators.hpp"

namespace tabula::board_loading {

std::vector<MapRow> BoardBuilder::rows_from_block(const YAML::Node& scalar) {
  std::vector<std::string> lines;
  std::string text = scalar.Scalar();
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::vector<MapRow> rows;
  int first_line0 = scalar.Mark().line + 1;
  auto header = scalar.Mark().line >= 0 ? src_.line(scalar.Mark().line + 1) : std::string_view();
  bool literal_block = scalar.Tag() == "!" && scalar.Mark().column >= 0 &&
                       static_cast<size_t>(scalar.Mark().column) < header.size() && header[scalar.Mark().column] == '|';
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string row = lines[i];
    while (!row.empty() && (row.back() == ' ' || row.back() == '\r' || row.back() == '\t')) row.pop_back();
    MapRow r;
    r.chars = utf8_chars(row);
    SourcePos fallback = at(scalar);
    int line0 = first_line0 + static_cast<int>(i);
    std::string_view source = literal_block ? src_.line(line0 + 1) : std::string_view();
    while (!source.empty() && (source.back() == ' ' || source.back() == '\r' || source.back() == '\t'))
      source.remove_suffix(1);
    bool located = literal_block && source.size() >= row.size() && source.substr(source.size() - row.size()) == row;
    int byte = located ? static_cast<int>(source.size() - row.size()) : 0;
    for (const auto& ch : r.chars) {
      r.pos.push_back(located ? at_byte(line0, byte) : fallback);
      byte += static_cast<int>(ch.size());
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

std::optional<std::map<std::string, LegendEntry>> BoardBuilder::load_legend(const Entry& e) {
  auto pairs = read_pairs(e.value, &e, "'legend'");
  if (!pairs) return std::nullopt;
  std::map<std::string, LegendEntry> legend;
  bool ok = true;
  for (const auto& p : *pairs) {
    const std::string& key = p.key.Scalar();
    if (utf8_chars(key).size() != 1) {
      diags_.error(at(p.key), fmt::format("legend key '{}' must be a single character", key));
      ok = false;
      continue;
    }
    LegendEntry entry;
    if (p.value.IsScalar() && p.value.Scalar() == "none") {
      legend[key] = entry;
      continue;
    }
    if (!p.value.IsMap()) {
      diags_.error(at(p), fmt::format("legend entry '{}' must be 'none' or a map such as '{{}}' or "
                                      "'{{ zones: [middle] }}'",
                                      key));
      ok = false;
      continue;
    }
    entry.cell = true;
    auto f = read_fields(p.value, &p, fmt::format("legend entry '{}'", key), {"zones", "attributes"});
    if (!f) {
      ok = false;
      continue;
    }
    if (auto z = optional(*f, "zones")) {
      if (auto names = read_names(*z, "'zones'")) {
        for (const auto& n : *names) {
          if (valid_name(n.text)) entry.zones.push_back(n.text);
          else
            diags_.error(n.pos,
                         fmt::format("'{}' is not a valid zone name (use letters, digits, '-' and '_')", n.text));
        }
      }
    }
    if (auto a = optional(*f, "attributes")) {
      if (auto attrs = read_pairs(a->value, a, "'attributes'")) {
        for (const auto& kv : *attrs) {
          if (!check_name(kv.key, kv.key.Scalar(), "attribute")) continue;
          if (auto v = read_string(kv, fmt::format("attribute '{}'", kv.key.Scalar())))
            entry.attributes.emplace_back(kv.key.Scalar(), *v);
        }
      }
    }
    legend[key] = std::move(entry);
  }
  if (!ok) return std::nullopt;
  return legend;
}

void BoardBuilder::load_map(const Entry& e) {
  cells_complete_ = directions_complete_ = false;
  auto f = read_fields(e.value, &e, "'map'", {"rows", "legend"});
  if (!f) return;
  const Entry* rows_e = require(*f, "rows", e.value, "'map'");
  const Entry* legend_e = require(*f, "legend", e.value, "'map'");
  std::optional<std::map<std::string, LegendEntry>> legend;
  if (legend_e) legend = load_legend(*legend_e);
  if (!rows_e) return;

  std::vector<MapRow> rows;
  if (rows_e->value.IsScalar()) {
    rows = rows_from_block(rows_e->value);
  } else if (rows_e->value.IsSequence()) {
    for (const auto& item : rows_e->value) {
      if (!item.IsScalar()) {
        diags_.error(at(item), "expected a string of map characters in 'rows'");
        return;
      }
      MapRow r;
      r.chars = utf8_chars(item.Scalar());
      size_t byte = 0;
      for (const auto& ch : r.chars) {
        r.pos.push_back(at_piece(item, byte, ch));
        byte += ch.size();
      }
      rows.push_back(std::move(r));
    }
  } else {
    diags_.error(at(*rows_e), "expected a block of map lines for 'rows' (write 'rows: |' and the lines below it)");
    return;
  }
  if (rows.empty()) {
    diags_.error(at(*rows_e), "the map has no rows");
    return;
  }
  int files = 0;
  for (const auto& r : rows) files = std::max(files, static_cast<int>(r.chars.size()));
  if (files > kMaxFiles) {
    diags_.error(at(*rows_e), fmt::format("the map is {} characters wide; at most {} files (a..z)", files, kMaxFiles));
    return;
  }
  if (!check_size(static_cast<long long>(files) * static_cast<long long>(rows.size()), at(*rows_e))) return;
  if (!legend) return;

  // The top line is the highest rank.
  GridShape shape{files, static_cast<int>(rows.size()), std::vector<bool>(files * rows.size(), false)};
  std::set<std::string> reported;
  for (int i = 0; i < shape.ranks; ++i) {
    int rank = shape.ranks - 1 - i;
    for (int file = 0; file < static_cast<int>(rows[i].chars.size()); ++file) {
      const std::string& ch = rows[i].chars[file];
      auto it = legend->find(ch);
      if (it == legend->end()) {
        if (reported.insert(ch).second) {
          std::vector<std::string> keys;
          for (const auto& [k, v] : *legend) keys.push_back(k);
          diags_.error(rows[i].pos[file],
                       fmt::format("map character '{}' is not in the legend (legend: {})", ch, join(keys, " ")));
        }
        unmade_.insert(grid_cell_name(file, rank));
        continue;
      }
      shape.present[rank * files + file] = it->second.cell;
    }
  }
  add_grid(board_, shape, false);
  long long named = 0;
  std::set<std::string> keys;
  for (int i = 0; i < shape.ranks; ++i)
    for (const auto& ch : rows[i].chars)
      if (auto it = legend->find(ch); it != legend->end()) {
        named += static_cast<long long>(it->second.zones.size() + it->second.attributes.size());
        for (const auto& [k, v] : it->second.attributes) keys.insert(k);
      }
  if (!name_cells(named, at(legend_e->key)) || !attributes_fit(keys, at(legend_e->key))) return;
  for (int i = 0; i < shape.ranks; ++i) {
    int rank = shape.ranks - 1 - i;
    for (int file = 0; file < static_cast<int>(rows[i].chars.size()); ++file) {
      auto it = legend->find(rows[i].chars[file]);
      if (it == legend->end() || !it->second.cell) continue;
      int c = board_.find_cell(grid_cell_name(file, rank));
      for (const auto& z : it->second.zones) board_.add_to_zone(z, c);
      for (const auto& [k, v] : it->second.attributes) board_.set_attribute(c, k, v);
    }
  }
  orientations_ = compass_orientations(board_);
  cells_complete_ = directions_complete_ = true;
}

}  // namespace tabula::board_loading
