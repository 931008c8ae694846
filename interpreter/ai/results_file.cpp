#include "ai/results_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>

namespace tabula {

std::string ResultsFile::location(size_t i) const { return fmt::format("{}:{}", path, line_numbers.at(i)); }

bool looks_like_results_line(const std::string& text) { return text.rfind("{\"study\":", 0) == 0; }

std::optional<ResultsFile> read_results_file(const std::string& path, std::string& error, bool digest_moves) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    error = fmt::format("cannot read '{}': it is a directory", path);
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = fmt::format("cannot read '{}': {}", path, std::strerror(errno));
    return std::nullopt;
  }
  ResultsFile file;
  file.path = path;
  std::string text, why;
  uint64_t offset = 0;
  for (int n = 1; std::getline(in, text); ++n) {
    bool has_newline = !in.eof();
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
      line->game.moves = fmt::format("#{:014x}", std::hash<std::string>{}(line->game.moves) >> 8);
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
