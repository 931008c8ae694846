#pragma once
// FEN to and from the position text of rules/chess.rules and rules/chess960.rules, for the
// UCI protocol (the same mapping as tools/fen; docs/GAMES.md, "Chess"): a king or rook that may
// still castle is a kind of its own (J/j, C/c), FEN's castling letters name the outermost rook
// on a side (KQkq) or the rook's file (Shredder-FEN, as Chess960 needs); the en passant
// square is the fields passed.from, passed.by and passed.dir; the halfmove clock is quiet=N.
#include <optional>
#include <string>

namespace tabula::cli {

// nullopt with `error` (the field that is wrong) for a bad FEN.
std::optional<std::string> fen_to_position(const std::string& fen, std::string& error);
// The FEN of a position text of those rules (its move number written as 1).
std::optional<std::string> position_to_fen(const std::string& position, std::string& error);

}  // namespace tabula::cli
