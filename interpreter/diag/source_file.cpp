#include "diag/source_file.hpp"

#include <fstream>
#include <sstream>

namespace tabula {

std::string_view SourceFile::line(int n) const {
  if (n < 1) return {};
  std::string_view rest = text;
  for (int i = 1; i < n; ++i) {
    auto nl = rest.find('\n');
    if (nl == std::string_view::npos) return {};
    rest.remove_prefix(nl + 1);
  }
  auto nl = rest.find('\n');
  auto line = rest.substr(0, nl);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::optional<SourceFile> read_source_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream ss;
  ss << in.rdbuf();
  return SourceFile{path, ss.str()};
}

}  // namespace tabula
