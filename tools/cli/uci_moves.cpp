#include "uci_moves.hpp"

#include <fmt/format.h>
#include <cctype>

#include "engine/text/text_util.hpp"
#include "program/program.hpp"

namespace tabula::cli {
namespace {

const std::string& cell_name(const State& s, int cell) { return s.program().board->cell(cell).name; }

// The other square of the mover's that the move empties or changes: the rook of a castling.
int partner_square(const State& s, const Move& m) {
  State after = s;
  after.apply_unchecked(m);
  const Program& p = s.program();
  for (int c = 0; c < p.board->cell_count(); ++c) {
    if (c == m.from || c == m.to || !s.at(c)) continue;
    if (p.owner(s.at(c)) == s.current_player() && after.at(c) != s.at(c)) return c;
  }
  return -1;
}

}  // namespace

std::string uci_move(const State& s, const Move& m, bool chess960) {
  if (m.kind != Move::piece || m.from < 0 || m.to < 0) return s.move_to_string(m);
  int to = m.to;
  if (chess960) {
    const int rook = partner_square(s, m);
    if (rook >= 0 && s.at(rook) && s.program().owner(s.at(rook)) == s.current_player()) to = rook;
  }
  std::string text = cell_name(s, m.from) + cell_name(s, to);
  // A promotion letter only where the squares alone leave a choice (a pawn reaching the far
  // rank): a castling king's first move also changes its kind in these rules, silently.
  int same_squares = 0;
  for (const Move& other : s.legal_moves())
    if (other.kind == Move::piece && other.from == m.from && other.to == m.to) ++same_squares;
  if (same_squares > 1 && m.promotion > 0) {
    const Program& p = s.program();
    const int kind = p.promotions.at(m.promotion - 1).to_kind;
    const std::string symbol = p.symbol(p.piece_code(s.current_player(), kind));
    if (!symbol.empty()) text += static_cast<char>(std::tolower(static_cast<unsigned char>(symbol[0])));
  }
  return text;
}

std::optional<Move> parse_uci_move(const State& s, const std::string& text, bool chess960, std::string& error) {
  const std::string wanted = lower(text);
  for (const Move& m : s.legal_moves())
    if (uci_move(s, m, chess960) == wanted) return m;
  error = fmt::format("'{}' is not a legal move here", text);
  return std::nullopt;
}

}  // namespace tabula::cli
