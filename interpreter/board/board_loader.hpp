#pragma once
// Reads a board file (YAML) into a BoardGraph. Every problem found is reported as a
// diagnostic with its line and column, all of them in one run; see docs/BOARDS.md for the
// schema.
#include <optional>
#include <string>

#include "board/board_graph.hpp"
#include "diag/diagnostic.hpp"
#include "diag/source_file.hpp"
#include "diag/source_registry.hpp"

namespace tabula {

// nullopt when the file had errors (warnings alone still give a board).
std::optional<BoardGraph> load_board(const SourceFile& src, Diagnostics& diags);

// Reads `path`, registers its text in `sources` (so diagnostics can quote it) and loads it.
std::optional<BoardGraph> load_board_file(const std::string& path, Diagnostics& diags, SourceRegistry& sources);

}  // namespace tabula
