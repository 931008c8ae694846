#pragma once
// Flat Monte Carlo: random playouts after each legal move, N per move or, with a time, one
// per move in turn until the time is up; the move with the best mean return is played. The
// plainest player that looks ahead: a yardstick for the others at equal time.
#include <cstdint>

#include "engine/sample.hpp"
#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "util/rng.hpp"

namespace tabula {

class FlatMonteCarloAgent : public Agent {
 public:
  FlatMonteCarloAgent(const AgentSpec& spec, uint64_t seed) : spec_(spec), rng_(seed) {}
  Move choose(State& s) override;
  std::string name() const override { return spec_.text(); }
  const Policy& policy() const override { return policy_; }

 private:
  AgentSpec spec_;
  Rng rng_;
  MoveSample scratch_;
  Policy policy_;
};

}  // namespace tabula
