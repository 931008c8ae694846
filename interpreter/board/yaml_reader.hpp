#pragma once
// Reading a YAML file with located diagnostics: yaml-cpp's marks (0-based, in bytes) become
// 1-based positions in characters, and each reader of a map, a string, a number or a list of
// names reports what it expected where the file has something else. The board loader
// (board_builder.hpp) is built on it.
#include <yaml-cpp/yaml.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/source_file.hpp"

namespace tabula::board_loading {

// A key and its value, as met in a YAML map; the key keeps its position for diagnostics.
struct Entry {
  YAML::Node key;
  YAML::Node value;
};
using Fields = std::map<std::string, Entry, std::less<>>;

// Name lists are YAML lists or one string of space-separated names: [a1, b2] or "a1 b2".
struct NameRef {
  std::string text;
  SourcePos pos;
};

// "a, b, c".
std::string join(const std::vector<std::string>& items, std::string_view sep = ", ");
// Characters, not bytes: a UTF-8 continuation byte does not start a character.
std::vector<std::string> utf8_chars(std::string_view s);
// Names of cells, zones, directions and attributes: what a rules file can spell.
bool valid_name(std::string_view s);
// "invalid YAML: ..." with yaml-cpp's terse fragments replaced by what to look for.
std::string clean_yaml_message(const std::string& msg);
// True when `root` has more than `limit` values (keys, values and list items), an alias
// counted in full each time it is used, as a reader that visits every value sees them.
// Counting stops past the limit, so a document of aliases of aliases costs no more.
bool more_values_than(const YAML::Node& root, size_t limit);

class YamlReader {
 public:
  YamlReader(const SourceFile& src, Diagnostics& diags) : src_(src), diags_(diags) {}

  // Positions.
  SourcePos start() const;
  // yaml-cpp marks are 0-based and count bytes; diagnostics are 1-based and count characters.
  SourcePos at_byte(int line0, int byte_column) const;
  SourcePos at(const YAML::Mark& m) const;
  SourcePos at(const YAML::Node& n) const;
  // An empty value's mark is wherever the next token starts; its key is the better place.
  SourcePos at(const Entry& e) const;
  // Position of `piece`, found at byte `offset` of a one-line scalar; the scalar's own position
  // when the source does not show it there (multi-line or escaped text).
  SourcePos at_piece(const YAML::Node& scalar, size_t offset, std::string_view piece) const;

  // Readers: each reports what it expected at the value's position and returns nullopt.
  // The pairs of a map, reporting non-scalar and duplicate keys.
  std::optional<std::vector<Entry>> read_pairs(const YAML::Node& node, const Entry* owner, std::string_view what);
  // A map with a fixed set of keys.
  std::optional<Fields> read_fields(const YAML::Node& node, const Entry* owner, std::string_view what,
                                    const std::vector<std::string>& allowed);
  const Entry* require(const Fields& f, const std::string& key, const YAML::Node& parent, std::string_view what);
  static const Entry* optional(const Fields& f, const std::string& key);
  std::optional<std::string> read_string(const Entry& e, std::string_view what);
  std::optional<double> read_number(const Entry& e, std::string_view what);
  std::optional<int> read_int(const Entry& e, std::string_view what);
  // A name a rules file refers to (cell, zone, direction, attribute, orientation).
  bool check_name(const YAML::Node& node, const std::string& name, std::string_view kind);
  std::optional<std::vector<NameRef>> read_names(const Entry& e, std::string_view what);

 protected:
  const SourceFile& src_;
  Diagnostics& diags_;

 private:
  // Byte column where a scalar's text starts (after an opening quote).
  int text_column(const YAML::Node& scalar) const;
};

}  // namespace tabula::board_loading
