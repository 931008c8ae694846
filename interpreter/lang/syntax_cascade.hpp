#pragma once
// After a syntax error the rest of the file is still checked, so that one run reports every
// error a file has. Some of the checker's errors would only follow from the statement that
// could not be read: a piece it declared is then unknown, the block it was in is short of a
// line. Those are left out, by two rules that need no knowledge of any construct:
//  * a diagnostic that quotes a name written on a broken statement ('pawn'), or cites a
//    statement of its keyword (add `board "FILE.yaml"`), and
//  * a diagnostic about a statement whose block held a broken statement, or on its lines.
// What is left out is reported once the file parses.
#include <vector>

#include "diag/diagnostic.hpp"
#include "syntax/ast.hpp"

namespace tabula {

// Adds to `to` each diagnostic of `from` (with its notes) that cannot follow from `broken`.
void add_unless_cascade(const Diagnostics& from, const std::vector<BrokenStatement>& broken, Diagnostics& to);

}  // namespace tabula
