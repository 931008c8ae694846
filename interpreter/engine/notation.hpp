#pragma once
// Moves and positions as text, both ways. Errors are one clear sentence.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

// Parses `from-to`, `fromxto` (any declared separator) or `pass` against the legal moves.
std::optional<Move> parse_move(const State& s, std::string_view text, std::string& error);

// The game so far as move text, one entry per ply (replayed from the start position).
std::vector<std::string> history_strings(const State& s);

// Positions: board rows from the top (as drawn), separated by '/'; in a row, one symbol per
// cell, a number for that many empty cells; then the player to move, e.g. the LOA start
//   1BBBBBB1/W6W/W6W/W6W/W6W/W6W/W6W/1BBBBBB1 black
struct Position {
  std::vector<uint8_t> cells;
  int to_move = 0;
};
std::optional<Position> parse_position(const Program& p, std::string_view text, std::string& error);
std::string position_string(const State& s);

// The cells of the board in drawing order: rows from the top, each row west to east.
std::vector<std::vector<int>> board_rows(const BoardGraph& b);

}  // namespace tabula
