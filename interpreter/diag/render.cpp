#include "diag/render.hpp"

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

#include <fmt/format.h>

namespace tabula {
namespace {

// A quoted line wider than this is cut to a window around the caret.
constexpr int kMaxQuotedColumns = 120;
// The window's width when cut, and how much of it comes before the caret.
constexpr int kWindowColumns = kMaxQuotedColumns - 8;
constexpr int kWindowBeforeCaret = kWindowColumns / 2;

bool is_continuation_byte(unsigned char c) { return (c & 0xC0) == 0x80; }

// A lead byte and its continuation bytes form a well-formed UTF-8 sequence.
bool valid_utf8(std::string_view s) {
  auto c = static_cast<unsigned char>(s[0]);
  size_t len = c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
  return len == s.size();
}

// Calls `each(index, text)` for every character of the line (columns count characters: a
// byte that is not a UTF-8 continuation byte starts one) with its text as it is shown:
// control characters and malformed UTF-8 are shown as '?', so a quote never sends the
// terminal anything but text.
template <typename Each>
void for_each_char(std::string_view line, Each each) {
  int index = 0;
  for (size_t i = 0; i < line.size();) {
    size_t j = i + 1;
    while (j < line.size() && is_continuation_byte(static_cast<unsigned char>(line[j]))) ++j;
    std::string_view ch = line.substr(i, j - i);
    auto c = static_cast<unsigned char>(ch[0]);
    bool control = ch.size() == 1 && ((c < 0x20 && c != '\t') || c == 0x7F);
    each(index++, control || !valid_utf8(ch) ? std::string_view("?") : ch);
    i = j;
  }
}

// The quoted line and the caret line under it. Tabs are copied into the caret's indent so
// the caret lines up in any tab width. A line wider than kMaxQuotedColumns shows only a
// window around the caret, with "..." where it was cut; the header keeps the file's column.
std::string quote(std::string_view line, int column) {
  int n = 0;
  for_each_char(line, [&](int, std::string_view) { ++n; });
  int caret = std::max(column, 1) - 1;  // index of the character under the caret
  int from = 0, to = n;
  if (n > kMaxQuotedColumns) {
    from = std::clamp(caret - kWindowBeforeCaret, 0, std::max(n - kWindowColumns, 0));
    to = std::min(n, from + kWindowColumns);
  }
  std::string text = from > 0 ? "..." : "";
  std::string indent = from > 0 ? "   " : "";
  for_each_char(line, [&](int i, std::string_view ch) {
    if (i < from || i >= to) return;
    text += ch;
    if (i < caret) indent += ch == "\t" ? '\t' : ' ';
  });
  if (to < n) text += "...";
  // A caret after the last character (an error at the end of the line), never further out
  // than a window's width.
  for (int i = to; i < caret && static_cast<int>(indent.size()) <= kMaxQuotedColumns; ++i) indent += ' ';
  return fmt::format("  {}\n  {}^\n", text, indent);
}

}  // namespace

std::string printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    size_t j = i + 1;
    while (j < text.size() && j - i < 4 && is_continuation_byte(static_cast<unsigned char>(text[j]))) ++j;
    std::string_view ch = text.substr(i, j - i);
    auto c = static_cast<unsigned char>(ch[0]);
    const bool control = ch.size() == 1 && ((c < 0x20 && c != '\t' && c != '\n') || c == 0x7F);
    if (!control && valid_utf8(ch)) {
      out += ch;
    } else {  // each byte of it shown by its value
      for (char byte : ch) out += fmt::format("\\x{:02X}", static_cast<unsigned char>(byte));
    }
    i = j;
  }
  return out;
}

std::string render(const Diagnostic& d, const SourceRegistry& sources) {
  std::string out;
  const std::string file = printable(d.pos.file), message = printable(d.message);
  if (d.pos.line > 0)
    out = fmt::format("{}:{}:{}: {}: {}\n", file, d.pos.line, d.pos.column, severity_name(d.severity), message);
  else if (!d.pos.file.empty()) out = fmt::format("{}: {}: {}\n", file, severity_name(d.severity), message);
  else out = fmt::format("{}: {}\n", severity_name(d.severity), message);
  if (d.pos.line > 0)
    if (const SourceFile* f = sources.find(d.pos.file)) out += quote(f->line(d.pos.line), d.pos.column);
  return out;
}

std::string render_all(const Diagnostics& ds, const SourceRegistry& sources) {
  // In the order of the files and their lines, as a compiler lists them, not in the order
  // the passes found them; a note stays after the message it belongs to, and a limit's note
  // comes last.
  struct Unit {
    size_t file = 0;  // the file's place among the files, in the order they first come
    int line = 0, column = 0;
    size_t first = 0, end = 0;  // items [first, end): a message and its notes
  };
  const auto& items = ds.items();
  std::vector<std::string> files;
  std::vector<Unit> units;
  for (size_t i = 0; i < items.size(); ++i) {
    const Diagnostic& d = items[i];
    const bool limit_note = Diagnostics::is_limit_note(d);
    if (d.severity == Severity::note && !limit_note && !units.empty()) {
      units.back().end = i + 1;
      continue;
    }
    const auto known = std::find(files.begin(), files.end(), d.pos.file);
    const size_t file = static_cast<size_t>(known - files.begin());
    if (known == files.end()) files.push_back(d.pos.file);
    units.push_back({limit_note ? SIZE_MAX : file, d.pos.line, d.pos.column, i, i + 1});
  }
  std::stable_sort(units.begin(), units.end(), [](const Unit& a, const Unit& b) {
    return std::tie(a.file, a.line, a.column) < std::tie(b.file, b.line, b.column);
  });
  std::string out;
  for (const Unit& u : units)
    for (size_t i = u.first; i < u.end; ++i) out += render(items[i], sources);
  return out;
}

std::string error_count_text(const Diagnostics& ds) {
  if (ds.error_limit_reached()) return fmt::format("more than {} errors", Diagnostics::kMaxErrors);
  return fmt::format("{} error{}", ds.error_count(), ds.error_count() == 1 ? "" : "s");
}

}  // namespace tabula
