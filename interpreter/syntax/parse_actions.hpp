#pragma once
// The PEGTL actions that build the syntax tree while the grammar (grammar.hpp) matches.
//
// The grammar commits after the first token of every construct, so an action never runs on
// a path that is later backtracked. The actions push finished expressions on the state's
// value stack; operators, open parentheses/calls and marks for alternatives live on their
// own stacks. Statements are finished by the action of the `statement` rule; a statement
// that opens a block is pushed on the stack of open blocks and appended to its parent when
// its '}' is read.
#include <algorithm>
#include <climits>
#include <string>

#include <fmt/format.h>
#include <tao/pegtl.hpp>

#include "syntax/grammar.hpp"
#include "syntax/parse_state.hpp"
#include "syntax/string_literals.hpp"

namespace tabula::parsing {

namespace p = tao::pegtl;
namespace gr = tabula::grammar;

template <typename Rule>
struct action : p::nothing<Rule> {};

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

// An expression node without children.
Expr make_expr(Expr::Kind kind, SourcePos pos, std::string text = {});

template <>
struct action<gr::ident_expr> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.last_offset = st.offset(in.begin());
    st.last_end = st.offset(in.end());
    st.push(make_expr(Expr::Kind::identifier, st.pos(st.offset(in.begin())), in.string()), 1);
  }
};

template <>
struct action<gr::number> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    size_t at = st.offset(in.begin());
    long long value = 0;
    bool overflow = false;
    const std::string_view text = in.string_view();
    const size_t point = text.find('.');
    for (char c : text.substr(0, point)) {
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
    if (point != std::string_view::npos) e.fraction = text.substr(point + 1);
    st.last_offset = at;
    st.last_end = st.offset(in.end());
    st.push(std::move(e), 1);
  }
};

template <>
struct action<gr::string_open> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.string_open = st.offset(in.begin());
  }
};
template <>
struct action<gr::triple_open> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.string_open = st.offset(in.begin());
  }
};

template <>
struct action<gr::string_literal> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    std::string_view raw = in.string_view();
    size_t at = st.offset(in.begin());
    const bool triple = raw.size() >= 6 && raw.substr(0, 3) == "\"\"\"";
    int first_line = 0, indent = 0;
    std::string text = triple ? dedent_triple_quoted(raw.substr(3, raw.size() - 6), &first_line, &indent)
                              : unescape(raw.substr(1, raw.size() - 2));
    st.last_offset = at;
    st.last_end = st.offset(in.end());
    Expr e = make_expr(Expr::Kind::string, st.pos(at), std::move(text));
    if (triple) e.text_line = e.pos.line + first_line, e.text_indent = indent;
    st.push(std::move(e), 1);
  }
};

template <>
struct action<gr::paren_open> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.groups.push_back({std::string(), st.offset(in.begin()), st.values.size()});
  }
};
template <>
struct action<gr::paren_expr> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.last_end = st.offset(in.end());
    if (!st.groups.empty()) st.groups.pop_back();
  }
};

template <>
struct action<gr::call_open> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    std::string_view name = in.string_view();
    name.remove_suffix(1);  // the '('
    st.groups.push_back({std::string(name), st.offset(in.begin()), st.values.size()});
  }
};
template <>
struct action<gr::call> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
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
template <typename In>
void push_op(const In& in, ParseState& st) {
  st.ops.push_back({in.string(), st.offset(in.begin())});
}
template <>
struct action<gr::neg_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};
template <>
struct action<gr::not_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};
template <>
struct action<gr::mul_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};
template <>
struct action<gr::add_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};
template <>
struct action<gr::cmp_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};
template <>
struct action<gr::and_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};
template <>
struct action<gr::or_op> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    push_op(in, st);
  }
};

// Pops an operator and its operand(s) and pushes the unary or binary node they make.
void combine_unary(ParseState& st);
void combine_binary(ParseState& st);

template <typename S>
struct action<gr::negation<S>> : depth_guarded {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_unary(st);
  }
};
template <typename S>
struct action<gr::not_prefix<S>> : depth_guarded {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_unary(st);
  }
};
template <typename S>
struct action<gr::expr<S>> : depth_guarded {};

template <typename S>
struct action<gr::mul_tail<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_binary(st);
  }
};
template <typename S>
struct action<gr::add_tail<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_binary(st);
  }
};
template <typename S>
struct action<gr::cmp_tail<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_binary(st);
  }
};
template <typename S>
struct action<gr::and_tail<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_binary(st);
  }
};
template <typename S>
struct action<gr::or_tail<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    combine_binary(st);
  }
};

template <typename S>
struct action<gr::range_tail<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    auto [to, ht] = st.pop();
    auto [from, hf] = st.pop();
    Expr e = make_expr(Expr::Kind::range, from.pos);
    e.args.push_back(std::move(from));
    e.args.push_back(std::move(to));
    st.push(std::move(e), std::max(hf, ht) + 1);
  }
};

// a|b|c is one `alternatives` node with three choices.
template <typename S>
struct action<gr::alt_first<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    st.alt_marks.push_back(st.values.size() - 1);
  }
};
template <typename S>
struct action<gr::alt<S>> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
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
template <>
struct action<gr::keyword> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.current = Statement{};
    st.statement_start = st.offset(in.begin());
    st.current.pos = st.pos(st.statement_start);
    st.close_dedented_blocks(st.current.pos.column, st.statement_start);
    st.current.keyword = in.string();
    st.in_items = false;
  }
};

// Adds an argument to the statement being read (before or after its ':').
void add_arg(ParseState& st, Arg a);

template <>
struct action<gr::arg_name> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.arg_name = in.string();
    st.arg_name_offset = st.offset(in.begin());
  }
};
template <>
struct action<gr::named_arg> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    add_arg(st, Arg{st.pos(st.arg_name_offset), std::move(st.arg_name), st.pop().first});
  }
};
template <>
struct action<gr::positional_arg> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    Expr value = st.pop().first;
    SourcePos pos = value.pos;
    add_arg(st, Arg{std::move(pos), std::string(), std::move(value)});
  }
};
template <>
struct action<gr::condition_expr> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    st.current.has_condition = true;
    st.current.condition = st.pop().first;
  }
};
template <>
struct action<gr::items_colon> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    st.current.has_items = true;
    st.in_items = true;
  }
};
template <>
struct action<gr::block_open> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    st.current.has_block = true;
    st.brace_pending = true;
    st.pending_brace = st.offset(in.begin());
  }
};
template <>
struct action<gr::statement> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    st.finish_statement();
  }
};
// A '}' closes its block at once (so recovery after an error later on the line still knows
// the block is closed); a stray '}' is reported only when the rest of its line is fine, so
// a line gets at most one error.
template <>
struct action<gr::block_close> {
  template <typename In>
  static void apply(const In& in, ParseState& st) {
    if (st.blocks.empty()) {
      st.stray_close = true;
      st.stray_close_offset = st.offset(in.begin());
    } else {
      st.close_block();
    }
  }
};
template <>
struct action<gr::close_line> {
  template <typename In>
  static void apply(const In&, ParseState& st) {
    if (st.stray_close) st.error(st.stray_close_offset, "unexpected '}': no block is open");
    st.stray_close = false;
  }
};

}  // namespace tabula::parsing
