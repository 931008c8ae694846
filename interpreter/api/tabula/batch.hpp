#pragma once
// Work on many states at once, for training loops that evaluate a batch of positions:
// random playouts from each state, natively, on threads.
#include <atomic>
#include <cstdint>
#include <vector>

#include "tabula/export.hpp"
#include "tabula/game_state.hpp"

namespace tabula {

// The mean returns of `playouts` games of uniformly random moves from each of `starts` (all
// of one game): out[i * sides + p] is side p's mean return from starts[i] (+1 win, -1 loss,
// 0 draw), sides = the game's num_players(). On `threads` threads (1 to kMaxThreads); the
// playouts of state i draw from generators seeded from `seed`, i and the playout's number,
// so the result depends on the seed and not on the threads. std::invalid_argument for
// states of different games or no playouts; Interrupted when `stop` is set first.
TABULA_API std::vector<double> playout_returns(const std::vector<GameState>& starts, uint64_t playouts, uint64_t seed,
                                               int threads = 1, const std::atomic<bool>* stop = nullptr);

}  // namespace tabula
