#pragma once
// Moves as text, both ways, over a const State. Each construct writes the moves it makes
// (MoveMaker::text); piece moves and placements share the forms below. Reading a move
// matches the typed text against the legal moves' texts, and for piece moves against their
// squares (every square or landings only, column suffixes optional but checked when given).
// Errors are one clear sentence.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"

namespace tabula {

std::string move_text(const State& s, const Move& m);
std::optional<Move> parse_move(const State& s, std::string_view text, std::string& error);

// The game so far as move text, one entry per ply (replayed from the start position).
std::vector<std::string> history_strings(const State& s);

// Writing piece moves (for movement constructs): FROM-TO, FROMxTO for a capture by landing,
// or the path of a capture sequence.
std::string piece_move_text(const State& s, const Move& m);
// The record mark of the promotion a move makes (promote ... mark="(X)"), e.g. "(X)".
std::string promotion_mark(const Program& p, const Move& m);
// A placement: the placed piece's symbol, '@', the cell (W@e4).
std::string placement_text(const State& s, const Move& m);

}  // namespace tabula
