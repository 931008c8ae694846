// The parser's driver: runs the grammar (grammar.hpp) with the tree-building actions
// (parse_actions.hpp) and the syntax-error control (syntax_errors.hpp), and recovers from
// each syntax error at the next line, so one run reports every syntax error.
//
// How errors are recovered: a must<> failure throws a SyntaxError; the driver records it,
// discards the half-built statement, skips to the next line (tracking the '{' and '}' it
// skips, outside strings and comments) and restarts the grammar there, keeping the stack of
// open blocks.
#include "syntax/parser.hpp"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "syntax/grammar.hpp"
#include "syntax/parse_actions.hpp"
#include "syntax/parse_state.hpp"
#include "syntax/syntax_errors.hpp"

namespace tabula {
namespace {

namespace p = tao::pegtl;
namespace gr = tabula::grammar;
using parsing::action;
using parsing::control;
using parsing::ParseState;
using parsing::SyntaxError;
using parsing::TooManyErrors;

// Skips from `from` to the start of the next line that is not part of the broken statement
// (continuation lines and multi-line strings are skipped too). Braces skipped outside
// strings and comments still open and close blocks, so the nesting stays right.
size_t skip_line(ParseState& st, size_t from) {
  std::string_view text = st.source.text;
  size_t i = from, n = text.size();
  while (i < n) {
    char c = text[i];
    if (c == '\n') return i + 1;
    if (c == '#') {
      while (i < n && text[i] != '\n') ++i;
      continue;
    }
    if (text.substr(i, 3) == "\"\"\"") {
      auto close = text.find("\"\"\"", i + 3);
      if (close == std::string_view::npos) return n;
      i = close + 3;
      continue;
    }
    if (c == '"') {
      ++i;
      while (i < n && text[i] != '"' && text[i] != '\n')
        i += (text[i] == '\\' && i + 1 < n && text[i + 1] != '\n') ? 2 : 1;
      if (i < n && text[i] == '"') ++i;
      continue;
    }
    if (c == '\\') {
      size_t j = i + 1;
      while (j < n && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r')) ++j;
      if (j < n && text[j] == '\n') {
        i = j + 1;
        continue;
      }
    }
    if (c == '{') st.open_block(Statement{}, i, true);
    if (c == '}') st.close_block();
    ++i;
  }
  return n;
}

}  // namespace

std::optional<RulesFile> parse_rules(const SourceFile& source, Diagnostics& diags) {
  const std::string& text = source.text;
  size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // UTF-8 byte order mark
  ParseState st(source, start, diags);

  size_t at = start;
  try {
    while (at <= text.size()) {
      p::memory_input<p::tracking_mode::lazy, p::eol::lf_crlf> in(text.data() + at, text.data() + text.size(),
                                                                  source.path);
      try {
        if (!p::parse<gr::file, action, control>(in, st))
          st.error(at, "syntax error");  // cannot happen: line_item never fails
        break;
      } catch (const SyntaxError& e) {
        st.error(e.report, e.message);
        // A broken statement that had opened its block: the block is still open.
        if (st.brace_pending) st.open_block(Statement{}, st.pending_brace, true);
        st.reset_transient();
        at = skip_line(st, std::max(e.scan, at));
      } catch (const p::parse_error& e) {  // cannot happen either: every raise has its message
        size_t where = at + (e.positions().empty() ? 0 : e.positions().front().byte);
        st.error(where, std::string(e.message()));
        if (st.brace_pending) st.open_block(Statement{}, st.pending_brace, true);
        st.reset_transient();
        at = skip_line(st, where);
      }
      if (at >= text.size()) break;
    }
    // At its '{', where the fix goes, not at the end of the file, which says little.
    for (const auto& b : st.blocks)
      st.error(b.brace, fmt::format("this block is never closed: expected '}}' before the end of the file (line {})",
                                    st.pos(text.size()).line));
  } catch (const TooManyErrors&) {
    // The diagnostics already say so ("too many errors").
  }
  if (st.errors > 0) return std::nullopt;
  return RulesFile{source.path, std::move(st.top)};
}

}  // namespace tabula
