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
  virtual Move choose(State& s) = 0;
  virtual std::string name() const = 0;
};

// "random", "search" or "search:DEPTH"; nullptr and `error` set for an unknown spec.
std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t seed, std::string& error);

}  // namespace tabula
