#pragma once
// A diagnostic is data (kind, location, message); rendering it is separate (render.hpp).
#include <string>
#include <vector>

namespace tabula {

// One-based line and column (columns count characters, not bytes).
struct SourcePos {
  std::string file;
  int line = 0;
  int column = 0;
};

enum class Severity { error, warning, note };

struct Diagnostic {
  Severity severity = Severity::error;
  SourcePos pos;
  std::string message;
};

// Collects every diagnostic a pass can find, so one run reports all of them.
class Diagnostics {
 public:
  void error(SourcePos pos, std::string message) { add(Severity::error, std::move(pos), std::move(message)); }
  void warning(SourcePos pos, std::string message) { add(Severity::warning, std::move(pos), std::move(message)); }
  void note(SourcePos pos, std::string message) { add(Severity::note, std::move(pos), std::move(message)); }
  void add(Severity s, SourcePos pos, std::string message) { items_.push_back({s, std::move(pos), std::move(message)}); }
  void append(const Diagnostics& other) { items_.insert(items_.end(), other.items_.begin(), other.items_.end()); }

  bool has_errors() const {
    for (const auto& d : items_)
      if (d.severity == Severity::error) return true;
    return false;
  }
  int error_count() const {
    int n = 0;
    for (const auto& d : items_) n += d.severity == Severity::error;
    return n;
  }
  const std::vector<Diagnostic>& items() const { return items_; }
  bool empty() const { return items_.empty(); }

 private:
  std::vector<Diagnostic> items_;
};

}  // namespace tabula
