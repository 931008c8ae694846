#pragma once
// The values of string literals: escapes resolved in "..." strings, indentation removed
// from """...""" strings.
#include <string>
#include <string_view>

namespace tabula::parsing {

// The body of a "..." string (without its quotes) with \" \\ \n \t resolved.
std::string unescape(std::string_view body);

// Triple-quoted strings: CRLF becomes LF; one newline right after the opening """ is
// removed; then the longest common prefix of blanks (spaces and tabs, compared literally)
// of the lines that are not blank is removed from every line, and blank lines become empty
// (like Python's textwrap.dedent).
// `first_line` gets 1 when the newline after the opening quotes was removed (the text starts
// on the next line), else 0; `removed_indent` the number of blanks removed from each line.
std::string dedent_triple_quoted(std::string_view body, int* first_line = nullptr, int* removed_indent = nullptr);

}  // namespace tabula::parsing
