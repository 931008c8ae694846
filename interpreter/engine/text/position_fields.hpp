#pragma once
// The part of a position that is not on the board, as text after the board and the seat:
// `; at=turn:2 fresh passes=1 quiet=3 reserve.black.stone=5 rendezvous.mark=d5 ...`, and
// for a game that a rule ended, `winner=NAME` or `drawn`. Only
// what differs from the start of a turn with every construct value at its initial value is
// written, so ordinary positions stay as short as before; what is written reads back to the
// same state (tests/conformance_tests.cpp). The ply count and the repetition history are the
// game's history, not the position: a position read from text starts at ply 0.
#include <string>
#include <string_view>

#include "engine/state.hpp"

namespace tabula {

// "" when nothing differs; else the fields, space separated (without the leading "; ").
std::string position_fields(const State& s);
// Reads fields into `pos` (which then carries its turn point); false with `error` set.
bool parse_position_fields(const Program& p, std::string_view text, Position& pos, std::string& error);

}  // namespace tabula
