#pragma once
// The text of an input file, kept so diagnostics can quote the offending line.
#include <optional>
#include <string>
#include <string_view>

namespace tabula {

struct SourceFile {
  std::string path;
  std::string text;

  // The 1-based line `n` without its newline; empty when out of range.
  std::string_view line(int n) const;
};

// Reads a whole file; nullopt when it cannot be opened.
std::optional<SourceFile> read_source_file(const std::string& path);

}  // namespace tabula
