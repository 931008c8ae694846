#pragma once
// Syntax errors: the message of every must<> point of the grammar (PEGTL's error_message
// pattern), and the control class that turns a must<> failure into a SyntaxError whose
// message describes what the input holds there. The parser (parser.cpp) reports it and
// recovers at the next line.
#include <cctype>
#include <cstdlib>
#include <string>
#include <string_view>
#include <type_traits>

#include <tao/pegtl.hpp>

#include "syntax/grammar.hpp"
#include "syntax/parse_state.hpp"

namespace tabula::parsing {

namespace p = tao::pegtl;
namespace gr = tabula::grammar;

// ---------------------------------------------------------------------------------------
// Error messages of the must<> points (PEGTL's error_message pattern). Placeholders:
//   {token}  what the input holds at the error: character '@', 'word', end of line, ...
//   {op}     the operator just read
//   {call}   the function of the innermost open call
//   {open}   line:column of the innermost open '(' or call
//   {escape}  the escape sequence at the error: '\q'
// ---------------------------------------------------------------------------------------

template <typename Rule>
inline constexpr const char* error_message = nullptr;

template <>
inline constexpr const char* error_message<gr::continuation_eol> =
    "expected a line break right after '\\' (a '\\' at the end of a line continues the statement)";
template <>
inline constexpr const char* error_message<gr::number_end> = "unexpected {token} after a number";
template <>
inline constexpr const char* error_message<gr::escape_code> =
    "unknown escape sequence {escape} (a string may use \\\" \\\\ \\n and \\t)";
template <>
inline constexpr const char* error_message<gr::string_close> = "unterminated string";
template <>
inline constexpr const char* error_message<gr::triple_close> = "unterminated triple-quoted string (no closing \"\"\")";
template <>
inline constexpr const char* error_message<gr::paren_inner> = "expected an expression after '('";
template <>
inline constexpr const char* error_message<gr::paren_close> = "expected ')' to close the '(' opened at {open}";
template <>
inline constexpr const char* error_message<gr::call_arg> = "expected an expression after ',' in the call to '{call}'";
template <>
inline constexpr const char* error_message<gr::call_close> = "expected ')' to close the call to '{call}'";
template <>
inline constexpr const char* error_message<gr::range_end> = "expected a value after '..'";
template <typename S>
inline constexpr const char* error_message<gr::alt_choice<S>> = "expected a value after '|'";
template <typename S>
inline constexpr const char* error_message<gr::neg_operand<S>> = "expected an expression after '-'";
template <typename S>
inline constexpr const char* error_message<gr::mul_operand<S>> = "expected an expression after '{op}'";
template <typename S>
inline constexpr const char* error_message<gr::add_operand<S>> = "expected an expression after '{op}'";
template <typename S>
inline constexpr const char* error_message<gr::cmp_operand<S>> = "expected an expression after '{op}'";
template <>
inline constexpr const char* error_message<gr::chained_comparison> =
    "comparisons cannot be chained: write 'a < b and b < c'";
template <typename S>
inline constexpr const char* error_message<gr::not_operand<S>> = "expected an expression after 'not'";
template <typename S>
inline constexpr const char* error_message<gr::and_operand<S>> = "expected an expression after 'and'";
template <typename S>
inline constexpr const char* error_message<gr::or_operand<S>> = "expected an expression after 'or'";
template <>
inline constexpr const char* error_message<gr::arg_value> = "expected an expression after '='";
template <>
inline constexpr const char* error_message<gr::condition_expr> = "expected a condition after 'if'";
template <>
inline constexpr const char* error_message<gr::block_line_end> =
    "expected a line break after '{' (a block's statements start on the next line)";
template <>
inline constexpr const char* error_message<gr::statement_end> = "unexpected {token}";
template <>
inline constexpr const char* error_message<gr::close_end> = "unexpected {token} after '}'";
template <>
inline constexpr const char* error_message<gr::misplaced_brace> =
    "'{' must be on the same line as the statement whose block it opens";
template <>
inline constexpr const char* error_message<gr::keyword_expected> =
    "expected a statement keyword such as 'piece' or 'move'";

// A readable description of the input at `at`: 'word', character '@', end of line, ...
std::string describe_at(std::string_view text, size_t at);
// True at a line break or the end of the text.
bool at_line_end(std::string_view text, size_t at);
// True when only blanks come before `at` on its line.
bool starts_line(std::string_view text, size_t at);
// `message` with its placeholders filled in from the input at `at` and the parser state.
std::string expand(std::string_view message, size_t at, const ParseState& st);

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
    if (st.last_end < at && text.substr(st.last_end, at - st.last_end).find('\n') != std::string_view::npos) {
      report = st.last_end;
      // A line that starts no further right than the broken statement is the next statement:
      // the parser resumes there, so it is read, not skipped with the broken one.
      if (starts_line(text, at) && st.pos(at).column <= st.current.pos.column) scan = report;
    }
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

}  // namespace tabula::parsing
