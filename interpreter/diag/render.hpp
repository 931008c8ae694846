#pragma once
// Renders diagnostics as `file:line:col: error: message`, the source line and a caret.
#include <string>
#include <string_view>

#include "diag/diagnostic.hpp"
#include "diag/source_registry.hpp"

namespace tabula {

std::string render(const Diagnostic& d, const SourceRegistry& sources);
// Every diagnostic in file and line order (a note after its message), as `validate` prints them.
std::string render_all(const Diagnostics& ds, const SourceRegistry& sources);

// `text` as it may be shown on a terminal or in a UTF-8 page: well-formed UTF-8, line breaks
// and tabs as they are; every other control character and every byte that is not part of
// well-formed UTF-8 (an input's Latin-1 name, a typed byte 0xFF) written as \xNN, so that a
// message quoting an input is always text, and says which bytes were there.
std::string printable(std::string_view text);

// "1 error", "7 errors", or "more than 100 errors" when errors were dropped past the limit.
std::string error_count_text(const Diagnostics& ds);

}  // namespace tabula
