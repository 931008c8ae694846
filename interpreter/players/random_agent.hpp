#pragma once
#include "players/agent.hpp"
#include "util/rng.hpp"

namespace tabula {

// Uniformly random among the legal moves.
class RandomAgent : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : rng_(seed) {}
  Move choose(State& s) override;
  std::string name() const override { return "random"; }

 private:
  Rng rng_;
  MoveList moves_;
};

}  // namespace tabula
