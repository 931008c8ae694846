#include "engine/state_drawing.hpp"

#include <fmt/format.h>

#include "board/board_drawing.hpp"
#include "engine/notes.hpp"
#include "engine/turn_machine.hpp"

namespace tabula {

std::string draw_state(const State& s) {
  const Program& p = s.program();
  // Columns are drawn whole, top counter first. An area a construct shows (a target
  // region) has its cells drawn with `*` and its mark with `m`, after the piece standing
  // there if any (Ym, B*); the constructs' status lines follow the board.
  const StateNotes notes = describe(s);
  std::vector<std::string> marks(p.cells);
  for (const auto& area : notes.areas) {
    for (int c : area.cells) marks[c] = "*";
    if (area.mark >= 0) marks[area.mark] = "m";
  }
  std::string board = draw_board(*p.board, [&](int cell) {
    if (s.at(cell)) return s.column_text(cell) + marks[cell];
    return marks[cell].empty() ? std::string("-") : marks[cell];
  });
  for (const auto& line : notes.lines) board += line + "\n";
  return board;
}

std::string result_sentence(const State& s) {
  const Program& p = s.program();
  GameResult r = s.result();
  if (!r.over) return fmt::format("game not over; {} to move", p.seats[s.current_seat()].name);
  std::string scores;
  for (int side = 0; side < p.player_count() && !p.end.score.empty(); ++side)
    scores += fmt::format("{}{} {}", side ? ", " : " (score: ", p.players[side].name, score_text(s, side));
  if (!scores.empty()) scores += ")";
  if (r.winner < 0) return fmt::format("draw after {} plies{}", s.ply(), scores);
  return fmt::format("{} wins after {} plies{}", p.players[r.winner].name, s.ply(), scores);
}

}  // namespace tabula
