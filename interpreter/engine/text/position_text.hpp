#pragma once
// Positions as text, both ways:
// - rows as drawn (top first) separated by '/', then the seat or side to move. In a row
//   either one symbol per cell and a number for that many empty cells (`1BBBBBB1`), or, with
//   columns, comma-separated items: a column top first (`WbbwB`), a number of empty cells,
//   or `-`; an empty row is all empty (`b,b,b,b/b,b,b/b,b,b,b//w,w,w,w/w,w,w/w,w,w,w w`);
// - a piece list: cell and column, then who moves (`a1WWW b2BBB, White to move`).
// Either may end with `; FIELDS`: the state that is not on the board (engine/text/position_fields.hpp).
#include <optional>
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace tabula {

std::optional<Position> parse_position(const Program& p, std::string_view text, std::string& error);
std::string position_string(const State& s);

}  // namespace tabula
