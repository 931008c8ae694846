#pragma once
// Game records: move lists as published (`1. c8-c6 h4-f2`). Move numbers, result markers
// (1-0, 0-1, 1/2), annotation marks (! ?) and comments in parentheses are skipped.
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

// The move tokens of a record, in order.
std::vector<std::string> record_moves(std::string_view text);

// The game `s` has played (its history) as a record: a move number before each turn of the
// first seat (`1. c8-c6 h4-f2 2. ...`), passes as the notation's pass marker, promotion marks,
// and the notation's end mark once the game is over. replay_record reads it back.
std::string write_record(const State& s);

// Applies the record to `s`. Returns the number of moves applied, or -1 with `error` set
// ("move 12 (b1-b3): ...") at the first move that does not parse or is not legal.
int replay_record(State& s, std::string_view text, std::string& error);

}  // namespace tabula
