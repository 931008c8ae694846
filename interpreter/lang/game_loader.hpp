#pragma once
// The front end's single entry point: rules file -> parse -> variant merge -> board load ->
// check -> compiled Program. Diagnostics from every stage are collected.
#include <memory>
#include <string>

#include "diag/render.hpp"
#include "engine/program.hpp"

namespace tabula {

// Nullptr when any error was reported. `sources` receives every file read, for rendering.
std::shared_ptr<const Program> load_program(const std::string& rules_path, Diagnostics& diags, SourceRegistry& sources);

}  // namespace tabula
