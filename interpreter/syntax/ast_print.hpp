#pragma once
// Prints syntax trees back as rules text: for tests, and for the checker's messages
// ("count(line)", "empty|enemy", "b1..g1"). The output parses back to the same tree.
#include <string>

#include "syntax/ast.hpp"

namespace tabula {

// An expression in surface syntax, with only the parentheses its precedence needs.
// Strings are printed quoted, with \" \\ \n \t escapes (also triple-quoted ones).
std::string to_string(const Expr& e);

// `name=value` or `value`.
std::string to_string(const Arg& a);

// One statement per line, blocks indented by two spaces; positions are not printed.
std::string dump(const RulesFile& file);
std::string dump(const Statement& s, int indent = 0);

}  // namespace tabula
