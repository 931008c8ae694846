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
// A path that is not a board file (its name must end in .yaml or .yml), a file that cannot be
// read as text (docs/ROBUSTNESS.md, "Input limits") or a YAML file that is not a board is
// one error, reported at `named_at` (where a rules file names the board) or else about the
// file, and nothing of the file is quoted.
std::optional<BoardGraph> load_board_file(const std::string& path, Diagnostics& diags, SourceRegistry& sources,
                                          const SourcePos* named_at = nullptr);

// The kind of a path by its name: .yaml or .yml.
bool is_board_path(const std::string& path);
// "'PATH' is not a board file (its name must end in .yaml or .yml)".
std::string not_a_board_file(const std::string& path);

}  // namespace tabula
