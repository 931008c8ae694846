#include "diag/source_file.hpp"

#include "diag/regular_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include <fmt/format.h>

namespace tabula {
namespace fs = std::filesystem;

namespace {

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

// Line ends of old Mac files (a CR alone) become LF, in place: every reader then sees the
// lines the author saw, and byte offsets stay as they were. CRLF stays (readers allow it).
std::string with_lone_cr_as_lf(std::string text) {
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\r' && (i + 1 == text.size() || text[i + 1] != '\n')) text[i] = '\n';
  return text;
}

}  // namespace

SourceFile::SourceFile(std::string path_, std::string text_)
    : path(std::move(path_)), text(with_lone_cr_as_lf(std::move(text_))) {
  line_starts_.push_back(0);
  block_columns_.reserve(text.size() / kBlock + 1);
  int column = 1;
  for (size_t i = 0; i < text.size(); ++i) {
    if (i % kBlock == 0) block_columns_.push_back(column);
    if (text[i] == '\n') {
      line_starts_.push_back(i + 1);
      column = 1;
    } else if (!is_continuation_byte(text[i])) {
      ++column;
    }
  }
}

int SourceFile::column_of(int n, size_t byte) const {
  if (n < 1 || n > line_count()) return static_cast<int>(byte) + 1;
  size_t start = line_starts_[n - 1];
  size_t end = n < line_count() ? line_starts_[n] - 1 : text.size();
  size_t offset = start + std::min(byte, end - start);
  // Count from the last block start on this line (or the line's start).
  size_t from = offset / kBlock * kBlock;
  int column = 1;
  if (from >= start && from / kBlock < block_columns_.size()) column = block_columns_[from / kBlock];
  else from = start;
  for (size_t i = from; i < offset; ++i) column += !is_continuation_byte(text[i]);
  return column + static_cast<int>(byte - (offset - start));
}

std::pair<int, int> SourceFile::position_of(size_t offset) const {
  offset = std::min(offset, text.size());
  auto after = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
  int line = static_cast<int>(after - line_starts_.begin());
  return {line, column_of(line, offset - line_starts_[line - 1])};
}

std::string_view SourceFile::line(int n) const {
  if (n < 1 || n > line_count()) return {};
  size_t start = line_starts_[n - 1];
  size_t end = n < line_count() ? line_starts_[n] - 1 : text.size();
  std::string_view line = std::string_view(text).substr(start, end - start);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::uintmax_t max_input_bytes(std::string_view kind) {
  return kind == "game record" ? kMaxRecordBytes : kMaxInputBytes;
}

const char* max_input_text(std::string_view kind) { return kind == "game record" ? kMaxRecordText : kMaxInputText; }

bool has_extension(const std::string& path, std::initializer_list<std::string_view> extensions) {
  std::string ext = fs::path(path).extension().string();
  for (auto& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::find(extensions.begin(), extensions.end(), ext) != extensions.end();
}

std::optional<NotText> find_non_text(std::string_view text) {
  size_t i = 0, n = text.size();
  while (i < n) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c == 0) return NotText{i, "a NUL byte"};
    if (c < 0x80) {
      ++i;
      continue;
    }
    // The well-formed sequences of the Unicode standard (table 3-7): no overlong forms, no
    // surrogates, nothing past U+10FFFF.
    size_t len = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    bool ok = len > 0 && i + len <= n;
    if (ok) {
      auto c1 = static_cast<unsigned char>(text[i + 1]);
      unsigned lo = c == 0xE0 ? 0xA0 : c == 0xF0 ? 0x90 : 0x80;
      unsigned hi = c == 0xED ? 0x9F : c == 0xF4 ? 0x8F : 0xBF;
      ok = c1 >= lo && c1 <= hi;
      for (size_t k = 2; ok && k < len; ++k) ok = (static_cast<unsigned char>(text[i + k]) & 0xC0) == 0x80;
    }
    if (!ok) return NotText{i, fmt::format("the byte 0x{:02X}, which is not UTF-8", c)};
    i += len;
  }
  return std::nullopt;
}

std::optional<SourceFile> read_source_file(const std::string& path, std::string_view kind, std::string& error) {
  std::string text;
  switch (read_regular_file(path, max_input_bytes(kind), text)) {
    case FileRead::ok: break;
    case FileRead::missing:
    case FileRead::unreadable: error = fmt::format("cannot open {} file '{}'", kind, path); return std::nullopt;
    case FileRead::directory:
      error = fmt::format("'{}' is a directory, not a {} file", path, kind);
      return std::nullopt;
    case FileRead::not_regular:
      error =
          fmt::format("'{}' is not a regular file (a device or a pipe?); a {} file must be a regular file", path, kind);
      return std::nullopt;
    case FileRead::too_large:
      error = fmt::format("'{}' is larger than the {} limit for {} files", path, max_input_text(kind), kind);
      return std::nullopt;
  }
  if (auto bad = find_non_text(text)) {
    SourceFile where(path, text.substr(0, bad->offset));
    int line = where.line_count();
    error = fmt::format("'{}' is not a text file: line {} has {}; a {} file must be UTF-8 text", path, line, bad->what,
                        kind);
    return std::nullopt;
  }
  return SourceFile{path, std::move(text)};
}

}  // namespace tabula
