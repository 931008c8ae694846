#pragma once
// The syntax tree of a rules file. The surface syntax is uniform (see docs/LANGUAGE.md,
// "Syntax"): every line is a statement `keyword args... [if expr] [: items...] [{ block }]`.
// The parser only builds this tree; the checker (checker.hpp) gives statements their meaning.
#include <string>
#include <vector>

#include "diag/diagnostic.hpp"

namespace tabula {

struct Expr {
  enum class Kind {
    identifier,    // text = name (may contain '-', e.g. forward-left, or be a cell like b1)
    number,        // number
    string,        // text = contents, escapes resolved; triple-quoted strings keep newlines
    call,          // text = function name, args = arguments
    unary,         // text = operator ("-", "not"), args = {operand}
    binary,        // text = operator (+ - * / == != < <= > >= and or), args = {lhs, rhs}
    range,         // args = {from, to}: b1..g1
    alternatives,  // args = the choices: empty|enemy
  };
  Kind kind = Kind::identifier;
  SourcePos pos;
  std::string text;
  long long number = 0;
  std::vector<Expr> args;
  // A """...""" string: the line of the file its text's first line is on, and the blanks
  // removed from the front of each line, so that a place in the text maps back to the file
  // (a diagram's row). 0 for other expressions.
  int text_line = 0, text_indent = 0;
  std::string fraction;  // a number's digits after its point ("5" in 7.5); most places want none
};

// A statement argument: positional (`name` empty) or named (`name=value`).
struct Arg {
  SourcePos pos;
  std::string name;
  Expr value;
};

struct Statement {
  SourcePos pos;  // position of the keyword
  std::string keyword;
  std::vector<Arg> args;  // before `if`, `:` or `{`
  bool has_condition = false;
  Expr condition;  // after `if`
  bool has_items = false;
  std::vector<Arg> items;  // after `:`
  bool has_block = false;
  std::vector<Statement> block;  // inside `{ ... }`
};

// A statement the parser could not read. It is left out of the tree, and the file is still
// checked, so one run reports the rest of its errors too; a checker error that may only
// follow from the missing statement (lang/syntax_cascade.hpp) is left out with it.
struct BrokenStatement {
  std::string file;
  int first_line = 0, last_line = 0;  // the lines the parser skipped
  std::string keyword;                // its first word
  std::vector<std::string> words;     // the other names written on it: what it may have declared
  std::vector<SourcePos> enclosing;   // the statements whose blocks it was in, now incomplete
};

struct RulesFile {
  std::string path;
  std::vector<Statement> statements;
  std::vector<BrokenStatement> broken;  // empty when the file (and its bases) parsed
};

}  // namespace tabula
