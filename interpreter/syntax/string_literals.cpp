#include "syntax/string_literals.hpp"

#include <algorithm>
#include <optional>
#include <vector>

namespace tabula::parsing {

std::string unescape(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size()) {
      char c = body[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += body[i];
    }
  }
  return out;
}

namespace {

bool only_blanks(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t'; });
}

}  // namespace

// Triple-quoted strings: CRLF becomes LF; one newline right after the opening """ is
// removed; then the longest common prefix of blanks (spaces and tabs, compared literally)
// of the lines that are not blank is removed from every line, and blank lines become empty
// (like Python's textwrap.dedent).
std::string dedent_triple_quoted(std::string_view body, int* first_line, int* removed_indent) {
  std::string text;
  for (size_t i = 0; i < body.size(); ++i)
    if (!(body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n')) text += body[i];
  const bool newline_first = !text.empty() && text.front() == '\n';
  if (newline_first) text.erase(0, 1);
  if (first_line) *first_line = newline_first ? 1 : 0;

  std::vector<std::string_view> lines;
  std::string_view rest = text;
  while (true) {
    auto nl = rest.find('\n');
    lines.push_back(rest.substr(0, nl));
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  std::optional<std::string_view> common;
  for (auto line : lines) {
    if (only_blanks(line)) continue;
    auto indent = line.substr(0, line.find_first_not_of(" \t"));
    if (!common) {
      common = indent;
    } else {
      size_t n = 0;
      while (n < common->size() && n < indent.size() && (*common)[n] == indent[n]) ++n;
      common = common->substr(0, n);
    }
  }
  if (removed_indent) *removed_indent = common ? static_cast<int>(common->size()) : 0;
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += '\n';
    if (only_blanks(lines[i])) continue;
    out += lines[i].substr(common ? common->size() : 0);
  }
  return out;
}

}  // namespace tabula::parsing
