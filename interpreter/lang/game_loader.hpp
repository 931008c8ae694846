#pragma once
// The front end's single entry point: rules file -> parse -> variant merge -> board load ->
// check -> compiled Program. Diagnostics from every stage are collected.
#include <memory>
#include <string>

#include "diag/diagnostic.hpp"
#include "diag/render.hpp"
#include "diag/source_registry.hpp"
#include "lang/load_options.hpp"
#include "program/program.hpp"
#include "syntax/ast.hpp"

namespace tabula {

// Nullptr when any error was reported. `sources` receives every file read, for rendering.
// When `merged` is given it receives the merged syntax tree (variants applied), for passes
// that need source positions after checking, such as design_warnings.
std::shared_ptr<const Program> load_program(const std::string& rules_path, Diagnostics& diags, SourceRegistry& sources,
                                            RulesFile* merged = nullptr, const LoadOptions& options = {});
// The same for a rules text not read from a file (a notebook's cell): `source.path` names it
// in diagnostics, and its board and base rules are looked up as for a file at that path.
std::shared_ptr<const Program> load_program(const SourceFile& source, Diagnostics& diags, SourceRegistry& sources,
                                            RulesFile* merged = nullptr, const LoadOptions& options = {});

}  // namespace tabula
