#pragma once
// Moves as UCI writes them: the square a piece leaves and the square it reaches (e2e4), then
// the letter of the piece a pawn becomes where the move has that choice (e7e8q). Castling is
// the king's move (e1g1), or with UCI_Chess960 the king taking its own rook (e1h1). Cells are
// the board's own names, so the rules' board must name its squares as UCI does (a1 .. h8).
#include <optional>
#include <string>

#include "engine/state.hpp"

namespace tabula::cli {

std::string uci_move(const State& s, const Move& m, bool chess960);
// The legal move `text` names; nullopt with `error` when none does.
std::optional<Move> parse_uci_move(const State& s, const std::string& text, bool chess960, std::string& error);

}  // namespace tabula::cli
