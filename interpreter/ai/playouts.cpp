#include "ai/playouts.hpp"

#include <atomic>
#include <chrono>
#include <thread>

#include "ai/rng.hpp"
#include "engine/state.hpp"

namespace tabula {

PlayoutStats run_playouts(std::shared_ptr<const Program> program, double seconds, uint64_t max_playouts, int threads,
                          uint64_t seed) {
  using clock = std::chrono::steady_clock;
  auto start = clock::now();
  std::atomic<uint64_t> started{0};
  std::vector<PlayoutStats> per_thread(threads);
  auto work = [&](int t) {
    Rng rng(seed * 1000003 + t);
    MoveList moves;
    PlayoutStats& st = per_thread[t];
    st.wins.assign(program->player_count(), 0);
    while (true) {
      if (max_playouts && started.fetch_add(1) >= max_playouts) break;
      if (!max_playouts && std::chrono::duration<double>(clock::now() - start).count() >= seconds) break;
      State game(program);
      while (!game.is_terminal()) {
        game.legal_moves(moves);
        game.apply(moves[rng.below(static_cast<uint32_t>(moves.size()))]);
      }
      GameResult r = game.result();
      ++st.playouts;
      st.plies += game.ply();
      if (r.winner >= 0) ++st.wins[r.winner];
      else ++st.draws;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (auto& th : pool) th.join();
  PlayoutStats total;
  total.wins.assign(program->player_count(), 0);
  for (const auto& st : per_thread) {
    total.playouts += st.playouts;
    total.plies += st.plies;
    total.draws += st.draws;
    for (size_t i = 0; i < st.wins.size(); ++i) total.wins[i] += st.wins[i];
  }
  total.seconds = std::chrono::duration<double>(clock::now() - start).count();
  return total;
}

}  // namespace tabula
