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

// The tree of every statement that could be read, also after syntax errors (each reported);
// the statements that could not are listed in `broken`, so the rest can still be checked.
RulesFile parse_rules_recovering(const SourceFile& source, Diagnostics& diags);

}  // namespace tabula
