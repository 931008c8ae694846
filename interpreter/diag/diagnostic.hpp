#pragma once
// A diagnostic is data (kind, location, message); rendering it is separate (render.hpp).
#include <string>
#include <vector>

namespace tabula {

// One-based line and column (columns count characters, not bytes). Line 0: the diagnostic
// is about the whole file (or, with no file either, about the command).
struct SourcePos {
  std::string file;
  int line = 0;
  int column = 0;
};

enum class Severity { error, warning, note };

// "error", "warning" or "note": as rendered, and in JSON and SARIF reports.
const char* severity_name(Severity s);

struct Diagnostic {
  Severity severity = Severity::error;
  SourcePos pos;
  std::string message;
};

// Collects every diagnostic a pass can find, so one run reports all of them, up to a limit
// that every producer (parser, checker, board loader, design warnings) shares: a file that
// is not what it should be must not flood the terminal. Past kMaxErrors errors the next
// error becomes one note, "too many errors; stopping after 100", and later errors are
// dropped; warnings have their own limit and note. A note belongs to the error or warning
// before it and is dropped with it.
class Diagnostics {
 public:
  static constexpr int kMaxErrors = 100;
  static constexpr int kMaxWarnings = 100;

  void error(SourcePos pos, std::string message) { add(Severity::error, std::move(pos), std::move(message)); }
  void warning(SourcePos pos, std::string message) { add(Severity::warning, std::move(pos), std::move(message)); }
  void note(SourcePos pos, std::string message) { add(Severity::note, std::move(pos), std::move(message)); }
  // Whether `d` is the note a limit adds ("too many errors; stopping after 100"): about the
  // rest of its file, not about the message before it.
  static bool is_limit_note(const Diagnostic& d);
  void add(Severity s, SourcePos pos, std::string message);

  // True when any error was reported, also one past the limit.
  bool has_errors() const { return errors_seen_ > 0; }
  // Every error reported, also those past the limit (so a pass can tell whether it found an
  // error when the collection was already full).
  int errors_seen() const { return errors_seen_; }
  // The errors kept: at most kMaxErrors.
  int error_count() const { return errors_kept_; }
  // True once an error was dropped: a producer may stop looking for more.
  bool error_limit_reached() const { return errors_seen_ > kMaxErrors; }

  const std::vector<Diagnostic>& items() const { return items_; }
  bool empty() const { return items_.empty(); }

 private:
  std::vector<Diagnostic> items_;
  int errors_seen_ = 0, errors_kept_ = 0;
  int warnings_seen_ = 0;
  bool last_kept_ = true;  // whether the last error or warning was kept (its notes follow it)
};

}  // namespace tabula
