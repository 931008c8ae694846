#include "playout.hpp"

#include <cstdio>
#include <string>

#include "engine/state.hpp"
#include "engine/text/game_record.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"
#include "targets.hpp"

namespace tabula::fuzz {

void checked_playout(std::shared_ptr<const Program> program, uint64_t seed, int max_plies) {
  State s(program);
  const State start = s;
  std::string error;
  auto pos = parse_position(*program, position_string(s), error);
  check(pos.has_value(), "the start position's text parses");
  MoveList moves;
  for (int ply = 0; ply < max_plies && !s.is_terminal(); ++ply) {
    s.legal_moves(moves);
    check(!moves.empty(), "a position that is not over has a legal move");
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    const Move m = moves[(seed >> 33) % moves.size()];
    const std::string text = s.move_to_string(m);
    auto parsed = parse_move(s, text, error);
    if (!parsed || parsed->from != m.from || parsed->to != m.to || parsed->kind != m.kind)
      std::fprintf(stderr, "position %s, move '%s': %s\n", position_string(s).c_str(), text.c_str(),
                   parsed ? "parses to another move" : error.c_str());
    check(parsed && parsed->from == m.from && parsed->to == m.to && parsed->kind == m.kind,
          "a legal move's text parses back to it");
    s.apply(m);
    s.result();
    s.returns();
  }
  // The history is a game record that replays to the same position.
  std::string record;
  for (const auto& text : history_strings(s)) record += text + " ";
  State replay(program);
  int applied = replay_record(replay, record, error);
  check(applied == s.ply(), "the move history replays as a game record");
  check(position_string(replay) == position_string(s), "a replayed record reaches the same position");
  while (s.ply() > 0) s.undo();
  check(s == start, "undoing every move restores the start");
}

}  // namespace tabula::fuzz
