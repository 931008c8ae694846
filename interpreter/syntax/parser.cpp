// Builds the syntax tree of a rules file with the PEGTL grammar of grammar.hpp, turns the
// grammar's must<> failures into diagnostics and recovers at the next line, so one run
// reports every syntax error.
//
// How the tree is built: the grammar commits after the first token of every construct (see
// grammar.hpp), so an action never runs on a path that is later backtracked. The actions
// push finished expressions on a value stack; operators, open parentheses/calls and marks
// for alternatives live on their own stacks. Statements are finished by the action of the
// `statement` rule; a statement that opens a block is pushed on the stack of open blocks
// and appended to its parent when its '}' is read.
//
// How errors are recovered: a must<> failure throws a SyntaxError (with a message built from
// the table below and the parser state); the driver records it, discards the half-built
// statement, skips to the next line (tracking the '{' and '}' it skips, outside strings and
// comments) and restarts the grammar there, keeping the stack of open blocks.
#include "syntax/parser.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <string_view>
#include <type_traits>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "syntax/grammar.hpp"

namespace tabula {
namespace {

namespace p = tao::pegtl;
namespace gr = tabula::grammar;

constexpr int kMaxNesting = 64;        // parentheses/calls/prefix operators, and blocks
constexpr int kMaxExprHeight = 1000;   // height of an expression tree (long operator chains)
constexpr int kMaxErrors = 100;        // stop reporting after this many syntax errors

// ---------------------------------------------------------------------------------------
// Positions: byte offset -> 1-based line and column (columns count UTF-8 characters).
// ---------------------------------------------------------------------------------------

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

class LineMap {
 public:
  LineMap(std::string_view text, size_t first) : text_(text), first_(first) {
    starts_.push_back(0);
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == '\n') starts_.push_back(i + 1);
  }

  std::pair<int, int> at(size_t offset) const {
    offset = std::min(offset, text_.size());
    size_t line = static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) - starts_.begin());
    size_t start = std::max(starts_[line - 1], line == 1 ? first_ : 0);
    // Positions are mostly asked for in increasing order: continue from the last one on the
    // same line, so a very long line does not cost quadratic time.
    size_t from = start;
    int column = 1;
    if (cache_line_ == line && cache_offset_ <= offset && cache_offset_ >= start) {
      from = cache_offset_;
      column = cache_column_;
    }
    for (size_t i = from; i < offset; ++i)
      if (!is_continuation_byte(text_[i])) ++column;
    cache_line_ = line;
    cache_offset_ = offset;
    cache_column_ = column;
    return {static_cast<int>(line), column};
  }

 private:
  std::string_view text_;
  size_t first_;  // offset of the first character (after a UTF-8 byte order mark)
  std::vector<size_t> starts_;
  mutable size_t cache_line_ = 0, cache_offset_ = 0;
  mutable int cache_column_ = 1;
};

// ---------------------------------------------------------------------------------------
// Parser state
// ---------------------------------------------------------------------------------------

// A syntax error that aborts the current line. `report` is where the diagnostic points,
// `scan` where the recovery starts skipping (inside a string: the string's opening quote).
struct SyntaxError {
  size_t report;
  size_t scan;
  std::string message;
};
struct TooManyErrors {};

struct OpenBlock {
  Statement statement;
  size_t brace = 0;       // offset of its '{'
  bool discard = false;   // a block of a broken statement, or one nested too deeply
  bool too_deep = false;
};

struct Group {            // an open '(' or call
  std::string call;       // the function name; empty for a parenthesis
  size_t offset = 0;
  size_t mark = 0;        // value stack size before the call's arguments
};

struct Op {
  std::string text;
  size_t offset = 0;
};

struct ParseState {
  const SourceFile& source;
  const LineMap& lines;
  Diagnostics& diags;
  const char* base;
  int errors = 0;

  // Transient: the statement being parsed (reset after an error).
  std::vector<Expr> values;
  std::vector<int> heights;  // tree height of each value
  std::vector<Op> ops;
  std::vector<Group> groups;
  std::vector<size_t> alt_marks;
  int depth = 0;
  size_t string_open = 0;
  Statement current;
  bool in_items = false;
  bool brace_pending = false;
  size_t pending_brace = 0;
  std::string arg_name;
  size_t arg_name_offset = 0;
  size_t last_offset = 0;  // where the value being pushed starts (for the height error)
  size_t last_end = 0;     // where the last value read ends
  bool stray_close = false;
  size_t stray_close_offset = 0;

  // Persistent across errors.
  std::vector<OpenBlock> blocks;
  std::vector<Statement> top;

  ParseState(const SourceFile& s, const LineMap& l, Diagnostics& d) : source(s), lines(l), diags(d), base(s.text.data()) {}

  size_t offset(const char* at) const { return static_cast<size_t>(at - base); }
  SourcePos pos(size_t offset) const {
    auto [line, column] = lines.at(offset);
    return SourcePos{source.path, line, column};
  }

  // Records an error without interrupting the parse.
  void error(size_t at, std::string message) {
    diags.error(pos(at), std::move(message));
    if (++errors >= kMaxErrors) throw TooManyErrors{};
  }

  // Pushes a finished value; `height` is the height of its tree. Long operator chains make
  // tall trees, which would make every later recursive walk of the tree risky.
  void push(Expr e, int height) {
    if (height > kMaxExprHeight)
      throw SyntaxError{last_offset, last_offset,
                        fmt::format("expression too long or too deeply nested (the limit is {} levels)", kMaxExprHeight)};
    values.push_back(std::move(e));
    heights.push_back(height);
  }
  std::pair<Expr, int> pop() {
    // The grammar guarantees the operands are there; stay safe anyway.
    if (values.empty()) return {Expr{}, 1};
    std::pair<Expr, int> out{std::move(values.back()), heights.back()};
    values.pop_back();
    heights.pop_back();
    return out;
  }
  Op pop_op() {
    if (ops.empty()) return {};
    Op op = std::move(ops.back());
    ops.pop_back();
    return op;
  }

  std::vector<Statement>& container() { return blocks.empty() ? top : blocks.back().statement.block; }

  void open_block(Statement s, size_t brace, bool discard) {
    if (static_cast<int>(blocks.size()) >= kMaxNesting) {
      bool already = blocks.back().too_deep;
      blocks.push_back({std::move(s), brace, true, true});
      if (!already) error(brace, fmt::format("blocks nested too deeply (the limit is {} levels)", kMaxNesting));
      return;
    }
    blocks.push_back({std::move(s), brace, discard, false});
  }

  // Closes the innermost block (a '}' without an open block is reported by the caller).
  void close_block() {
    if (blocks.empty()) return;
    OpenBlock b = std::move(blocks.back());
    blocks.pop_back();
    if (!b.discard) container().push_back(std::move(b.statement));
  }

  void finish_statement() {
    Statement s = std::move(current);
    current = Statement{};
    in_items = false;
    if (s.has_block) {
      brace_pending = false;
      open_block(std::move(s), pending_brace, false);
    } else {
      container().push_back(std::move(s));
    }
  }

  void reset_transient() {
    values.clear();
    heights.clear();
    ops.clear();
    groups.clear();
    alt_marks.clear();
    depth = 0;
    current = Statement{};
    in_items = false;
    brace_pending = false;
    stray_close = false;
  }
};

// ---------------------------------------------------------------------------------------
// Error messages of the must<> points (PEGTL's error_message pattern). Placeholders:
//   {token}  what the input holds at the error: character '@', 'word', end of line, ...
//   {op}     the operator just read
//   {call}   the function of the innermost open call
//   {open}   line:column of the innermost open '(' or call
//   {escape}  the escape sequence at the error: '\q'
// ---------------------------------------------------------------------------------------

template <typename Rule> inline constexpr const char* error_message = nullptr;

template <> inline constexpr const char* error_message<gr::continuation_eol> = "expected a line break right after '\\' (a '\\' at the end of a line continues the statement)";
template <> inline constexpr const char* error_message<gr::number_end> = "unexpected {token} after a number";
template <> inline constexpr const char* error_message<gr::escape_code> = "unknown escape sequence {escape} (a string may use \\\" \\\\ \\n and \\t)";
template <> inline constexpr const char* error_message<gr::string_close> = "unterminated string";
template <> inline constexpr const char* error_message<gr::triple_close> = "unterminated triple-quoted string (no closing \"\"\")";
template <> inline constexpr const char* error_message<gr::paren_inner> = "expected an expression after '('";
template <> inline constexpr const char* error_message<gr::paren_close> = "expected ')' to close the '(' opened at {open}";
template <> inline constexpr const char* error_message<gr::call_arg> = "expected an expression after ',' in the call to '{call}'";
template <> inline constexpr const char* error_message<gr::call_close> = "expected ')' to close the call to '{call}'";
template <> inline constexpr const char* error_message<gr::range_end> = "expected a value after '..'";
template <typename S> inline constexpr const char* error_message<gr::alt_choice<S>> = "expected a value after '|'";
template <typename S> inline constexpr const char* error_message<gr::neg_operand<S>> = "expected an expression after '-'";
template <typename S> inline constexpr const char* error_message<gr::mul_operand<S>> = "expected an expression after '{op}'";
template <typename S> inline constexpr const char* error_message<gr::add_operand<S>> = "expected an expression after '{op}'";
template <typename S> inline constexpr const char* error_message<gr::cmp_operand<S>> = "expected an expression after '{op}'";
template <> inline constexpr const char* error_message<gr::chained_comparison> = "comparisons cannot be chained: write 'a < b and b < c'";
template <typename S> inline constexpr const char* error_message<gr::not_operand<S>> = "expected an expression after 'not'";
template <typename S> inline constexpr const char* error_message<gr::and_operand<S>> = "expected an expression after 'and'";
template <typename S> inline constexpr const char* error_message<gr::or_operand<S>> = "expected an expression after 'or'";
template <> inline constexpr const char* error_message<gr::arg_value> = "expected an expression after '='";
template <> inline constexpr const char* error_message<gr::condition_expr> = "expected a condition after 'if'";
template <> inline constexpr const char* error_message<gr::block_line_end> = "expected a line break after '{' (a block's statements start on the next line)";
template <> inline constexpr const char* error_message<gr::statement_end> = "unexpected {token}";
template <> inline constexpr const char* error_message<gr::close_end> = "unexpected {token} after '}'";
template <> inline constexpr const char* error_message<gr::misplaced_brace> = "'{' must be on the same line as the statement whose block it opens";
template <> inline constexpr const char* error_message<gr::keyword_expected> = "expected a statement keyword such as 'piece' or 'move'";

// A readable description of the input at `at`.
std::string describe_at(std::string_view text, size_t at) {
  if (at >= text.size()) return "end of file";
  auto c = static_cast<unsigned char>(text[at]);
  if (c == '\n' || (c == '\r' && at + 1 < text.size() && text[at + 1] == '\n')) return "end of line";
  auto is_word = [](unsigned char ch) { return std::isalnum(ch) || ch == '_' || ch == '-'; };
  if (std::isalnum(c) || c == '_') {
    size_t end = at;
    while (end < text.size() && end - at < 40 && is_word(static_cast<unsigned char>(text[end]))) ++end;
    while (end > at + 1 && text[end - 1] == '-') --end;
    return fmt::format("'{}'", text.substr(at, end - at));
  }
  if (c >= 0x20 && c < 0x7F) return fmt::format("character '{}'", static_cast<char>(c));
  if (c < 0x20 || c == 0x7F) return fmt::format("character U+{:04X}", c);
  // A UTF-8 sequence?
  int len = c >= 0xF0 && c <= 0xF4 ? 4 : c >= 0xE0 ? 3 : c >= 0xC2 && c <= 0xDF ? 2 : 0;
  if (c >= 0xF5) len = 0;
  if (len > 0 && at + len <= text.size()) {
    bool ok = true;
    for (int i = 1; i < len; ++i) ok = ok && is_continuation_byte(text[at + i]);
    if (ok) return fmt::format("character '{}'", text.substr(at, len));
  }
  return fmt::format("byte 0x{:02X} (not valid UTF-8)", c);
}

bool at_line_end(std::string_view text, size_t at) {
  return at >= text.size() || text[at] == '\n' || (text[at] == '\r' && at + 1 < text.size() && text[at + 1] == '\n');
}

std::string expand(std::string_view message, size_t at, const ParseState& st) {
  std::string_view text = st.source.text;
  std::string out;
  while (!message.empty()) {
    auto brace = message.find('{');
    auto close = brace == std::string_view::npos ? brace : message.find('}', brace);
    if (close == std::string_view::npos) {
      out += message;
      break;
    }
    out += message.substr(0, brace);
    auto name = message.substr(brace + 1, close - brace - 1);
    if (name == "token") {
      out += describe_at(text, at);
    } else if (name == "op") {
      out += st.ops.empty() ? std::string("operator") : st.ops.back().text;
    } else if (name == "call") {
      out += st.groups.empty() ? std::string() : st.groups.back().call;
    } else if (name == "open") {
      auto pos = st.pos(st.groups.empty() ? at : st.groups.back().offset);
      out += fmt::format("{}:{}", pos.line, pos.column);
    } else if (name == "escape") {
      auto c = static_cast<unsigned char>(text[at]);
      out += c >= 0x20 && c < 0x7F ? fmt::format("'\\{}'", static_cast<char>(c)) : "'\\' followed by " + describe_at(text, at);
    } else {
      out += message.substr(brace, close - brace + 1);  // literal braces: "'{'"
    }
    message.remove_prefix(close + 1);
  }
  return out;
}

template <typename Rule>
[[noreturn]] void raise_syntax_error(size_t at, ParseState& st) {
  static_assert(error_message<Rule> != nullptr, "every must<> point needs an error message");
  std::string_view text = st.source.text;
  size_t report = at, scan = at;
  std::string message;
  if constexpr (std::is_same_v<Rule, gr::string_close> || std::is_same_v<Rule, gr::triple_close>) {
    report = scan = st.string_open;
    message = error_message<Rule>;
  } else if constexpr (std::is_same_v<Rule, gr::escape_code>) {
    scan = st.string_open;
    if (at_line_end(text, at)) {
      report = st.string_open;
      message = error_message<gr::string_close>;
    } else {
      report = at - 1;  // at the '\'
      message = expand(error_message<Rule>, at, st);
    }
  } else if constexpr (std::is_same_v<Rule, gr::continuation_eol>) {
    report = text.rfind('\\', at);  // at the '\'
    message = error_message<Rule>;
  } else if constexpr (std::is_same_v<Rule, gr::paren_close> || std::is_same_v<Rule, gr::call_close>) {
    // Newlines are blanks inside parentheses, so the text after the missing ')' may be on a
    // later line: then point just after the last thing read instead.
    if (st.last_end < at && text.substr(st.last_end, at - st.last_end).find('\n') != std::string_view::npos)
      report = st.last_end;
    message = expand(error_message<Rule>, at, st);
  } else if constexpr (std::is_same_v<Rule, gr::keyword_expected>) {
    auto c = static_cast<unsigned char>(text[at]);
    bool token = std::isalnum(c) || c == '_' || c == '"' || c == '(' || c == '-';
    message = token ? std::string(error_message<Rule>) : expand("unexpected {token}", at, st);
  } else {
    message = expand(error_message<Rule>, at, st);
  }
  throw SyntaxError{report, scan, std::move(message)};
}

template <typename Rule>
struct control : p::normal<Rule> {
  template <typename ParseInput, typename... States>
  [[noreturn]] static void raise(const ParseInput& in, States&&... st) {
    static_assert(sizeof...(States) == 1);
    (raise_syntax_error<Rule>(st.offset(in.current()), st), ...);
    std::abort();  // unreachable
  }
};

// ---------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------

template <typename Rule> struct action : p::nothing<Rule> {};

// Limits the recursion of the parser (parentheses, calls, prefix operators).
struct depth_guarded : p::maybe_nothing {
  template <typename Rule, p::apply_mode A, p::rewind_mode M, template <typename...> class Action,
            template <typename...> class Control, typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in, ParseState& st) {
    if (st.depth >= kMaxNesting) {
      size_t at = st.offset(in.current());
      throw SyntaxError{at, at, fmt::format("expression nested too deeply (the limit is {} levels)", kMaxNesting)};
    }
    ++st.depth;
    struct Guard {
      int& depth;
      ~Guard() { --depth; }
    } guard{st.depth};
    return p::match<Rule, A, M, Action, Control>(in, st);
  }
};

Expr make_expr(Expr::Kind kind, SourcePos pos, std::string text = {}) {
  Expr e;
  e.kind = kind;
  e.pos = std::move(pos);
  e.text = std::move(text);
  return e;
}

template <> struct action<gr::ident_expr> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.last_offset = st.offset(in.begin());
    st.last_end = st.offset(in.end());
    st.push(make_expr(Expr::Kind::identifier, st.pos(st.offset(in.begin())), in.string()), 1);
  }
};

template <> struct action<gr::number> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    size_t at = st.offset(in.begin());
    long long value = 0;
    bool overflow = false;
    for (char c : in.string_view()) {
      int d = c - '0';
      if (value > (LLONG_MAX - d) / 10) {
        overflow = true;
        break;
      }
      value = value * 10 + d;
    }
    if (overflow) st.error(at, fmt::format("number '{}' is too large", in.string_view()));
    Expr e = make_expr(Expr::Kind::number, st.pos(at));
    e.number = overflow ? 0 : value;
    st.last_offset = at;
    st.last_end = st.offset(in.end());
    st.push(std::move(e), 1);
  }
};

template <> struct action<gr::string_open> {
  template <typename In> static void apply(const In& in, ParseState& st) { st.string_open = st.offset(in.begin()); }
};
template <> struct action<gr::triple_open> {
  template <typename In> static void apply(const In& in, ParseState& st) { st.string_open = st.offset(in.begin()); }
};

std::string unescape(std::string_view body) {
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    if (body[i] == '\\' && i + 1 < body.size()) {
      char c = body[++i];
      out += c == 'n' ? '\n' : c == 't' ? '\t' : c;
    } else {
      out += body[i];
    }
  }
  return out;
}

bool only_blanks(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t'; });
}

// Triple-quoted strings: CRLF becomes LF; one newline right after the opening """ is
// removed; then the longest common prefix of blanks (spaces and tabs, compared literally)
// of the lines that are not blank is removed from every line, and blank lines become empty
// (like Python's textwrap.dedent).
std::string dedent_triple_quoted(std::string_view body) {
  std::string text;
  for (size_t i = 0; i < body.size(); ++i)
    if (!(body[i] == '\r' && i + 1 < body.size() && body[i + 1] == '\n')) text += body[i];
  if (!text.empty() && text.front() == '\n') text.erase(0, 1);

  std::vector<std::string_view> lines;
  std::string_view rest = text;
  while (true) {
    auto nl = rest.find('\n');
    lines.push_back(rest.substr(0, nl));
    if (nl == std::string_view::npos) break;
    rest.remove_prefix(nl + 1);
  }
  std::optional<std::string_view> common;
  for (auto line : lines) {
    if (only_blanks(line)) continue;
    auto indent = line.substr(0, line.find_first_not_of(" \t"));
    if (!common) {
      common = indent;
    } else {
      size_t n = 0;
      while (n < common->size() && n < indent.size() && (*common)[n] == indent[n]) ++n;
      common = common->substr(0, n);
    }
  }
  std::string out;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (i > 0) out += '\n';
    if (only_blanks(lines[i])) continue;
    out += lines[i].substr(common ? common->size() : 0);
  }
  return out;
}

template <> struct action<gr::string_literal> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string_view raw = in.string_view();
    size_t at = st.offset(in.begin());
    std::string text = raw.size() >= 6 && raw.substr(0, 3) == "\"\"\""
                           ? dedent_triple_quoted(raw.substr(3, raw.size() - 6))
                           : unescape(raw.substr(1, raw.size() - 2));
    st.last_offset = at;
    st.last_end = st.offset(in.end());
    st.push(make_expr(Expr::Kind::string, st.pos(at), std::move(text)), 1);
  }
};

template <> struct action<gr::paren_open> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.groups.push_back({std::string(), st.offset(in.begin()), st.values.size()});
  }
};
template <> struct action<gr::paren_expr> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.last_end = st.offset(in.end());
    if (!st.groups.empty()) st.groups.pop_back();
  }
};

template <> struct action<gr::call_open> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    std::string_view name = in.string_view();
    name.remove_suffix(1);  // the '('
    st.groups.push_back({std::string(name), st.offset(in.begin()), st.values.size()});
  }
};
template <> struct action<gr::call> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.last_end = st.offset(in.end());
    if (st.groups.empty()) return;
    Group g = std::move(st.groups.back());
    st.groups.pop_back();
    Expr e = make_expr(Expr::Kind::call, st.pos(g.offset), std::move(g.call));
    int height = 1;
    size_t mark = std::min(g.mark, st.values.size());
    for (size_t i = mark; i < st.values.size(); ++i) {
      e.args.push_back(std::move(st.values[i]));
      height = std::max(height, st.heights[i] + 1);
    }
    st.values.resize(mark);
    st.heights.resize(mark);
    st.last_offset = g.offset;
    st.push(std::move(e), height);
  }
};

// Operators: pushed when read, popped by the rule that combines the operands.
template <typename In> void push_op(const In& in, ParseState& st) { st.ops.push_back({in.string(), st.offset(in.begin())}); }
template <> struct action<gr::neg_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };
template <> struct action<gr::not_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };
template <> struct action<gr::mul_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };
template <> struct action<gr::add_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };
template <> struct action<gr::cmp_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };
template <> struct action<gr::and_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };
template <> struct action<gr::or_op> { template <typename In> static void apply(const In& in, ParseState& st) { push_op(in, st); } };

void combine_unary(ParseState& st) {
  Op op = st.pop_op();
  auto [operand, h] = st.pop();
  Expr e = make_expr(Expr::Kind::unary, st.pos(op.offset), std::move(op.text));
  e.args.push_back(std::move(operand));
  st.last_offset = op.offset;
  st.push(std::move(e), h + 1);
}

void combine_binary(ParseState& st) {
  Op op = st.pop_op();
  auto [rhs, hr] = st.pop();
  auto [lhs, hl] = st.pop();
  Expr e = make_expr(Expr::Kind::binary, lhs.pos, std::move(op.text));
  e.args.push_back(std::move(lhs));
  e.args.push_back(std::move(rhs));
  st.last_offset = op.offset;
  st.push(std::move(e), std::max(hl, hr) + 1);
}

template <typename S> struct action<gr::negation<S>> : depth_guarded {
  template <typename In> static void apply(const In&, ParseState& st) { combine_unary(st); }
};
template <typename S> struct action<gr::not_prefix<S>> : depth_guarded {
  template <typename In> static void apply(const In&, ParseState& st) { combine_unary(st); }
};
template <typename S> struct action<gr::expr<S>> : depth_guarded {};

template <typename S> struct action<gr::mul_tail<S>> { template <typename In> static void apply(const In&, ParseState& st) { combine_binary(st); } };
template <typename S> struct action<gr::add_tail<S>> { template <typename In> static void apply(const In&, ParseState& st) { combine_binary(st); } };
template <typename S> struct action<gr::cmp_tail<S>> { template <typename In> static void apply(const In&, ParseState& st) { combine_binary(st); } };
template <typename S> struct action<gr::and_tail<S>> { template <typename In> static void apply(const In&, ParseState& st) { combine_binary(st); } };
template <typename S> struct action<gr::or_tail<S>> { template <typename In> static void apply(const In&, ParseState& st) { combine_binary(st); } };

template <typename S> struct action<gr::range_tail<S>> {
  template <typename In> static void apply(const In&, ParseState& st) {
    auto [to, ht] = st.pop();
    auto [from, hf] = st.pop();
    Expr e = make_expr(Expr::Kind::range, from.pos);
    e.args.push_back(std::move(from));
    e.args.push_back(std::move(to));
    st.push(std::move(e), std::max(hf, ht) + 1);
  }
};

// a|b|c is one `alternatives` node with three choices.
template <typename S> struct action<gr::alt_first<S>> {
  template <typename In> static void apply(const In&, ParseState& st) { st.alt_marks.push_back(st.values.size() - 1); }
};
template <typename S> struct action<gr::alt<S>> {
  template <typename In> static void apply(const In&, ParseState& st) {
    if (st.alt_marks.empty()) return;
    size_t mark = std::min(st.alt_marks.back(), st.values.size());
    st.alt_marks.pop_back();
    if (st.values.size() - mark < 2) return;
    Expr e = make_expr(Expr::Kind::alternatives, st.values[mark].pos);
    int height = 1;
    for (size_t i = mark; i < st.values.size(); ++i) {
      e.args.push_back(std::move(st.values[i]));
      height = std::max(height, st.heights[i] + 1);
    }
    st.values.resize(mark);
    st.heights.resize(mark);
    st.push(std::move(e), height);
  }
};

// Statements.
template <> struct action<gr::keyword> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.current = Statement{};
    st.current.pos = st.pos(st.offset(in.begin()));
    st.current.keyword = in.string();
    st.in_items = false;
  }
};

void add_arg(ParseState& st, Arg a) { (st.in_items ? st.current.items : st.current.args).push_back(std::move(a)); }

template <> struct action<gr::arg_name> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.arg_name = in.string();
    st.arg_name_offset = st.offset(in.begin());
  }
};
template <> struct action<gr::named_arg> {
  template <typename In> static void apply(const In&, ParseState& st) {
    add_arg(st, Arg{st.pos(st.arg_name_offset), std::move(st.arg_name), st.pop().first});
  }
};
template <> struct action<gr::positional_arg> {
  template <typename In> static void apply(const In&, ParseState& st) {
    Expr value = st.pop().first;
    SourcePos pos = value.pos;
    add_arg(st, Arg{std::move(pos), std::string(), std::move(value)});
  }
};
template <> struct action<gr::condition_expr> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.current.has_condition = true;
    st.current.condition = st.pop().first;
  }
};
template <> struct action<gr::items_colon> {
  template <typename In> static void apply(const In&, ParseState& st) {
    st.current.has_items = true;
    st.in_items = true;
  }
};
template <> struct action<gr::block_open> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    st.current.has_block = true;
    st.brace_pending = true;
    st.pending_brace = st.offset(in.begin());
  }
};
template <> struct action<gr::statement> {
  template <typename In> static void apply(const In&, ParseState& st) { st.finish_statement(); }
};
// A '}' closes its block at once (so recovery after an error later on the line still knows
// the block is closed); a stray '}' is reported only when the rest of its line is fine, so
// a line gets at most one error.
template <> struct action<gr::block_close> {
  template <typename In> static void apply(const In& in, ParseState& st) {
    if (st.blocks.empty()) {
      st.stray_close = true;
      st.stray_close_offset = st.offset(in.begin());
    } else {
      st.close_block();
    }
  }
};
template <> struct action<gr::close_line> {
  template <typename In> static void apply(const In&, ParseState& st) {
    if (st.stray_close) st.error(st.stray_close_offset, "unexpected '}': no block is open");
    st.stray_close = false;
  }
};

// ---------------------------------------------------------------------------------------
// Recovery
// ---------------------------------------------------------------------------------------

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
      while (i < n && text[i] != '"' && text[i] != '\n') i += (text[i] == '\\' && i + 1 < n && text[i + 1] != '\n') ? 2 : 1;
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
  LineMap lines(text, start);
  ParseState st(source, lines, diags);

  bool stopped = false;
  size_t at = start;
  try {
    while (at <= text.size()) {
      p::memory_input<p::tracking_mode::lazy, p::eol::lf_crlf> in(text.data() + at, text.data() + text.size(), source.path);
      try {
        if (!p::parse<gr::file, action, control>(in, st)) st.error(at, "syntax error");  // cannot happen: line_item never fails
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
    for (const auto& b : st.blocks) {
      auto open = st.pos(b.brace);
      st.error(text.size(), fmt::format("expected '}}' to close the block opened at {}:{}", open.line, open.column));
    }
  } catch (const TooManyErrors&) {
    stopped = true;
  }
  if (stopped) diags.note(st.pos(text.size()), fmt::format("stopped after {} syntax errors", kMaxErrors));
  if (st.errors > 0) return std::nullopt;
  return RulesFile{source.path, std::move(st.top)};
}

}  // namespace tabula
