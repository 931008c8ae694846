#pragma once
// The checker: gives the uniform statements of a parsed rules file their meaning, resolves
// every name against the board and the declarations, and compiles a Program. It reports all
// the errors it can find in one run and avoids cascades (a bad declaration is still
// declared, so later uses of it are not reported again).
#include <memory>

#include "board/board_graph.hpp"
#include "diag/diagnostic.hpp"
#include "lang/load_options.hpp"
#include "program/program.hpp"
#include "syntax/ast.hpp"

namespace tabula {

// `board` has been loaded from the file named by the `board` statement (nullptr when that
// failed; the checker then only checks what does not need it).
std::shared_ptr<Program> check_rules(const RulesFile& rules, std::shared_ptr<const BoardGraph> board,
                                     Diagnostics& diags, const LoadOptions& options = {});

// The path named by the rules file's `board` statement, or "" (reported) when absent.
std::string board_path_of(const RulesFile& rules, Diagnostics& diags);

}  // namespace tabula
