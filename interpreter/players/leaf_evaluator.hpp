#pragma once
// What a PUCT search (players/puct_agent) asks of the positions it reaches: each one's value
// for the side to move, in [-1, 1], and a prior over its legal moves, for many positions at
// once (a network evaluates a batch in one call). The rules' own evaluation gives values
// and uniform priors; an outside evaluator (a Python network, through the facade) gives both.
#include <memory>
#include <vector>

#include "engine/state.hpp"
#include "program/program.hpp"

namespace tabula {

struct LeafBatch {
  std::vector<const State*> states;        // none is over
  std::vector<const MoveList*> moves;      // each state's legal moves, in the engine's order
  std::vector<float> values;               // filled: per state, for its side to move
  std::vector<std::vector<float>> priors;  // filled: per state, per move, summing to 1
};

class LeafEvaluator {
 public:
  virtual ~LeafEvaluator() = default;
  // Fills batch.values and batch.priors (sized here); std::runtime_error naming what is wrong.
  virtual void evaluate(LeafBatch& batch) = 0;
};

// The rules' evaluation (players/evaluator), squashed by tanh over the mean size of the
// values seen so far; every legal move alike.
std::unique_ptr<LeafEvaluator> rules_leaf_evaluator(const Program& p, bool tuned);

}  // namespace tabula
