// Batches of states: random playouts from many positions at once.
#include <fmt/format.h>
#include <stdexcept>

#include "api/call_threads.hpp"
#include "api/facade.hpp"
#include "players/playouts.hpp"
#include "tabula/batch.hpp"
#include "util/parallel.hpp"

namespace tabula {

std::vector<double> playout_returns(const std::vector<GameState>& starts, uint64_t playouts, uint64_t seed, int threads,
                                    const std::atomic<bool>* stop) {
  using detail::StateImpl;
  detail::check_threads(threads, "batch playouts");
  if (playouts < 1) throw std::invalid_argument("batch playouts need at least one playout per state");
  if (starts.empty()) return {};
  const Game game = starts.front().game();
  for (size_t i = 1; i < starts.size(); ++i)
    if (StateImpl::of(starts[i]).game != StateImpl::of(starts.front()).game && starts[i].game() != game)
      throw std::invalid_argument(fmt::format("state {} is a state of {}, state 0 of {}: a batch is of one game", i,
                                              starts[i].game().name(), game.name()));
  const size_t sides = static_cast<size_t>(game.num_players());
  std::vector<double> out(starts.size() * sides, 0.0);
  std::atomic<size_t> next{0};
  std::atomic<bool> failed{false}, cut{false};  // cut: a state's playouts were stopped part way
  // A thread takes a whole state, so each state's sum is added in one order: the same
  // result whatever the number of threads.
  auto work = [&](int) {
    MoveSample scratch;
    for (size_t i; !failed && !(stop && *stop) && (i = next.fetch_add(1)) < starts.size();) {
      State start = StateImpl::of(starts[i]).state;
      start.stop_journal();
      start.stop_hashing();
      State game_state = start;
      for (uint64_t k = 0; k < playouts; ++k) {
        if (stop && *stop) {
          cut = true;
          break;
        }
        Rng rng = detail::playout_rng(seed, i * playouts + k);
        PlayoutEnd end;
        random_ending(start, game_state, rng, scratch, end);
        if (end.result.winner >= 0)  // a win counts 1 for the winner, -1 for the others (State::returns)
          for (size_t p = 0; p < sides; ++p)
            out[i * sides + p] += static_cast<int>(p) == end.result.winner ? 1.0 : -1.0;
      }
      for (size_t p = 0; p < sides; ++p) out[i * sides + p] /= static_cast<double>(playouts);
    }
  };
  detail::engine_call([&] { run_parallel(threads, work, failed); });
  if (cut || (stop && *stop && next.load() < starts.size()))
    throw Interrupted(fmt::format("batch playouts stopped before the {} states were done", starts.size()));
  return out;
}

}  // namespace tabula
