#include "engine/perft.hpp"

namespace tabula {
namespace {

// One move list per depth, per thread: no allocation once warm.
MoveList& list_for(int depth) {
  thread_local std::vector<MoveList> lists;
  if (static_cast<int>(lists.size()) <= depth) lists.resize(depth + 1);
  return lists[depth];
}

// The leaves below a position reached by a move (depth >= 1). The move list is empty
// exactly when the game is over (State::legal_moves gives a pass move when the rules pass),
// so one generation both tests for the end and lists the moves: a position that is over is
// one leaf, as is_terminal() would say, without generating the moves twice.
uint64_t leaves_below(State& s, int depth);

// The leaves below each of `moves` (depth >= 2), summed.
uint64_t leaves_below_moves(State& s, const MoveList& moves, int depth) {
  uint64_t total = 0;
  for (size_t i = 0; i < moves.size(); ++i) {
    s.apply_unchecked(moves[i]);
    total += leaves_below(s, depth - 1);
    s.undo();
  }
  return total;
}

uint64_t leaves_below(State& s, int depth) {
  MoveList& moves = list_for(depth);
  s.legal_moves(moves);
  if (moves.empty()) return 1;
  if (depth == 1) return moves.size();
  return leaves_below_moves(s, moves, depth);
}

}  // namespace

uint64_t perft(State& s, int depth) {
  if (depth <= 0) return 1;
  MoveList& moves = list_for(depth);
  s.legal_moves(moves);  // the root is expanded even if over, as perft counts moves from it
  if (depth == 1) return moves.size();
  return leaves_below_moves(s, moves, depth);
}

std::vector<std::pair<std::string, uint64_t>> perft_divide(State& s, int depth) {
  std::vector<std::pair<std::string, uint64_t>> out;
  MoveList moves = s.legal_moves();
  for (const Move& m : moves) {
    std::string text = s.move_to_string(m);
    s.apply_unchecked(m);
    out.emplace_back(text, depth <= 1 ? 1 : leaves_below(s, depth - 1));
    s.undo();
  }
  return out;
}

}  // namespace tabula
