#include "engine/perft.hpp"

namespace tabula {
namespace {

// One move list per depth, per thread: no allocation once warm.
MoveList& list_for(int depth) {
  thread_local std::vector<MoveList> lists;
  if (static_cast<int>(lists.size()) <= depth) lists.resize(depth + 1);
  return lists[depth];
}

class Counter {
 public:
  explicit Counter(const PerftOptions& options) : options_(options) {}

  bool stopped() const { return stopped_; }

  // The leaves at and below a position `depth` plies above the cut (depth >= 1). The move
  // list is empty exactly when the game is over (State::legal_moves gives a pass move when
  // the rules pass), so one generation both tests for the end and lists the moves.
  uint64_t leaves(State& s, int depth) {
    if (options_.stop && options_.stop->load(std::memory_order_relaxed)) {
      stopped_ = true;
      return 0;
    }
    MoveList& moves = list_for(depth);
    s.legal_moves(moves);
    if (moves.empty()) return options_.full_length ? 0 : 1;
    if (depth == 1) return moves.size();
    return leaves_below(s, moves, depth);
  }

  // The leaves below each of `moves` (depth >= 2), summed.
  uint64_t leaves_below(State& s, const MoveList& moves, int depth) {
    uint64_t total = 0;
    for (size_t i = 0; i < moves.size() && !stopped_; ++i) {
      s.apply_unchecked(moves[i]);
      total += leaves(s, depth - 1);
      s.undo();
    }
    return total;
  }

 private:
  const PerftOptions& options_;
  bool stopped_ = false;
};

}  // namespace

PerftCount perft(State& s, int depth, const PerftOptions& options) {
  if (depth <= 0) return {1, true};
  Counter counter(options);
  uint64_t leaves = counter.leaves(s, depth);
  return {leaves, !counter.stopped()};
}

PerftDivision perft_divide(State& s, int depth, const PerftOptions& options) {
  PerftDivision out;
  MoveList moves = s.legal_moves();
  Counter counter(options);
  if (moves.empty() && depth >= 1 && !options.full_length) out.total = 1;  // a finished root is one leaf
  for (const Move& m : moves) {
    std::string text = s.move_to_string(m);
    s.apply_unchecked(m);
    uint64_t count = depth <= 1 ? 1 : counter.leaves(s, depth - 1);
    s.undo();
    out.total += count;
    if (counter.stopped()) break;  // the move's count is partial: in the total only
    out.moves.emplace_back(text, count);
  }
  out.complete = !counter.stopped();
  return out;
}

}  // namespace tabula
