#pragma once
// Moves and positions as text, both ways. Errors are one clear sentence.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

// Parses `from-to`, `fromxto`, capture paths (`b2-c3-d4wb`, `e4:e6:g6`, every square or
// landings only, column suffixes optional but checked when given) or `pass`.
std::optional<Move> parse_move(const State& s, std::string_view text, std::string& error);

// The game so far as move text, one entry per ply (replayed from the start position).
std::vector<std::string> history_strings(const State& s);

// Positions, in two forms:
// - rows as drawn (top first) separated by '/', then the player to move. In a row either
//   one symbol per cell and a number for that many empty cells (`1BBBBBB1`), or, with
//   columns, comma-separated items: a column top first (`WbbwB`), a number of empty cells,
//   or `-`; an empty row is all empty (`b,b,b,b/b,b,b/b,b,b,b//w,w,w,w/w,w,w/w,w,w,w w`);
// - a piece list: cell and column, then who moves (`a1WWW b2BBB, White to move`).
std::optional<Position> parse_position(const Program& p, std::string_view text, std::string& error);
std::string position_string(const State& s);

// The cells of the board in drawing order: rows from the top, each row west to east.
std::vector<std::vector<int>> board_rows(const BoardGraph& b);

}  // namespace tabula
