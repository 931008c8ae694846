#include "players/random_agent.hpp"

namespace tabula {

Move RandomAgent::choose(State& s) {
  s.legal_moves(moves_);
  return moves_[rng_.below(static_cast<uint32_t>(moves_.size()))];
}

}  // namespace tabula
