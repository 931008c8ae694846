#pragma once
// Fixed-depth alpha-beta over the rules' own terms: wins and losses, material from piece
// values, and, when the rules end on connected(...), how scattered each side's pieces are.
#include "ai/agent.hpp"
#include "ai/rng.hpp"

namespace tabula {

class SearchAgent : public Agent {
 public:
  SearchAgent(int depth, uint64_t seed) : depth_(depth), rng_(seed) {}
  Move choose(State& s) override;
  std::string name() const override { return "search:" + std::to_string(depth_); }

  // Heuristic value of `s` for `player` (positive is good).
  static double evaluate(const State& s, int player);

 private:
  double negamax(State& s, int depth, double alpha, double beta);
  int depth_;
  Rng rng_;
};

}  // namespace tabula
