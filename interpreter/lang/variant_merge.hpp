#pragma once
// `variant "Name" extends "base.rules"`: a variant restates only what changes. The base is
// parsed (recursively), then each statement of the variant replaces the base statements
// with the same key, by the rule the language's table gives its keyword (check/specs.hpp
// `Key`, docs/VARIANTS.md): the keyword alone, the keyword and its first argument, the
// keyword and its argument names, or never (always added). `remove KEY` deletes base
// statements; `keep KEY` says that one stays on purpose. A keyword whose base statements a
// variant replaces only in part gets a warning naming the ones that still apply.
#include <optional>
#include <string>

#include "diag/diagnostic.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "syntax/ast.hpp"

namespace tabula {

// Reads the rules file `path` (its name must end in .rules) and, when it is a variant, its
// chain of bases, merged into one tree. Every file read is added to `sources`.
std::optional<RulesFile> load_merged_rules(const std::string& path, Diagnostics& diags, SourceRegistry& sources);
// The same for a rules text already in memory; `source.path` names it in diagnostics and is
// where its base rules are looked up from.
std::optional<RulesFile> load_merged_rules(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources);

}  // namespace tabula
