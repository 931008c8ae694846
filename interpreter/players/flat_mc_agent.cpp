#include "players/flat_mc_agent.hpp"

#include <chrono>
#include <limits>

#include "engine/playout_kernel.hpp"
#include "players/playouts.hpp"

namespace tabula {

Move FlatMonteCarloAgent::choose(State& s) {
  using clock = std::chrono::steady_clock;
  MoveList moves = s.legal_moves();
  for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[rng_.below(static_cast<uint32_t>(i))]);
  policy_ = {};
  policy_.kind = Policy::Kind::values;
  policy_.scale = 0.1;  // returns are in [-1, 1]: a temperature of 1 weighs 0.1 apart by e
  if (moves.size() == 1) {
    policy_.moves.push_back({moves.front(), 0.0});
    return moves.front();
  }
  const int mover = s.current_player();
  std::vector<double> total(moves.size(), 0.0);
  std::vector<uint64_t> count(moves.size(), 0);
  auto one_playout = [&](size_t i) {
    s.apply_unchecked(moves[i]);
    PlayoutEnd end;
    if (!kernel_playout(s, rng_, end)) {  // move by move, then back
      const int applied = play_randomly(s, rng_, scratch_);
      end.result = s.result();
      for (int k = 0; k < applied; ++k) s.undo();
    }
    const GameResult r = end.result;
    total[i] += !r.over || r.winner < 0 ? 0.0 : r.winner == mover ? 1.0 : -1.0;
    ++count[i];
    s.undo();
  };
  if (spec_.seconds > 0) {  // one playout per move in turn, until the time is up
    const auto deadline =
        clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(spec_.seconds));
    for (bool go = true; go;)
      for (size_t i = 0; i < moves.size() && (go = clock::now() < deadline); ++i) one_playout(i);
  } else {
    for (size_t i = 0; i < moves.size(); ++i)
      for (uint64_t k = 0; k < spec_.count; ++k) one_playout(i);
  }
  size_t best = 0;
  double best_mean = -std::numeric_limits<double>::infinity();
  for (size_t i = 0; i < moves.size(); ++i) {
    const double mean = count[i] ? total[i] / static_cast<double>(count[i]) : 0.0;
    policy_.moves.push_back({moves[i], mean});
    if (mean > best_mean) best_mean = mean, best = i;
  }
  return moves[best];
}

}  // namespace tabula
