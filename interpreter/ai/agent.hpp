#pragma once
// A computer (or human) player: given a state, choose a legal move.
#include <cstdint>
#include <memory>
#include <string>

#include "engine/state.hpp"

namespace tabula {

class Agent {
 public:
  virtual ~Agent() = default;
  // `s` is not terminal; it may be changed during the call but must be restored.
  virtual Move choose(State& s) = 0;
  // The spec that makes this player again, e.g. "mcts:1000".
  virtual std::string name() const = 0;
};

// Player specs (docs/AI.md):
//   random                  uniformly random moves
//   mc:N                    flat Monte Carlo, N random playouts after each legal move
//   mcts:N | mcts:TIME      UCT with N iterations, or for TIME per move (1s, 500ms)
//   alphabeta:D             iterative deepening alpha-beta to depth D (1-64)
//   alphabeta:D:TIME | alphabeta:TIME   ... stopping after TIME per move
//   search | search:D       aliases of alphabeta:2 | alphabeta:D
// nullptr and `error` set for a bad spec.
std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t seed, std::string& error);

// Just checks a spec (for option parsing); "" when it is valid, else the reason.
std::string check_agent_spec(const std::string& spec);

}  // namespace tabula
