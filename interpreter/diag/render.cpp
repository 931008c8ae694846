#include "diag/render.hpp"

#include <fmt/format.h>

namespace tabula {
namespace {

const char* severity_name(Severity s) {
  switch (s) {
    case Severity::error: return "error";
    case Severity::warning: return "warning";
    case Severity::note: return "note";
  }
  return "error";
}

// The caret's indent: tabs are copied so the caret lines up in any tab width; a UTF-8
// sequence is one column because columns count characters.
std::string caret_indent(std::string_view line, int column) {
  std::string indent;
  int col = 1;
  for (size_t i = 0; i < line.size() && col < column; ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    if ((c & 0xC0) == 0x80) continue;  // continuation byte of a UTF-8 sequence
    indent += c == '\t' ? '\t' : ' ';
    ++col;
  }
  while (col++ < column) indent += ' ';
  return indent;
}

}  // namespace

std::string render(const Diagnostic& d, const SourceRegistry& sources) {
  std::string out;
  if (d.pos.line > 0)
    out = fmt::format("{}:{}:{}: {}: {}\n", d.pos.file, d.pos.line, d.pos.column, severity_name(d.severity), d.message);
  else if (!d.pos.file.empty())
    out = fmt::format("{}: {}: {}\n", d.pos.file, severity_name(d.severity), d.message);
  else
    out = fmt::format("{}: {}\n", severity_name(d.severity), d.message);
  if (d.pos.line > 0) {
    if (const SourceFile* f = sources.find(d.pos.file)) {
      auto line = f->line(d.pos.line);
      out += fmt::format("  {}\n  {}^\n", line, caret_indent(line, d.pos.column));
    }
  }
  return out;
}

std::string render_all(const Diagnostics& ds, const SourceRegistry& sources) {
  std::string out;
  for (const auto& d : ds.items()) out += render(d, sources);
  return out;
}

}  // namespace tabula
