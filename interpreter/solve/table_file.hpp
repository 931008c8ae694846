#pragma once
// A solver's table on disk, so a long solve stopped by its budget or by Ctrl-C continues
// where it stopped (`tabula solve --table FILE --resume`). The file names the rules it was
// proven for (their hash) and carries a checksum of its entries: a table of other rules, or
// one that was cut or changed, is refused with what is wrong, never believed.
//
// Layout: a first line "tabula-solver-table 1", a second line of JSON ({"rules": HASH,
// "game": NAME, "symmetries": NAMES, "entries": N, "checksum": HEX}), then N entries of 28
// bytes each
// (key, check: 8 bytes; lower, upper: 4 bytes, two's complement; best move: 2 bytes; work,
// spare: 1 byte; all little-endian).
#include <string>

#include "solve/solver_table.hpp"

namespace tabula {

struct TableFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Writes every entry of `table` to `path` (through a file beside it, renamed over it at
// the end, so an interrupted write never leaves half a table).
// `symmetries`: those the solve filed positions under (Symmetries::names).
void write_solver_table(const std::string& path, const SolverTable& table, const std::string& rules_hash,
                        const std::string& game, const std::string& symmetries);
// Adds the entries of the table at `path` to `table`; throws TableFileError naming the file
// and what is wrong (other rules, other symmetries, cut or changed). Returns the number of
// entries read.
size_t read_solver_table(const std::string& path, SolverTable& table, const std::string& rules_hash,
                         const std::string& symmetries, ValueBounds unknown);

}  // namespace tabula
