#include "board/yaml_reader.hpp"

#include <fmt/format.h>
#include <cctype>
#include <charconv>

namespace tabula::board_loading {

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : std::string(sep)) + s;
  return out;
}

std::vector<std::string> utf8_chars(std::string_view s) {
  std::vector<std::string> out;
  for (char ch : s) {
    if ((static_cast<unsigned char>(ch) & 0xC0) == 0x80 && !out.empty()) out.back() += ch;
    else out.emplace_back(1, ch);
  }
  return out;
}

bool valid_name(std::string_view s) {
  if (s.empty()) return false;
  for (char ch : s)
    if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_') return false;
  return true;
}

std::string clean_yaml_message(const std::string& msg) {
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

bool more_values_than(const YAML::Node& root, size_t limit) {
  std::vector<YAML::Node> pending{root};
  size_t count = 0;
  while (!pending.empty()) {
    YAML::Node node = pending.back();
    pending.pop_back();
    if (++count > limit) return true;
    if (node.IsSequence()) {
      for (const auto& item : node) pending.push_back(item);
    } else if (node.IsMap()) {
      for (auto it = node.begin(); it != node.end(); ++it) {
        pending.push_back(it->first);
        pending.push_back(it->second);
      }
    }
  }
  return false;
}

SourcePos YamlReader::start() const { return {src_.path, 1, 1}; }

SourcePos YamlReader::at_byte(int line0, int byte_column) const {
  if (line0 < 0) return start();
  return {src_.path, line0 + 1, byte_column < 0 ? 1 : src_.column_of(line0 + 1, static_cast<size_t>(byte_column))};
}

SourcePos YamlReader::at(const YAML::Mark& m) const { return at_byte(m.line, m.column); }

SourcePos YamlReader::at(const YAML::Node& n) const { return n.IsDefined() ? at(n.Mark()) : start(); }

SourcePos YamlReader::at(const Entry& e) const { return e.value.IsNull() ? at(e.key) : at(e.value); }

int YamlReader::text_column(const YAML::Node& scalar) const {
  int col = scalar.Mark().column;
  if (scalar.Tag() == "!" && col >= 0) {
    auto line = src_.line(scalar.Mark().line + 1);
    if (col < static_cast<int>(line.size()) && (line[col] == '"' || line[col] == '\'')) ++col;
  }
  return col;
}

SourcePos YamlReader::at_piece(const YAML::Node& scalar, size_t offset, std::string_view piece) const {
  int line0 = scalar.Mark().line;
  if (line0 < 0) return at(scalar);
  int col = text_column(scalar) + static_cast<int>(offset);
  auto line = src_.line(line0 + 1);
  if (col >= 0 && static_cast<size_t>(col) + piece.size() <= line.size() && line.substr(col, piece.size()) == piece)
    return at_byte(line0, col);
  return at(scalar);
}

std::optional<std::vector<Entry>> YamlReader::read_pairs(const YAML::Node& node, const Entry* owner,
                                                         std::string_view what) {
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

std::optional<Fields> YamlReader::read_fields(const YAML::Node& node, const Entry* owner, std::string_view what,
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

const Entry* YamlReader::require(const Fields& f, const std::string& key, const YAML::Node& parent,
                                 std::string_view what) {
  auto it = f.find(key);
  if (it != f.end()) return &it->second;
  diags_.error(at(parent), fmt::format("missing key '{}' in {}", key, what));
  return nullptr;
}

const Entry* YamlReader::optional(const Fields& f, const std::string& key) {
  auto it = f.find(key);
  return it == f.end() ? nullptr : &it->second;
}

std::optional<std::string> YamlReader::read_string(const Entry& e, std::string_view what) {
  if (e.value.IsScalar()) return e.value.Scalar();
  diags_.error(at(e), fmt::format("expected a string for {}", what));
  return std::nullopt;
}

std::optional<double> YamlReader::read_number(const Entry& e, std::string_view what) {
  if (e.value.IsScalar()) {
    const std::string& s = e.value.Scalar();
    double v = 0;
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) return v;
  }
  diags_.error(at(e), fmt::format("expected a number for {}", what));
  return std::nullopt;
}

std::optional<int> YamlReader::read_int(const Entry& e, std::string_view what) {
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

bool YamlReader::check_name(const YAML::Node& node, const std::string& name, std::string_view kind) {
  if (valid_name(name)) return true;
  diags_.error(at(node), fmt::format("'{}' is not a valid {} name (use letters, digits, '-' and '_')", name, kind));
  return false;
}

std::optional<std::vector<NameRef>> YamlReader::read_names(const Entry& e, std::string_view what) {
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

}  // namespace tabula::board_loading
