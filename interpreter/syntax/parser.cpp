// The parser's driver: runs the grammar (grammar.hpp) with the tree-building actions
// (parse_actions.hpp) and the syntax-error control (syntax_errors.hpp), and recovers from
// each syntax error at the next line, so one run reports every syntax error.
//
// How errors are recovered: a must<> failure throws a SyntaxError; the driver records it,
// discards the half-built statement, skips to the next line (tracking the '{' and '}' it
// skips, outside strings and comments) and restarts the grammar there, keeping the stack of
// open blocks. The skipped statement is listed in RulesFile::broken, with the names written
// on it, so the checker can still run on the rest (lang/syntax_cascade.hpp).
//
// A '{' whose '}' is missing makes the rest of the file its block. A second reading then
// takes the file's indentation as the hint: a statement written at the level of an open
// block's first line, in a block whose statements are indented, ends that block.
#include "syntax/parser.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
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

// The names written in text[from, to), outside comments and strings: what a broken
// statement there may have declared or used.
std::vector<std::string> words_in(std::string_view text, size_t from, size_t to) {
  std::vector<std::string> words;
  auto starts = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
  auto continues = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  size_t i = from;
  while (i < to) {
    char c = text[i];
    if (c == '#') {
      while (i < to && text[i] != '\n') ++i;
    } else if (c == '"') {
      ++i;
      while (i < to && text[i] != '"' && text[i] != '\n') i += text[i] == '\\' ? 2 : 1;
      ++i;
    } else if (starts(c)) {
      size_t j = i;
      while (j < to && (continues(text[j]) || (text[j] == '-' && j + 1 < to && continues(text[j + 1])))) ++j;
      words.emplace_back(text.substr(i, j - i));
      i = j;
    } else if (continues(c)) {  // a number, or the rest of a cell name such as 10a
      while (i < to && continues(text[i])) ++i;
    } else {
      ++i;
    }
  }
  return words;
}

// The statement an error broke, from its keyword (or from the start of the error's line, when
// no keyword was read), with the blocks it is in; record_skipped adds what the parser skips.
struct BrokenStart {
  BrokenStatement statement;
  size_t from = 0;  // its first byte
};

BrokenStart broken_at(const ParseState& st, size_t report) {
  std::string_view text = st.source.text;
  size_t from = st.statement_start;
  if (st.current.keyword.empty()) {
    from = std::min(report, text.size());
    while (from > st.first && text[from - 1] != '\n') --from;
  }
  BrokenStart b;
  b.from = from;
  b.statement.file = st.source.path;
  b.statement.first_line = st.pos(from).line;
  for (const auto& open : st.blocks)
    if (!open.discard) b.statement.enclosing.push_back(open.statement.pos);
  return b;
}

void record_skipped(ParseState& st, BrokenStart b, size_t resume) {
  resume = std::min(resume, st.source.text.size());
  b.statement.words = words_in(st.source.text, b.from, resume);
  if (!b.statement.words.empty()) {
    b.statement.keyword = std::move(b.statement.words.front());
    b.statement.words.erase(b.statement.words.begin());
  }
  b.statement.last_line = st.pos(resume > b.from ? resume - 1 : b.from).line;
  st.broken.push_back(std::move(b.statement));
}

struct Reading {
  RulesFile file;
  Diagnostics diags;
  bool blocks_left_open = false;
};

// One reading of the whole file. `close_on_dedent`: the second reading of a file that left a
// block open (see parse_rules_recovering).
Reading read_rules(const SourceFile& source, bool close_on_dedent) {
  Reading out;
  const std::string& text = source.text;
  size_t start = text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? 3 : 0;  // UTF-8 byte order mark
  ParseState st(source, start, out.diags);
  st.close_on_dedent = close_on_dedent;

  size_t at = start;
  try {
    while (at <= text.size()) {
      p::memory_input<p::tracking_mode::lazy, p::eol::lf_crlf> in(text.data() + at, text.data() + text.size(),
                                                                  source.path);
      size_t report = at, scan = at;
      try {
        if (!p::parse<gr::file, action, control>(in, st))
          st.error(at, "syntax error");  // cannot happen: line_item never fails
        break;
      } catch (const SyntaxError& e) {
        st.error(e.report, e.message);
        report = e.report;
        scan = std::max(e.scan, at);
      } catch (const p::parse_error& e) {  // cannot happen either: every raise has its message
        report = scan = at + (e.positions().empty() ? 0 : e.positions().front().byte);
        st.error(report, std::string(e.message()));
      }
      BrokenStart broken = broken_at(st, report);
      // A broken statement that had opened its block: the block is still open.
      if (st.brace_pending) st.open_block(Statement{}, st.pending_brace, true);
      size_t resume = skip_line(st, scan);
      record_skipped(st, std::move(broken), resume);
      st.reset_transient();
      at = resume;
      if (at >= text.size()) break;
    }
    out.blocks_left_open = !st.blocks.empty();
    // At its '{', where the fix goes, not at the end of the file, which says little.
    for (const auto& b : st.blocks)
      st.error(b.brace, fmt::format("this block is never closed: expected '}}' before the end of the file (line {})",
                                    st.pos(text.size()).line));
  } catch (const TooManyErrors&) {
    // The diagnostics already say so ("too many errors").
  }
  // A block left open holds the rest of the file: nothing after its '{' is checked.
  for (const auto& b : st.blocks) {
    BrokenStatement rest;
    rest.file = source.path;
    rest.first_line = st.pos(b.brace).line;
    rest.last_line = st.pos(text.size()).line;
    st.broken.push_back(std::move(rest));
  }
  out.file = RulesFile{source.path, std::move(st.top), std::move(st.broken)};
  return out;
}

}  // namespace

RulesFile parse_rules_recovering(const SourceFile& source, Diagnostics& diags) {
  Reading first = read_rules(source, false);
  // A block whose '}' is missing swallows the rest of the file. When the file's blocks are
  // indented, a second reading closes it where the indentation returns to its level, and is
  // kept when it finds no more errors than the first: the rest of the file is then checked.
  if (first.blocks_left_open && !first.diags.error_limit_reached()) {
    Reading second = read_rules(source, true);
    if (second.diags.errors_seen() <= first.diags.errors_seen()) first = std::move(second);
  }
  for (const auto& d : first.diags.items()) diags.add(d.severity, d.pos, d.message);
  // Past the limit the parser stopped reading: the rest of the file is not checked either.
  if (first.diags.error_limit_reached())
    first.file.broken.push_back({source.path, 1, std::numeric_limits<int>::max(), {}, {}, {}});
  return std::move(first.file);
}

std::optional<RulesFile> parse_rules(const SourceFile& source, Diagnostics& diags) {
  int before = diags.errors_seen();
  RulesFile file = parse_rules_recovering(source, diags);
  if (diags.errors_seen() > before || !file.broken.empty()) return std::nullopt;
  return file;
}

}  // namespace tabula
