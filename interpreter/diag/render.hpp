#pragma once
// Renders diagnostics as `file:line:col: error: message`, the source line and a caret.
#include <string>

#include "diag/diagnostic.hpp"
#include "diag/source_registry.hpp"

namespace tabula {

std::string render(const Diagnostic& d, const SourceRegistry& sources);
// Every diagnostic in file and line order (a note after its message), as `validate` prints them.
std::string render_all(const Diagnostics& ds, const SourceRegistry& sources);

// "1 error", "7 errors", or "more than 100 errors" when errors were dropped past the limit.
std::string error_count_text(const Diagnostics& ds);

}  // namespace tabula
