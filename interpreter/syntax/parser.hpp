#pragma once
// Parses the uniform statement syntax of a rules file into a RulesFile (PEGTL grammar in
// grammar.hpp). Syntax errors become diagnostics; the parser recovers at the next line so
// one run reports every syntax error.
#include <optional>

#include "diag/diagnostic.hpp"
#include "diag/source_file.hpp"
#include "syntax/ast.hpp"

namespace tabula {

// Returns the tree when there were no syntax errors; otherwise nullopt and diagnostics.
std::optional<RulesFile> parse_rules(const SourceFile& source, Diagnostics& diags);

}  // namespace tabula
