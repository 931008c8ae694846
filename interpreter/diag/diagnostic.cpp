#include "diag/diagnostic.hpp"

#include <fmt/format.h>

namespace tabula {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

// The limit's note, as add() words it below ("too many errors; stopping after 100").
bool Diagnostics::is_limit_note(const Diagnostic& d) {
  return d.severity == Severity::note && d.pos.line == 0 && d.message.starts_with("too many ");
}

void Diagnostics::add(Severity s, SourcePos pos, std::string message) {
  if (s == Severity::note) {
    if (last_kept_) items_.push_back({s, std::move(pos), std::move(message)});
    return;
  }
  bool is_error = s == Severity::error;
  int& seen = is_error ? errors_seen_ : warnings_seen_;
  int limit = is_error ? kMaxErrors : kMaxWarnings;
  last_kept_ = ++seen <= limit;
  if (last_kept_) {
    errors_kept_ += is_error;
    items_.push_back({s, std::move(pos), std::move(message)});
  } else if (seen == limit + 1) {
    // The note names the file of the first diagnostic dropped, not its line: it is about
    // the rest of the file.
    items_.push_back({Severity::note, SourcePos{std::move(pos.file), 0, 0},
                      fmt::format("too many {}; stopping after {}", is_error ? "errors" : "warnings", limit)});
  }
}

}  // namespace tabula
