#include "players/leaf_evaluator.hpp"

#include <algorithm>
#include <cmath>

#include "players/evaluator.hpp"

namespace tabula {
namespace {

class RulesLeafEvaluator : public LeafEvaluator {
 public:
  RulesLeafEvaluator(const Program& p, bool tuned) : evaluator_(make_evaluator(p, tuned)) {}

  void evaluate(LeafBatch& batch) override {
    const size_t n = batch.states.size();
    batch.values.assign(n, 0.0f);
    batch.priors.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const State& s = *batch.states[i];
      const double v = evaluator_->evaluate(s, s.current_player());
      scale_sum_ += std::abs(v), ++scale_count_;
      const double scale = std::max(1e-9, scale_sum_ / static_cast<double>(scale_count_));
      batch.values[i] = static_cast<float>(std::tanh(v / scale));
      const size_t moves = batch.moves[i]->size();
      batch.priors[i].assign(moves, moves ? 1.0f / static_cast<float>(moves) : 0.0f);
    }
  }

 private:
  std::unique_ptr<Evaluator> evaluator_;
  double scale_sum_ = 0;
  uint64_t scale_count_ = 0;
};

}  // namespace

std::unique_ptr<LeafEvaluator> rules_leaf_evaluator(const Program& p, bool tuned) {
  return std::make_unique<RulesLeafEvaluator>(p, tuned);
}

}  // namespace tabula
