#pragma once
// Golden diagnostics: a bad input file carries its expected diagnostics inline, as comments
//   # expect-error: 12:5: unknown direction 'fowrad'
//   # expect-warning: 3:1: zone 'far' is never used
// and a test compares them with what the loader, parser or checker reports, exactly.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "test_support.hpp"

namespace tabula::testing {

// "error: 12:5: message" lines, sorted, from the `# expect-...:` comments of a file.
inline std::vector<std::string> expected_diagnostics(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    for (const char* sev : {"error", "warning"}) {
      std::string tag = std::string("# expect-") + sev + ": ";
      auto at = line.find(tag);
      if (at != std::string::npos) out.push_back(std::string(sev) + ": " + line.substr(at + tag.size()));
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The same form for what a pass actually reported (notes are not compared).
inline std::vector<std::string> reported_diagnostics(const Diagnostics& diags) {
  std::vector<std::string> out;
  for (const auto& d : diags.items()) {
    if (d.severity == Severity::note) continue;
    out.push_back(std::string(d.severity == Severity::error ? "error" : "warning") + ": " + std::to_string(d.pos.line) +
                  ":" + std::to_string(d.pos.column) + ": " + d.message);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Every file with the given extension under tests/golden/<sub>; none is an error (a test
// over an empty set would pass having checked nothing).
inline std::vector<std::filesystem::path> golden_files(const std::string& sub, const std::string& ext) {
  std::vector<std::filesystem::path> out;
  for (const auto& e :
       std::filesystem::directory_iterator(std::filesystem::path(TABULA_SOURCE_DIR) / "tests" / "golden" / sub))
    if (e.path().extension() == ext) out.push_back(e.path());
  if (out.empty()) throw std::runtime_error("no " + ext + " file under tests/golden/" + sub);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace tabula::testing
