#include "board/board_loader.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fmt/format.h>
#include <map>
#include <set>
#include <sstream>
#include <utility>

#include "board/board_generators.hpp"

namespace tabula {
namespace {

// A key and its value, as met in a YAML map; the key keeps its position for diagnostics.
struct Entry {
  YAML::Node key;
  YAML::Node value;
};
using Fields = std::map<std::string, Entry, std::less<>>;

std::string join(const std::vector<std::string>& items, std::string_view sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

// Characters, not bytes: a UTF-8 continuation byte does not start a character.
std::vector<std::string> utf8_chars(std::string_view s) {
  std::vector<std::string> out;
  for (char ch : s) {
    if ((static_cast<unsigned char>(ch) & 0xC0) == 0x80 && !out.empty())
      out.back() += ch;
    else
      out.emplace_back(1, ch);
  }
  return out;
}

// Names of cells, zones, directions and attributes: what a rules file can spell.
bool valid_name(std::string_view s) {
  if (s.empty()) return false;
  for (char ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') return false;
  return true;
}

// "c12" -> ("c", 12); false when the name is not letters followed by a number.
bool split_coordinate(std::string_view s, std::string& letters, int& number) {
  size_t i = 0;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i == s.size()) return false;
  letters = std::string(s.substr(0, i));
  auto [end, ec] = std::from_chars(s.data() + i, s.data() + s.size(), number);
  return ec == std::errc() && end == s.data() + s.size();
}

std::string clean_yaml_message(const std::string& msg) {
  // yaml-cpp's messages are terse fragments; say what the user should look for.
  static const std::map<std::string, std::string, std::less<>> kNicer = {
      {"end of map not found", "a map is not closed here (check the indentation)"},
      {"end of map flow not found", "a '{' is not closed with '}'"},
      {"end of sequence not found", "a list is not closed here (check the indentation)"},
      {"end of sequence flow not found", "a '[' is not closed with ']'"},
      {"illegal map value", "unexpected ':' (quote the text, or put the value on its own line)"},
      {"illegal map key", "unexpected '?' key indicator"},
      {"illegal block entry", "unexpected '-' list entry (check the indentation)"},
      {"illegal flow end", "unexpected closing bracket"},
      {"unknown token", "unexpected text"},
      {"illegal EOF in scalar", "a quoted string is not closed"},
      {"illegal tab when looking for indentation", "tabs are not allowed in indentation; use spaces"},
      {"the referenced anchor is not defined", "an alias names an anchor that is not defined"},
  };
  auto it = kNicer.find(msg);
  return "invalid YAML: " + (it != kNicer.end() ? it->second : msg);
}

class BoardLoader {
 public:
  BoardLoader(const SourceFile& src, Diagnostics& diags) : src_(src), diags_(diags) {}

  std::optional<BoardGraph> load() {
    int errors_before = diags_.error_count();
    YAML::Node root;
    try {
      root = YAML::Load(src_.text);
    } catch (const YAML::Exception& e) {
      diags_.error(at(e.mark), clean_yaml_message(e.msg));
      return std::nullopt;
    } catch (const std::exception& e) {
      diags_.error(start(), std::string("invalid YAML: ") + e.what());
      return std::nullopt;
    }
    try {
      load_root(root);
    } catch (const std::exception& e) {
      // Unreachable by design (every conversion is checked); kept so no input can crash us.
      diags_.error(start(), std::string("internal error while reading the board: ") + e.what());
    }
    if (diags_.error_count() > errors_before) return std::nullopt;
    return std::move(board_);
  }

 private:
  const SourceFile& src_;
  Diagnostics& diags_;
  BoardGraph board_;
  std::vector<Orientation> orientations_;  // added last, so the file can replace defaults
  // False after an error in the part that defines cells or directions: a reference to a cell
  // that was never made would only repeat that error, so those are not reported.
  bool cells_complete_ = true;
  bool directions_complete_ = true;
  // Map cells whose character was not in the legend: only references to them are suppressed.
  std::set<std::string, std::less<>> unmade_;
  bool report_unknown_cell(std::string_view name) const { return cells_complete_ && !unmade_.count(name); }
  // Positions of explicit links, to report a link that has no way back.
  std::map<std::pair<int, int>, SourcePos> link_pos_;

  // ---------------------------------------------------------------- positions
  SourcePos start() const { return {src_.path, 1, 1}; }

  // yaml-cpp marks are 0-based and count bytes; diagnostics are 1-based and count characters.
  SourcePos at_byte(int line0, int byte_column) const {
    if (line0 < 0) return start();
    auto text = src_.line(line0 + 1);
    int column = 1;
    for (int i = 0; i < byte_column && i < static_cast<int>(text.size()); ++i)
      if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
    if (byte_column > static_cast<int>(text.size())) column += byte_column - static_cast<int>(text.size());
    return {src_.path, line0 + 1, column};
  }
  SourcePos at(const YAML::Mark& m) const { return at_byte(m.line, m.column); }
  SourcePos at(const YAML::Node& n) const { return n.IsDefined() ? at(n.Mark()) : start(); }
  // An empty value's mark is wherever the next token starts; its key is the better place.
  SourcePos at(const Entry& e) const { return e.value.IsNull() ? at(e.key) : at(e.value); }

  // Byte column where a scalar's text starts (after an opening quote).
  int text_column(const YAML::Node& scalar) const {
    int col = scalar.Mark().column;
    if (scalar.Tag() == "!" && col >= 0) {
      auto line = src_.line(scalar.Mark().line + 1);
      if (col < static_cast<int>(line.size()) && (line[col] == '"' || line[col] == '\'')) ++col;
    }
    return col;
  }
  // Position of `piece`, found at byte `offset` of a one-line scalar; the scalar's own position
  // when the source does not show it there (multi-line or escaped text).
  SourcePos at_piece(const YAML::Node& scalar, size_t offset, std::string_view piece) const {
    int line0 = scalar.Mark().line;
    if (line0 < 0) return at(scalar);
    int col = text_column(scalar) + static_cast<int>(offset);
    auto line = src_.line(line0 + 1);
    if (col >= 0 && static_cast<size_t>(col) + piece.size() <= line.size() && line.substr(col, piece.size()) == piece)
      return at_byte(line0, col);
    return at(scalar);
  }

  // ---------------------------------------------------------------- generic readers
  // The pairs of a map, reporting non-scalar and duplicate keys.
  std::optional<std::vector<Entry>> read_pairs(const YAML::Node& node, const Entry* owner, std::string_view what) {
    if (!node.IsMap()) {
      diags_.error(owner ? at(*owner) : at(node), fmt::format("expected a map for {}", what));
      return std::nullopt;
    }
    std::vector<Entry> out;
    std::map<std::string, YAML::Node> seen;
    for (auto it = node.begin(); it != node.end(); ++it) {
      if (!it->first.IsScalar()) {
        diags_.error(at(it->first), fmt::format("keys in {} must be plain names", what));
        continue;
      }
      const std::string& key = it->first.Scalar();
      if (auto [prev, fresh] = seen.emplace(key, it->first); !fresh) {
        diags_.error(at(it->first), fmt::format("duplicate key '{}'", key));
        diags_.note(at(prev->second), fmt::format("'{}' was first given here", key));
        continue;
      }
      out.push_back({it->first, it->second});
    }
    return out;
  }

  // A map with a fixed set of keys.
  std::optional<Fields> read_fields(const YAML::Node& node, const Entry* owner, std::string_view what,
                                    const std::vector<std::string>& allowed) {
    auto pairs = read_pairs(node, owner, what);
    if (!pairs) return std::nullopt;
    Fields out;
    for (auto& e : *pairs) {
      const std::string& key = e.key.Scalar();
      if (std::find(allowed.begin(), allowed.end(), key) == allowed.end()) {
        diags_.error(at(e.key), fmt::format("unknown key '{}' in {} (allowed: {})", key, what, join(allowed)));
        continue;
      }
      out.emplace(key, std::move(e));
    }
    return out;
  }

  const Entry* require(const Fields& f, const std::string& key, const YAML::Node& parent, std::string_view what) {
    auto it = f.find(key);
    if (it != f.end()) return &it->second;
    diags_.error(at(parent), fmt::format("missing key '{}' in {}", key, what));
    return nullptr;
  }

  static const Entry* optional(const Fields& f, const std::string& key) {
    auto it = f.find(key);
    return it == f.end() ? nullptr : &it->second;
  }

  std::optional<std::string> read_string(const Entry& e, std::string_view what) {
    if (e.value.IsScalar()) return e.value.Scalar();
    diags_.error(at(e), fmt::format("expected a string for {}", what));
    return std::nullopt;
  }

  std::optional<double> read_number(const Entry& e, std::string_view what) {
    if (e.value.IsScalar()) {
      const std::string& s = e.value.Scalar();
      double v = 0;
      auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return v;
    }
    diags_.error(at(e), fmt::format("expected a number for {}", what));
    return std::nullopt;
  }

  std::optional<int> read_int(const Entry& e, std::string_view what) {
    if (e.value.IsScalar()) {
      const std::string& s = e.value.Scalar();
      long long v = 0;
      auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
      if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) {
        if (v > 1'000'000'000 || v < -1'000'000'000) {
          diags_.error(at(e), fmt::format("{} is too large for {}", s, what));
          return std::nullopt;
        }
        return static_cast<int>(v);
      }
      double d = 0;
      auto [dend, dec] = std::from_chars(s.data(), s.data() + s.size(), d);
      if (dec == std::errc() && dend == s.data() + s.size() && !s.empty()) {
        diags_.error(at(e), fmt::format("expected a whole number for {}", what));
        return std::nullopt;
      }
    }
    diags_.error(at(e), fmt::format("expected a number for {}", what));
    return std::nullopt;
  }

  // A name a rules file refers to (cell, zone, direction, attribute, orientation).
  bool check_name(const YAML::Node& node, const std::string& name, std::string_view kind) {
    if (valid_name(name)) return true;
    diags_.error(at(node), fmt::format("'{}' is not a valid {} name (use letters, digits, '-' and '_')", name, kind));
    return false;
  }

  // Name lists are YAML lists or one string of space-separated names: [a1, b2] or "a1 b2".
  struct NameRef {
    std::string text;
    SourcePos pos;
  };
  std::optional<std::vector<NameRef>> read_names(const Entry& e, std::string_view what) {
    std::vector<NameRef> out;
    auto split = [&](const YAML::Node& scalar) {
      const std::string& s = scalar.Scalar();
      size_t i = 0;
      while (i < s.size()) {
        while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
        size_t j = i;
        while (j < s.size() && !std::isspace(static_cast<unsigned char>(s[j]))) ++j;
        if (j > i) out.push_back({s.substr(i, j - i), at_piece(scalar, i, std::string_view(s).substr(i, j - i))});
        i = j;
      }
    };
    if (e.value.IsScalar()) {
      split(e.value);
      return out;
    }
    if (!e.value.IsSequence()) {
      diags_.error(at(e), fmt::format("expected a list of names for {}", what));
      return std::nullopt;
    }
    for (const auto& item : e.value) {
      if (!item.IsScalar()) {
        diags_.error(at(item), fmt::format("expected a name in {}", what));
        continue;
      }
      split(item);
    }
    return out;
  }

  // ---------------------------------------------------------------- references
  // A cell or a range "a1..h1" / "c3..k11" (every file and rank between the ends, as a block;
  // cells missing inside the block, such as holes, are skipped).
  std::vector<int> resolve_cells(const NameRef& ref, std::string_view context) {
    std::vector<int> out;
    auto dots = ref.text.find("..");
    if (dots == std::string::npos) {
      int c = board_.find_cell(ref.text);
      if (c != kNoCell)
        out.push_back(c);
      else if (report_unknown_cell(ref.text))
        diags_.error(ref.pos, fmt::format("unknown cell '{}' in {}", ref.text, context));
      return out;
    }
    std::string l1, l2;
    int n1 = 0, n2 = 0;
    if (!split_coordinate(std::string_view(ref.text).substr(0, dots), l1, n1) ||
        !split_coordinate(std::string_view(ref.text).substr(dots + 2), l2, n2) || l1.size() != 1 || l2.size() != 1) {
      diags_.error(ref.pos, fmt::format("'{}' is not a range of cells like 'a1..a8' in {}", ref.text, context));
      return out;
    }
    bool unmade = false;
    for (char f = std::min(l1[0], l2[0]); f <= std::max(l1[0], l2[0]); ++f)
      for (int r = std::min(n1, n2); r <= std::max(n1, n2) && r - std::min(n1, n2) <= kMaxCells; ++r) {
        std::string name = std::string(1, f) + std::to_string(r);
        int c = board_.find_cell(name);
        if (c != kNoCell) out.push_back(c);
        unmade = unmade || unmade_.count(name);
      }
    if (out.empty() && cells_complete_ && !unmade)
      diags_.error(ref.pos, fmt::format("range '{}' in {} contains no cells", ref.text, context));
    return out;
  }

  int resolve_cell(const YAML::Node& node, std::string_view context) {
    if (!node.IsScalar()) {
      diags_.error(at(node), fmt::format("expected a cell name in {}", context));
      return kNoCell;
    }
    int c = board_.find_cell(node.Scalar());
    if (c == kNoCell && report_unknown_cell(node.Scalar()))
      diags_.error(at(node), fmt::format("unknown cell '{}' in {}", node.Scalar(), context));
    return c;
  }

  std::string direction_list() const {
    std::vector<std::string> names;
    for (int d = 0; d < board_.direction_count(); ++d) names.push_back(board_.direction(d).name);
    return join(names, " ");
  }

  int resolve_direction(const SourcePos& pos, const std::string& name, std::string_view context) {
    int d = board_.find_direction(name);
    if (d == kNoDirection && directions_complete_)
      diags_.error(pos, fmt::format("unknown direction '{}' in {} (directions: {})", name, context, direction_list()));
    return d;
  }

  // ---------------------------------------------------------------- the file
  void load_root(const YAML::Node& root) {
    if (!root.IsDefined() || root.IsNull()) {
      diags_.error(start(), "the board file is empty; it needs a shape such as 'rectangle: { files: 8, ranks: 8 }'");
      return;
    }
    static const std::vector<std::string> kTop = {"name",  "rectangle",  "hex",      "map",          "cells",
                                                  "directions", "links", "zones", "attributes", "barriers",
                                                  "orientations", "direction-groups"};
    if (!root.IsMap()) {
      diags_.error(at(root), "a board file must be a map with keys such as 'name' and 'rectangle'");
      return;
    }
    auto fields = read_fields(root, nullptr, "the board file", kTop);
    if (!fields) return;
    const Fields& f = *fields;

    board_.name = std::filesystem::path(src_.path).stem().string();
    if (auto e = optional(f, "name"))
      if (auto s = read_string(*e, "'name'")) board_.name = *s;

    // Exactly one shape.
    const Entry* shape = nullptr;
    std::string shape_key;
    for (const char* key : {"rectangle", "hex", "map", "cells"}) {
      const Entry* e = optional(f, key);
      if (!e) continue;
      if (shape) {
        // Report at whichever comes later in the file.
        bool later = e->key.Mark().line > shape->key.Mark().line ||
                     (e->key.Mark().line == shape->key.Mark().line && e->key.Mark().column > shape->key.Mark().column);
        const Entry* second = later ? e : shape;
        std::string first_key = later ? shape_key : key;
        diags_.error(at(second->key), fmt::format("'{}' cannot be combined with '{}': a board has one shape",
                                                  second->key.Scalar(), first_key));
        continue;
      }
      shape = e;
      shape_key = key;
    }
    if (!shape) {
      diags_.error(at(root), "missing the board's shape: one of 'rectangle', 'hex', 'map' or 'cells'");
      cells_complete_ = directions_complete_ = false;
    } else if (shape_key == "rectangle") {
      load_rectangle(*shape);
    } else if (shape_key == "hex") {
      load_hex(*shape);
    } else if (shape_key == "map") {
      load_map(*shape);
    } else {
      load_explicit(*shape, optional(f, "directions"), root);
    }
    if (auto e = optional(f, "directions"); e && shape_key != "cells" && shape)
      diags_.error(at(e->key), "'directions' belongs to the 'cells' form; generated boards have their own directions");

    if (auto e = optional(f, "links")) load_links(*e);
    if (auto e = optional(f, "zones")) load_zones(*e);
    if (auto e = optional(f, "attributes")) load_attributes(*e);
    if (auto e = optional(f, "barriers")) load_barriers(*e);
    if (auto e = optional(f, "direction-groups")) load_direction_groups(*e);
    if (auto e = optional(f, "orientations")) load_orientations(*e);
    check_ways_back();
    for (auto& o : orientations_) board_.add_orientation(std::move(o));
  }

  bool check_size(long long cells, const SourcePos& pos) {
    if (cells <= kMaxCells) return true;
    diags_.error(pos, fmt::format("board too large: {} cells (at most {})", cells, kMaxCells));
    return false;
  }

  // ---------------------------------------------------------------- rectangle
  void load_rectangle(const Entry& e) {
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
      if (v && (*v == "all" || *v == "corners"))
        corners = *v == "corners";
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

  // ---------------------------------------------------------------- hex
  void load_hex(const Entry& e) {
    cells_complete_ = directions_complete_ = false;
    auto f = read_fields(e.value, &e, "'hex'", {"side"});
    if (!f) return;
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

  // ---------------------------------------------------------------- map
  struct MapRow {
    std::vector<std::string> chars;
    std::vector<SourcePos> pos;  // one per character
  };

  // The block scalar's text starts on the line after its `|`; each text line is one source
  // line, indented by whatever the source shows beyond the text.
  std::vector<MapRow> rows_from_block(const YAML::Node& scalar) {
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

  struct LegendEntry {
    bool cell = false;
    std::vector<std::string> zones;
    std::vector<std::pair<std::string, std::string>> attributes;
  };

  std::optional<std::map<std::string, LegendEntry>> load_legend(const Entry& e) {
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
            if (valid_name(n.text))
              entry.zones.push_back(n.text);
            else
              diags_.error(n.pos, fmt::format("'{}' is not a valid zone name (use letters, digits, '-' and '_')", n.text));
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

  void load_map(const Entry& e) {
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

  // ---------------------------------------------------------------- explicit lists
  void load_explicit(const Entry& cells_e, const Entry* dirs_e, const YAML::Node& root) {
    load_cells(cells_e);
    if (!dirs_e) {
      diags_.error(at(root), "missing key 'directions' in the board file (the 'cells' form needs it)");
      directions_complete_ = false;
      return;
    }
    load_directions(*dirs_e);
  }

  void load_cells(const Entry& e) {
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

  void load_directions(const Entry& e) {
    if (!e.value.IsSequence()) {
      diags_.error(at(e), "expected a list for 'directions', such as '[{name: n, dx: 0, dy: 1, opposite: s}]'");
      directions_complete_ = false;
      return;
    }
    if (e.value.size() > static_cast<size_t>(kMaxDirections)) {
      diags_.error(at(e.key), fmt::format("too many directions: {} (at most {})", e.value.size(), kMaxDirections));
      directions_complete_ = false;
      return;
    }
    std::map<std::string, YAML::Node> seen;
    std::vector<std::pair<int, YAML::Node>> opposites;  // direction, its `opposite` value
    for (const auto& item : e.value) {
      auto f = read_fields(item, nullptr, "a direction", {"name", "dx", "dy", "opposite"});
      if (!f) {
        directions_complete_ = false;
        continue;
      }
      const Entry* name_e = require(*f, "name", item, "a direction");
      std::optional<std::string> name;
      if (name_e) name = read_string(*name_e, "'name'");
      double dx = 0, dy = 0;
      if (auto d = optional(*f, "dx")) dx = read_number(*d, "'dx'").value_or(0);
      if (auto d = optional(*f, "dy")) dy = read_number(*d, "'dy'").value_or(0);
      if (!name || !check_name(name_e->value, *name, "direction")) {
        directions_complete_ = false;
        continue;
      }
      if (auto [prev, fresh] = seen.emplace(*name, name_e->value); !fresh) {
        diags_.error(at(name_e->value), fmt::format("duplicate direction '{}'", *name));
        diags_.note(at(prev->second), fmt::format("'{}' was first defined here", *name));
        continue;
      }
      int d = board_.add_direction(*name, dx, dy);
      if (auto o = optional(*f, "opposite")) {
        if (o->value.IsScalar())
          opposites.emplace_back(d, o->value);
        else
          diags_.error(at(*o), "expected a direction name for 'opposite'");
      }
    }
    // Opposites pair up both ways; a pair may be declared on one side only.
    std::vector<int> declared(board_.direction_count(), kNoDirection);
    for (const auto& [d, node] : opposites) {
      int o = board_.find_direction(node.Scalar());
      if (o == kNoDirection) {
        if (directions_complete_)
          diags_.error(at(node), fmt::format("direction '{}' declares opposite '{}', which is not a direction",
                                             board_.direction(d).name, node.Scalar()));
      } else if (o == d) {
        diags_.error(at(node), fmt::format("direction '{}' cannot be its own opposite", board_.direction(d).name));
      } else {
        declared[d] = o;
      }
    }
    for (const auto& [d, node] : opposites) {
      int o = declared[d];
      if (o == kNoDirection) continue;
      if (declared[o] != kNoDirection && declared[o] != d) {
        diags_.error(at(node), fmt::format("direction '{}' declares opposite '{}', but '{}' declares opposite '{}'",
                                           board_.direction(d).name, board_.direction(o).name,
                                           board_.direction(o).name, board_.direction(declared[o]).name));
        continue;
      }
      board_.set_opposite(d, o);
    }
  }

  // ---------------------------------------------------------------- links, zones, ...
  void load_links(const Entry& e) {
    auto pairs = read_pairs(e.value, &e, "'links'");
    if (!pairs) return;
    for (const auto& p : *pairs) {
      int from = resolve_cell(p.key, "'links'");
      auto dirs = read_pairs(p.value, &p, fmt::format("the links of '{}'", p.key.Scalar()));
      if (!dirs) continue;
      for (const auto& dl : *dirs) {
        int d = resolve_direction(at(dl.key), dl.key.Scalar(), "'links'");
        int to = resolve_cell(dl.value, fmt::format("the link {} {}", p.key.Scalar(), dl.key.Scalar()));
        if (from == kNoCell || d == kNoDirection || to == kNoCell) continue;
        board_.link(from, d, to);
        link_pos_[{from, d}] = at(dl);
      }
    }
  }

  // A link along a direction that has an opposite should have its way back.
  void check_ways_back() {
    for (const auto& [key, pos] : link_pos_) {
      auto [from, d] = key;
      int to = board_.neighbour(from, d);
      int o = board_.direction(d).opposite;
      if (to == kNoCell || o == kNoDirection) continue;
      int back = board_.neighbour(to, o);
      if (back == from) continue;
      const auto& name = [&](int c) -> const std::string& { return board_.cell(c).name; };
      if (back == kNoCell)
        diags_.warning(pos, fmt::format("link {} {} {} has no way back: '{}' has no '{}' link (the opposite of '{}')",
                                        name(from), board_.direction(d).name, name(to), name(to),
                                        board_.direction(o).name, board_.direction(d).name));
      else
        diags_.warning(pos, fmt::format("link {} {} {} does not lead back: '{}' {} goes to '{}'", name(from),
                                        board_.direction(d).name, name(to), name(to), board_.direction(o).name,
                                        name(back)));
    }
  }

  void load_zones(const Entry& e) {
    auto pairs = read_pairs(e.value, &e, "'zones'");
    if (!pairs) return;
    for (const auto& p : *pairs) {
      if (!check_name(p.key, p.key.Scalar(), "zone")) continue;
      std::string context = fmt::format("zone '{}'", p.key.Scalar());
      auto refs = read_names(p, context);
      if (!refs) continue;
      for (const auto& ref : *refs)
        for (int c : resolve_cells(ref, context)) board_.add_to_zone(p.key.Scalar(), c);
    }
  }

  void load_attributes(const Entry& e) {
    auto pairs = read_pairs(e.value, &e, "'attributes'");
    if (!pairs) return;
    for (const auto& p : *pairs) {
      const std::string& key = p.key.Scalar();
      if (!check_name(p.key, key, "attribute")) continue;
      auto values = read_pairs(p.value, &p, fmt::format("attribute '{}' (values mapped to cells)", key));
      if (!values) continue;
      std::map<int, std::string> given;  // cell -> value, to catch a cell given two values
      for (const auto& v : *values) {
        std::string context = fmt::format("attribute '{}'", key);
        auto refs = read_names(v, context);
        if (!refs) continue;
        for (const auto& ref : *refs)
          for (int c : resolve_cells(ref, context)) {
            auto [prev, fresh] = given.emplace(c, v.key.Scalar());
            if (!fresh && prev->second != v.key.Scalar()) {
              diags_.error(ref.pos, fmt::format("cell '{}' is given two values for attribute '{}': '{}' and '{}'",
                                                board_.cell(c).name, key, prev->second, v.key.Scalar()));
              continue;
            }
            board_.set_attribute(c, key, v.key.Scalar());
          }
      }
    }
  }

  void load_barriers(const Entry& e) {
    if (!e.value.IsSequence()) {
      diags_.error(at(e), "expected a list of cell pairs for 'barriers', such as '[[c3, c4]]'");
      return;
    }
    std::set<std::pair<int, int>> seen;
    for (const auto& pair : e.value) {
      if (!pair.IsSequence() || pair.size() != 2) {
        diags_.error(at(pair), "a barrier is a pair of neighbouring cells, such as '[c3, c4]'");
        continue;
      }
      int a = resolve_cell(pair[0], "a barrier");
      int b = resolve_cell(pair[1], "a barrier");
      if (a == kNoCell || b == kNoCell) continue;
      if (!seen.insert({std::min(a, b), std::max(a, b)}).second) {
        diags_.error(at(pair), fmt::format("barrier {}|{} is listed twice", pair[0].Scalar(), pair[1].Scalar()));
        continue;
      }
      bool linked = false;
      for (int d = 0; d < board_.direction_count(); ++d) {
        if (board_.neighbour(a, d) == b) board_.unlink(a, d), linked = true;
        if (board_.neighbour(b, d) == a) board_.unlink(b, d), linked = true;
      }
      if (!linked) {
        diags_.error(at(pair), fmt::format("barrier cells '{}' and '{}' are not neighbours", pair[0].Scalar(),
                                           pair[1].Scalar()));
        continue;
      }
      board_.add_barrier({a, b});
    }
  }

  void load_direction_groups(const Entry& e) {
    auto pairs = read_pairs(e.value, &e, "'direction-groups'");
    if (!pairs) return;
    for (const auto& p : *pairs) {
      const std::string& name = p.key.Scalar();
      if (!check_name(p.key, name, "direction group")) continue;
      if (name == "all") {
        diags_.error(at(p.key), "the direction group 'all' is built in (every direction) and cannot be redefined");
        continue;
      }
      std::string context = fmt::format("direction group '{}'", name);
      auto refs = read_names(p, context);
      if (!refs) continue;
      std::vector<int> dirs;
      bool ok = true;
      for (const auto& ref : *refs) {
        int d = resolve_direction(ref.pos, ref.text, context);
        if (d == kNoDirection)
          ok = false;
        else if (std::find(dirs.begin(), dirs.end(), d) == dirs.end())
          dirs.push_back(d);
      }
      if (ok) board_.add_direction_group(name, std::move(dirs));
    }
  }

  void load_orientations(const Entry& e) {
    static const std::vector<std::string> kRelative = {"forward",      "backward",      "left",          "right",
                                                       "forward-left", "forward-right", "backward-left", "backward-right"};
    auto pairs = read_pairs(e.value, &e, "'orientations'");
    if (!pairs) return;
    for (const auto& p : *pairs) {
      const std::string& name = p.key.Scalar();
      if (!check_name(p.key, name, "orientation")) continue;
      std::string context = fmt::format("orientation '{}'", name);
      auto f = read_fields(p.value, &p, context, kRelative);
      if (!f) continue;
      Orientation o{name, {}};
      for (const auto& [rel, entry] : *f) {
        if (!entry.value.IsScalar()) {
          diags_.error(at(entry), fmt::format("expected a direction name for '{}' in {}", rel, context));
          continue;
        }
        int d = resolve_direction(at(entry.value), entry.value.Scalar(), context);
        if (d != kNoDirection) o.relative[rel] = d;
      }
      // Replaces a generated orientation of the same name.
      auto same = std::find_if(orientations_.begin(), orientations_.end(), [&](const Orientation& x) { return x.name == name; });
      if (same != orientations_.end())
        *same = std::move(o);
      else
        orientations_.push_back(std::move(o));
    }
  }
};

}  // namespace

std::optional<BoardGraph> load_board(const SourceFile& src, Diagnostics& diags) { return BoardLoader(src, diags).load(); }

std::optional<BoardGraph> load_board_file(const std::string& path, Diagnostics& diags, SourceRegistry& sources) {
  auto file = read_source_file(path);
  if (!file) {
    diags.error({path, 0, 0}, fmt::format("cannot open board file '{}'", path));
    return std::nullopt;
  }
  sources.add(*file);
  return load_board(*file, diags);
}

}  // namespace tabula
