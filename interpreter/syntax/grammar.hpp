#pragma once
// The PEGTL grammar of a rules file (docs/LANGUAGE.md, "Syntax"). Grammar only: the actions
// that build the tree are in parse_actions.hpp, the error messages of the must<> points in
// syntax_errors.hpp, the error recovery in parser.cpp.
//
// The grammar is line-oriented and flat: a file is a sequence of line items (a statement, a
// closing '}', an empty line or comment). A statement that ends in '{' opens a block; the
// parser keeps the stack of open blocks in its state, so it can restart the grammar at any
// line after a syntax error without losing track of the nesting.
//
// Conventions:
//  * every rule is a named struct, so actions and error messages can refer to it;
//  * after the first token of a construct the parser is committed: the rest is either
//    optional or under must<>, so a rule either fails without consuming (and without having
//    run any action) or succeeds, or raises a syntax error. This is what lets the actions
//    build the tree directly (no action ever runs on a path that is later backtracked);
//  * must<> is only put on rules that fail without consuming input, so the error position
//    is exactly where the unexpected text starts;
//  * a rule that wraps another by inheritance (struct a : b {}) hides b's own action, so
//    wrappers whose inner rule has an action use seq<inner>.
//  * expressions are templates over the whitespace rule S: on a statement line, whitespace
//    is blanks and '\'-continuations (a newline ends the statement); inside parentheses
//    newlines and comments are whitespace too.
#include <tao/pegtl.hpp>

namespace tabula::grammar {

namespace p = tao::pegtl;

// ---------------------------------------------------------------------------------------
// Lexical
// ---------------------------------------------------------------------------------------

struct comment : p::seq<p::one<'#'>, p::star<p::not_one<'\n'>>> {};
// '\r' counts as a blank, so CRLF line ends work everywhere.
struct blank : p::one<' ', '\t', '\r'> {};
struct continuation_eol : p::eol {};
// A '\' at the end of a line (trailing blanks allowed) continues the statement.
struct continuation : p::seq<p::one<'\\'>, p::star<blank>, p::must<continuation_eol>> {};
struct line_space : p::sor<blank, continuation> {};
struct group_space : p::sor<blank, continuation, p::eol, comment> {};

struct ident_first : p::ranges<'a', 'z', 'A', 'Z', '_'> {};
struct ident_char : p::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
struct ident_part : p::seq<p::one<'-'>, p::plus<ident_char>> {};
struct word_end : p::seq<p::not_at<ident_char>, p::not_at<ident_part>> {};
struct raw_identifier : p::seq<ident_first, p::star<ident_char>, p::star<ident_part>> {};

struct kw_if : p::seq<p::string<'i', 'f'>, word_end> {};
struct kw_and : p::seq<p::string<'a', 'n', 'd'>, word_end> {};
struct kw_or : p::seq<p::string<'o', 'r'>, word_end> {};
struct kw_not : p::seq<p::string<'n', 'o', 't'>, word_end> {};
struct reserved : p::sor<kw_if, kw_and, kw_or, kw_not> {};
struct identifier : p::seq<p::not_at<reserved>, raw_identifier> {};

struct number_end : p::not_at<ident_char> {};
struct number : p::seq<p::plus<p::digit>, p::opt<p::one<'.'>, p::plus<p::digit>>, p::must<number_end>> {};

// "..." strings: escapes \" \\ \n \t, no raw newline.
struct string_open : p::one<'"'> {};
struct string_close : p::one<'"'> {};
struct escape_code : p::one<'"', '\\', 'n', 't'> {};
struct escape : p::seq<p::one<'\\'>, p::must<escape_code>> {};
struct string_char : p::sor<escape, p::not_one<'"', '\\', '\n', '\r'>> {};
struct plain_string : p::seq<string_open, p::star<string_char>, p::must<string_close>> {};
// """...""" strings: verbatim, may span lines (the parser strips one leading newline and
// the common indentation).
struct triple_quote : p::string<'"', '"', '"'> {};
struct triple_open : triple_quote {};
struct triple_close : triple_quote {};
struct triple_char : p::seq<p::not_at<triple_quote>, p::any> {};
struct triple_string : p::seq<triple_open, p::star<triple_char>, p::must<triple_close>> {};
struct string_literal : p::sor<triple_string, plain_string> {};

// ---------------------------------------------------------------------------------------
// Expressions (lowest precedence first: or, and, not, comparison, + -, * /, unary -,
// alternatives a|b, ranges a..b, primaries)
// ---------------------------------------------------------------------------------------

template <typename S>
struct expr;

struct paren_open : p::one<'('> {};
struct paren_close : p::one<')'> {};
struct paren_inner : p::seq<expr<group_space>> {};
struct paren_expr
    : p::seq<paren_open, p::star<group_space>, p::must<paren_inner>, p::star<group_space>, p::must<paren_close>> {};

// A call needs its '(' right after the name: `count(line)`; `count (line)` is two values.
struct call_open : p::seq<identifier, p::one<'('>> {};
struct call_comma : p::one<','> {};
struct call_arg : p::seq<expr<group_space>> {};
struct call_next_arg : p::seq<p::star<group_space>, call_comma, p::star<group_space>, p::must<call_arg>> {};
struct call_close : p::one<')'> {};
struct call : p::seq<call_open, p::star<group_space>, p::opt<call_arg, p::star<call_next_arg>>, p::star<group_space>,
                     p::must<call_close>> {};

struct ident_expr : identifier {};
struct primary : p::sor<call, paren_expr, number, string_literal, ident_expr> {};

struct range_op : p::string<'.', '.'> {};
struct range_end : primary {};
template <typename S>
struct range_tail : p::seq<p::star<S>, range_op, p::star<S>, p::must<range_end>> {};
template <typename S>
struct range : p::seq<primary, p::opt<range_tail<S>>> {};

struct alt_op : p::one<'|'> {};
template <typename S>
struct alt_first : p::seq<range<S>> {};
template <typename S>
struct alt_choice : range<S> {};
template <typename S>
struct alt_tail : p::seq<p::star<S>, alt_op, p::star<S>, p::must<alt_choice<S>>> {};
template <typename S>
struct alt : p::seq<alt_first<S>, p::star<alt_tail<S>>> {};

template <typename S>
struct unary;
struct neg_op : p::one<'-'> {};
template <typename S>
struct neg_operand : unary<S> {};
template <typename S>
struct negation : p::seq<neg_op, p::star<S>, p::must<neg_operand<S>>> {};
template <typename S>
struct unary : p::sor<negation<S>, alt<S>> {};

struct mul_op : p::one<'*', '/'> {};
template <typename S>
struct mul_operand : unary<S> {};
template <typename S>
struct mul_tail : p::seq<p::star<S>, mul_op, p::star<S>, p::must<mul_operand<S>>> {};
template <typename S>
struct multiplicative : p::seq<unary<S>, p::star<mul_tail<S>>> {};

struct add_op : p::one<'+', '-'> {};
template <typename S>
struct add_operand : multiplicative<S> {};
template <typename S>
struct add_tail : p::seq<p::star<S>, add_op, p::star<S>, p::must<add_operand<S>>> {};
template <typename S>
struct additive : p::seq<multiplicative<S>, p::star<add_tail<S>>> {};

struct cmp_op : p::sor<p::string<'=', '='>, p::string<'!', '='>, p::string<'<', '='>, p::string<'>', '='>, p::one<'<'>,
                       p::one<'>'>> {};
template <typename S>
struct cmp_operand : additive<S> {};
template <typename S>
struct cmp_tail : p::seq<p::star<S>, cmp_op, p::star<S>, p::must<cmp_operand<S>>> {};
// Comparisons do not associate: `a < b < c` is an error, reported at the second operator.
struct chained_comparison : cmp_op {};
template <typename S>
struct chain_check : p::seq<p::at<p::star<S>, cmp_op>, p::star<S>, p::raise<chained_comparison>> {};
template <typename S>
struct comparison : p::seq<additive<S>, p::opt<cmp_tail<S>, p::opt<chain_check<S>>>> {};

template <typename S>
struct not_expr;
struct not_op : kw_not {};
template <typename S>
struct not_operand : not_expr<S> {};
template <typename S>
struct not_prefix : p::seq<not_op, p::star<S>, p::must<not_operand<S>>> {};
template <typename S>
struct not_expr : p::sor<not_prefix<S>, comparison<S>> {};

struct and_op : kw_and {};
template <typename S>
struct and_operand : not_expr<S> {};
template <typename S>
struct and_tail : p::seq<p::star<S>, and_op, p::star<S>, p::must<and_operand<S>>> {};
template <typename S>
struct and_expr : p::seq<not_expr<S>, p::star<and_tail<S>>> {};

struct or_op : kw_or {};
template <typename S>
struct or_operand : and_expr<S> {};
template <typename S>
struct or_tail : p::seq<p::star<S>, or_op, p::star<S>, p::must<or_operand<S>>> {};
template <typename S>
struct or_expr : p::seq<and_expr<S>, p::star<or_tail<S>>> {};

template <typename S>
struct expr : p::seq<or_expr<S>> {};

// ---------------------------------------------------------------------------------------
// Statements: keyword arg* ['if' expr] [':' item*] ['{' NEWLINE]
// ---------------------------------------------------------------------------------------

struct keyword : identifier {};

struct arg_name : identifier {};
struct named_arg_start : p::seq<identifier, p::star<line_space>, p::one<'='>, p::not_at<p::one<'='>>> {};
struct arg_value : p::seq<expr<line_space>> {};
struct named_arg : p::seq<p::at<named_arg_start>, arg_name, p::star<line_space>, p::one<'='>, p::star<line_space>,
                          p::must<arg_value>> {};
struct positional_arg : p::seq<expr<line_space>> {};
struct arg : p::sor<named_arg, positional_arg> {};
struct arg_list : p::star<p::plus<line_space>, arg> {};

struct condition_expr : p::seq<expr<line_space>> {};
struct condition : p::seq<p::star<line_space>, kw_if, p::star<line_space>, p::must<condition_expr>> {};

struct items_colon : p::one<':'> {};
struct items : p::seq<p::star<line_space>, items_colon, p::star<line_space>, p::opt<arg, arg_list>> {};

struct block_open : p::one<'{'> {};
struct block_line_end : p::sor<p::eol, p::eof> {};
struct block_start
    : p::seq<p::star<line_space>, block_open, p::star<line_space>, p::opt<comment>, p::must<block_line_end>> {};

struct statement_end : p::sor<p::eol, p::one<';'>, p::eof, p::at<p::one<'}'>>> {};
struct statement_tail : p::seq<p::star<line_space>, p::opt<comment>, p::must<statement_end>> {};

struct statement : p::seq<keyword, arg_list, p::opt<condition>, p::opt<items>, p::sor<block_start, statement_tail>> {};

// ---------------------------------------------------------------------------------------
// Lines
// ---------------------------------------------------------------------------------------

struct block_close : p::one<'}'> {};
struct close_end : p::sor<p::eol, p::one<';'>, p::eof, p::at<p::one<'}'>>> {};
struct close_line : p::seq<block_close, p::star<line_space>, p::opt<comment>, p::must<close_end>> {};
struct empty_line : p::sor<p::eol, comment, p::one<';'>> {};
// Errors at the start of a line: a '{' on a line of its own, or anything else that is not
// a statement keyword.
struct misplaced_brace : block_open {};
struct keyword_expected : p::any {};
struct bad_line : p::sor<p::seq<p::at<p::one<'{'>>, p::raise<misplaced_brace>>, p::raise<keyword_expected>> {};
struct line_item : p::sor<empty_line, close_line, statement, bad_line> {};

// The whole file, or the rest of it from the start of a line (where the parser resumes
// after a syntax error).
struct file : p::seq<p::star<line_space>, p::until<p::eof, line_item, p::star<line_space>>> {};

}  // namespace tabula::grammar
