#include "engine/perft.hpp"

namespace tabula {

uint64_t perft(State& s, int depth) {
  if (depth <= 0) return 1;
  thread_local std::vector<MoveList> lists;
  if (static_cast<int>(lists.size()) <= depth) lists.resize(depth + 1);
  MoveList& moves = lists[depth];
  s.legal_moves(moves);
  if (depth == 1) return moves.size();
  uint64_t total = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    s.apply(moves[i]);
    total += s.is_terminal() ? 1 : perft(s, depth - 1);
    s.undo();
  }
  return total;
}

std::vector<std::pair<std::string, uint64_t>> perft_divide(State& s, int depth) {
  std::vector<std::pair<std::string, uint64_t>> out;
  MoveList moves = s.legal_moves();
  for (const Move& m : moves) {
    std::string text = s.move_to_string(m);
    s.apply(m);
    out.emplace_back(text, depth <= 1 ? 1 : (s.is_terminal() ? 1 : perft(s, depth - 1)));
    s.undo();
  }
  return out;
}

}  // namespace tabula
