// The board loader's entry points, the file's top-level keys (exactly one shape, then links,
// zones, attributes, barriers, direction groups and orientations) and the references to
// cells and directions that every part resolves.
#include "board/board_loader.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>

#include "board/board_builder.hpp"
#include "board/board_generators.hpp"

namespace tabula {
namespace board_loading {
namespace {

// "c12" -> ("c", 12); false when the name is not letters followed by a number.
bool split_coordinate(std::string_view s, std::string& letters, int& number) {
  size_t i = 0;
  while (i < s.size() && std::isalpha(static_cast<unsigned char>(s[i]))) ++i;
  if (i == 0 || i == s.size()) return false;
  letters = std::string(s.substr(0, i));
  auto [end, ec] = std::from_chars(s.data() + i, s.data() + s.size(), number);
  return ec == std::errc() && end == s.data() + s.size();
}

}  // namespace

BoardBuilder::BoardBuilder(const SourceFile& src, Diagnostics& diags) : YamlReader(src, diags) {}

std::optional<BoardGraph> BoardBuilder::load() {
  int errors_before = diags_.errors_seen();
  YAML::Node root;
  try {
    // Every document is read, so that a second one (after a `---` line) is an error rather
    // than a board silently read in half.
    std::vector<YAML::Node> documents = YAML::LoadAll(src_.text);
    if (documents.size() > 1) {
      const YAML::Mark mark = documents[1].Mark();
      diags_.error(mark.is_null() ? start() : at(mark),
                   fmt::format("the board file holds {} YAML documents (split by '---' lines); a board file is "
                               "one document",
                               documents.size()));
      return std::nullopt;
    }
    if (!documents.empty()) root = documents[0];
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
  if (diags_.errors_seen() > errors_before) return std::nullopt;
  return std::move(board_);
}

bool BoardBuilder::report_unknown_cell(std::string_view name) const { return cells_complete_ && !unmade_.count(name); }

bool BoardBuilder::name_cells(long long n, const SourcePos& pos) {
  bool over = cells_named_ > kMaxCellsNamed;
  cells_named_ += n;
  if (over) return false;
  if (cells_named_ <= kMaxCellsNamed) return true;
  diags_.error(pos, fmt::format("zones, attributes and ranges name more than {} cells in all (a cell named again "
                                "counts again)",
                                kMaxCellsNamed));
  return false;
}

bool BoardBuilder::attributes_fit(const std::set<std::string>& keys, const SourcePos& pos) {
  size_t count = board_.attributes().size();
  for (const auto& k : keys) count += !board_.attributes().count(k);
  if (count <= static_cast<size_t>(kMaxAttributes)) return true;
  diags_.error(pos, fmt::format("too many attributes: {} (at most {})", count, kMaxAttributes));
  return false;
}

void BoardBuilder::load_root(const YAML::Node& root) {
  if (!root.IsDefined() || root.IsNull()) {
    diags_.error(start(), "the board file is empty; it needs a shape such as 'rectangle: { files: 8, ranks: 8 }'");
    return;
  }
  static const std::vector<std::string> kTop = {"name",       "rectangle",  "hex",          "map",
                                                "cells",      "directions", "links",        "zones",
                                                "attributes", "barriers",   "orientations", "direction-groups",
                                                "style",      "leaps"};
  // A YAML file that is not a board at all (its top level is not a map, or none of its keys
  // is a board key) is one error about the whole file, which quotes nothing of it.
  bool board_key = false;
  if (root.IsMap())
    for (auto it = root.begin(); it != root.end() && !board_key; ++it)
      board_key = it->first.IsScalar() && std::find(kTop.begin(), kTop.end(), it->first.Scalar()) != kTop.end();
  if (!board_key) {
    diags_.error({src_.path, 0, 0},
                 "not a board file: a board file is a YAML map with keys such as 'name' and 'rectangle'");
    return;
  }
  if (more_values_than(root, kMaxYamlValues)) {
    diags_.error(start(), fmt::format("the board file has more than {} YAML values (an alias counts every value of its "
                                      "anchor each time it is used)",
                                      kMaxYamlValues));
    return;
  }
  auto fields = read_fields(root, nullptr, "the board file", kTop);
  if (!fields) return;
  const Fields& f = *fields;

  board_.name = std::filesystem::path(src_.path).stem().string();
  if (auto e = optional(f, "name"))
    if (auto s = read_string(*e, "'name'")) board_.name = *s;
  if (auto e = optional(f, "style")) {
    if (auto s = read_string(*e, "'style'"); s && (*s == "points" || *s == "holes")) board_.style = *s;
    else if (s)
      diags_.error(at(e->value),
                   fmt::format("unknown style '{}'; a board's style is points (pieces where the lines of the "
                               "board cross) or holes (a frame with a hole for each cell); without one, cells "
                               "are drawn by their shape",
                               *s));
  }

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

  if (auto e = optional(f, "leaps"); e && shape && cells_complete_ && directions_complete_)
    load_leaps(*e, shape_key == "rectangle" || shape_key == "map");
  if (auto e = optional(f, "links")) load_links(*e);
  if (auto e = optional(f, "zones")) load_zones(*e);
  if (auto e = optional(f, "attributes")) load_attributes(*e);
  if (auto e = optional(f, "barriers")) load_barriers(*e);
  if (auto e = optional(f, "direction-groups")) load_direction_groups(*e);
  if (auto e = optional(f, "orientations")) load_orientations(*e);
  check_ways_back();
  for (auto& o : orientations_) board_.add_orientation(std::move(o));
}

bool BoardBuilder::check_size(long long cells, const SourcePos& pos) {
  if (cells <= kMaxCells) return true;
  diags_.error(pos, fmt::format("board too large: {} cells (at most {})", cells, kMaxCells));
  return false;
}

std::vector<int> BoardBuilder::resolve_cells(const NameRef& ref, std::string_view context) {
  std::vector<int> out;
  auto dots = ref.text.find("..");
  if (dots == std::string::npos) {
    if (!name_cells(1, ref.pos)) return out;
    int c = board_.find_cell(ref.text);
    if (c != kNoCell) out.push_back(c);
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
  // Only the names the board can have are tried: files up to its last letter, ranks up to its
  // highest number (map cells left out by the legend included, so they stay unreported).
  if (!grid_extent_) {
    grid_extent_.emplace('a', 1);
    auto extend = [&](std::string_view name) {
      std::string letters;
      int number = 0;
      if (split_coordinate(name, letters, number) && letters.size() == 1)
        grid_extent_ = std::pair{std::max(grid_extent_->first, letters[0]), std::max(grid_extent_->second, number)};
    };
    for (int c = 0; c < board_.cell_count(); ++c) extend(board_.cell(c).name);
    for (const auto& name : unmade_) extend(name);
  }
  char f1 = std::min(l1[0], l2[0]), f2 = std::min(std::max(l1[0], l2[0]), grid_extent_->first);
  int r1 = std::min(n1, n2), r2 = std::min(std::max(n1, n2), grid_extent_->second);
  long long span = f2 < f1 || r2 < r1 ? 0 : static_cast<long long>(f2 - f1 + 1) * (r2 - r1 + 1);
  if (!name_cells(span, ref.pos)) return out;
  bool unmade = false;
  for (char f = f1; f <= f2; ++f)
    for (int r = r1; r <= r2; ++r) {
      std::string name = std::string(1, f) + std::to_string(r);
      int c = board_.find_cell(name);
      if (c != kNoCell) out.push_back(c);
      unmade = unmade || unmade_.count(name);
    }
  if (out.empty() && cells_complete_ && !unmade)
    diags_.error(ref.pos, fmt::format("range '{}' in {} contains no cells", ref.text, context));
  return out;
}

int BoardBuilder::resolve_cell(const YAML::Node& node, std::string_view context) {
  if (!node.IsScalar()) {
    diags_.error(at(node), fmt::format("expected a cell name in {}", context));
    return kNoCell;
  }
  int c = board_.find_cell(node.Scalar());
  if (c == kNoCell && report_unknown_cell(node.Scalar()))
    diags_.error(at(node), fmt::format("unknown cell '{}' in {}", node.Scalar(), context));
  return c;
}

std::string BoardBuilder::direction_list() const {
  std::vector<std::string> names;
  for (int d = 0; d < board_.direction_count(); ++d) names.push_back(board_.direction(d).name);
  return join(names, " ");
}

int BoardBuilder::resolve_direction(const SourcePos& pos, const std::string& name, std::string_view context) {
  int d = board_.find_direction(name);
  if (d == kNoDirection && directions_complete_)
    diags_.error(pos, fmt::format("unknown direction '{}' in {} (directions: {})", name, context, direction_list()));
  return d;
}

}  // namespace board_loading

std::optional<BoardGraph> load_board(const SourceFile& src, Diagnostics& diags) {
  return board_loading::BoardBuilder(src, diags).load();
}

bool is_board_path(const std::string& path) { return has_extension(path, {".yaml", ".yml"}); }

std::string not_a_board_file(const std::string& path) {
  return fmt::format("'{}' is not a board file (its name must end in .yaml or .yml)", path);
}

std::optional<BoardGraph> load_board_file(const std::string& path, Diagnostics& diags, SourceRegistry& sources,
                                          const SourcePos* named_at) {
  SourcePos about_file = named_at ? *named_at : SourcePos{path, 0, 0};
  if (!is_board_path(path)) {
    diags.error(about_file, not_a_board_file(path));
    return std::nullopt;
  }
  std::string why;
  auto file = sources.read(path, "board", why);
  if (!file) {
    diags.error(about_file, why);
    return std::nullopt;
  }
  sources.add(*file);
  return load_board(*file, diags);
}

}  // namespace tabula
