#pragma once
// `variant "Name" extends "base.rules"`: a variant restates only what changes. The base is
// parsed (recursively), then each statement of the variant replaces the base statements
// with the same key (keyword, plus the declared name for player/piece/move, plus the
// argument names for option) or, when none has that key, is added. `remove KEY...` deletes.
#include <optional>
#include <string>

#include "diag/render.hpp"
#include "syntax/ast.hpp"

namespace tabula {

std::optional<RulesFile> load_merged_rules(const std::string& path, Diagnostics& diags, SourceRegistry& sources, int depth);
// The same for a rules text already in memory; `source.path` names it in diagnostics and is
// where its base rules are looked up from.
std::optional<RulesFile> load_merged_rules(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources,
                                           int depth);

}  // namespace tabula
