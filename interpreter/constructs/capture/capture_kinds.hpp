#pragma once
// The kinds of the `capture` statement, each its own module: the statement
// (capture_statement.cpp) reads the first word and hands the line to its kind's checker.
//   capture flanked-chains order=...        (flanked_chains.cpp: at the end of every turn)
//   capture custodian dirs=D length=L take=T (custodian.cpp: where a piece lands)
//   capture adjacent dirs=D take=T           (adjacent.cpp: where a piece lands)
//   capture groups dirs=D                    (groups.cpp: where a piece lands)
#include <string_view>

#include "check/context.hpp"
#include "engine/state_editor.hpp"

namespace tabula {

struct CaptureKind {
  std::string_view word;
  void (*check)(CheckContext&, const Statement&);
};

void check_flanked_chains(CheckContext& ctx, const Statement& s);
void check_custodian(CheckContext& ctx, const Statement& s);
void check_adjacent(CheckContext& ctx, const Statement& s);
void check_groups(CheckContext& ctx, const Statement& s);

// What custodian and adjacent captures do to a piece they take: remove it, or turn it over
// to the side whose piece landed (its kind kept; in a column, the top counter only).
enum class Take : uint8_t { remove, convert };
// Reads take=remove|convert (default `fallback`); false after reporting an error.
bool take_of(CheckContext& ctx, const Statement& s, Take fallback, Take& out);
// Whether `side` may take the piece `victim` (an enemy's) this way: it is capturable, and
// when converted, its kind is one `side` may own.
inline bool may_take(const Program& p, uint8_t victim, int side, Take take) {
  const int kind = p.kind(victim);
  return p.kinds[kind].capturable && (take == Take::remove || p.kind_allowed(side, kind));
}
// Takes the pieces on `cells` for `side` (they must be enemies and capturable), and counts
// them as `side`'s captures.
void take_pieces(StateEditor& edit, const std::vector<int>& cells, int side, Take take);

}  // namespace tabula
