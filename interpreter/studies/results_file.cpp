#include "studies/results_file.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "diag/source_file.hpp"

namespace tabula {

std::string ResultsFile::location(size_t i) const { return fmt::format("{}:{}", path, line_numbers.at(i)); }

bool looks_like_results_line(const std::string& text) { return text.rfind("{\"study\":", 0) == 0; }

namespace {

// std::getline, but a line stops growing one byte past kMaxResultsLineBytes (the rest of it
// is skipped): a file without line breaks must not take all memory. Read a block at a time
// (a line may be tens of megabytes).
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  bool any = false;
  static thread_local std::string chunk(1 << 16, '\0');
  for (;;) {
    in.getline(chunk.data(), static_cast<std::streamsize>(chunk.size()));
    const auto got = static_cast<size_t>(in.gcount());
    const bool ended = !in.fail() && !in.eof();  // at a newline, which gcount counts
    const bool full = in.fail() && !in.eof();    // the block is full: the line goes on
    any = any || got > 0;
    const size_t stored = ended ? got - 1 : got;
    if (line.size() <= kMaxResultsLineBytes)
      line.append(chunk.data(), std::min<size_t>(stored, kMaxResultsLineBytes + 1 - line.size()));
    if (ended) return true;
    if (!full) return any;  // the end of the stream
    in.clear();
  }
}

}  // namespace

std::optional<ResultsFile> read_results_file(const std::string& path, std::string& error, bool digest_moves) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = fmt::format("cannot read '{}': it is a directory", path);
    return std::nullopt;
  }
  // A device such as /dev/zero would never end (docs/ROBUSTNESS.md, "Input limits").
  auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    error =
        fmt::format("'{}' is not a regular file (a device or a pipe?); a results file must be a regular file", path);
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  return read_results(in, path, error, digest_moves);
}

std::optional<ResultsFile> read_results(std::istream& in, const std::string& path, std::string& error,
                                        bool digest_moves) {
  ResultsFile file;
  file.path = path;
  std::string text, why;
  uint64_t offset = 0;
  for (int n = 1; read_line(in, text); ++n) {
    bool has_newline = !in.eof();
    if (text.size() > kMaxResultsLineBytes) {
      error = fmt::format(
          "{}:{}: the line is longer than the {} limit for a line of a results file "
          "(kMaxResultsLineBytes), longer than any line tabula writes",
          path, n, kMaxResultsLineText);
      return std::nullopt;
    }
    uint64_t line_start = offset;
    offset += text.size() + (has_newline ? 1 : 0);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (text.empty()) {
      file.complete_size = offset;
      continue;
    }
    auto line = parse_result_line(text, why);
    if (!line) {
      if (!has_newline && looks_like_results_line(text)) {  // cut off while being written
        file.incomplete_line = n;
        file.complete_size = line_start;
        break;
      }
      error = fmt::format("{}:{}: {}", path, n, why);
      return std::nullopt;
    }
    // Lines of one study share one Study (a million lines, one copy); 15 characters of
    // digest stay inside a std::string's own buffer.
    const auto& study = line->origin.study;
    if (!file.lines.empty()) {
      const auto& last = file.lines.back().origin.study;
      if (last->rules.file == study->rules.file && last->difference(*study).empty()) line->origin.study = last;
    }
    if (digest_moves) {
      line->game.moves = moves_digest(line->game.moves);
      line->game.moves.shrink_to_fit();  // assigning a short string keeps the long one's buffer
    }
    file.lines.push_back(std::move(*line));
    file.line_numbers.push_back(n);
    file.complete_size = offset;
    file.ends_without_newline = !has_newline;
  }
  if (in.bad()) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  return file;
}

}  // namespace tabula
