#include "lang/syntax_cascade.hpp"

#include <cctype>
#include <string>

namespace tabula {
namespace {

// Whether `message` quotes `word` as a name: 'pawn', or 'white=' (an argument).
bool quotes(const std::string& message, const std::string& word) {
  const std::string quoted = "'" + word;
  for (size_t at = message.find(quoted); at != std::string::npos; at = message.find(quoted, at + 1)) {
    size_t end = at + quoted.size();
    if (end < message.size() &&
        (std::isalnum(static_cast<unsigned char>(message[end])) || message[end] == '_' || message[end] == '-'))
      continue;
    return true;
  }
  return false;
}

bool may_follow(const Diagnostic& d, const BrokenStatement& b) {
  if (d.pos.file == b.file && d.pos.line >= b.first_line && d.pos.line <= b.last_line) return true;
  for (const auto& at : b.enclosing)
    if (d.pos.file == at.file && d.pos.line == at.line) return true;
  // Messages cite a statement in backquotes (add `board "FILE.yaml"`), a name in quotes.
  if (!b.keyword.empty() && d.message.find("`" + b.keyword) != std::string::npos) return true;
  for (const auto& word : b.words)
    if (quotes(d.message, word)) return true;
  return false;
}

}  // namespace

void add_unless_cascade(const Diagnostics& from, const std::vector<BrokenStatement>& broken, Diagnostics& to) {
  bool kept = true;  // a note goes with the diagnostic before it
  for (const auto& d : from.items()) {
    if (d.severity != Severity::note) {
      kept = true;
      for (const auto& b : broken)
        if (may_follow(d, b)) kept = false;
    }
    if (kept) to.add(d.severity, d.pos, d.message);
  }
}

}  // namespace tabula
