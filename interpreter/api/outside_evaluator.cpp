// Evaluations made outside the engine (tabula/players.hpp, OutsideEvaluator) for PUCT
// players: a LeafEvaluator that hands each batch of positions over as GameStates, checks
// what comes back, and reads the priors of the legal actions.
#include <fmt/format.h>

#include <cmath>
#include <stdexcept>

#include "api/facade.hpp"
#include "players/agent_spec.hpp"
#include "players/leaf_evaluator.hpp"
#include "players/puct_agent.hpp"
#include "tabula/players.hpp"

namespace tabula {
namespace {

class OutsideLeafEvaluator : public LeafEvaluator {
 public:
  explicit OutsideLeafEvaluator(std::shared_ptr<OutsideEvaluator> outside) : outside_(std::move(outside)) {}

  void evaluate(LeafBatch& batch) override {
    const size_t n = batch.states.size();
    if (n == 0) return;
    states_.clear();
    for (const State* s : batch.states) states_.push_back(detail::outside_view(game_, *s));
    const size_t actions = static_cast<size_t>(game_->actions.size());
    values_.assign(n, std::nanf(""));
    priors_.assign(outside_->gives_policy() ? n * actions : 0, std::nanf(""));
    outside_->evaluate(states_, values_.data(), priors_.empty() ? nullptr : priors_.data());
    batch.values.resize(n);
    batch.priors.resize(n);
    for (size_t i = 0; i < n; ++i) {
      const float v = values_[i];
      if (!std::isfinite(v) || v < -1.0f || v > 1.0f)
        throw std::runtime_error(
            fmt::format("the evaluator valued position {} of its batch ({}) at {}: a value is a "
                        "number from -1 to 1, for the side to move",
                        i, states_[i].position_text(), v));
      batch.values[i] = v;
      read_priors(i, actions, *batch.moves[i], batch.priors[i]);
    }
  }

 private:
  // The priors of state i's legal moves, in the order of `moves`, scaled to sum to 1 (alike
  // when there are none to read or all are 0).
  void read_priors(size_t i, size_t actions, const MoveList& moves, std::vector<float>& out) const {
    out.assign(moves.size(), moves.empty() ? 0.0f : 1.0f / static_cast<float>(moves.size()));
    if (priors_.empty() || moves.empty()) return;
    const auto& legal = detail::StateImpl::of(states_[i]).legal();
    double sum = 0;
    for (size_t m = 0; m < moves.size(); ++m) {
      size_t k = m < legal.moves.size() && legal.moves[m] == moves[m] ? m : legal.moves.size();
      for (size_t j = 0; k == legal.moves.size() && j < legal.moves.size(); ++j)
        if (legal.moves[j] == moves[m]) k = j;
      if (k == legal.moves.size()) throw std::logic_error("a legal move without an action");
      const float p = priors_[i * actions + static_cast<size_t>(legal.actions[k])];
      if (!std::isfinite(p) || p < 0)
        throw std::runtime_error(
            fmt::format("the evaluator's prior of action {} in position {} of its batch ({}) is "
                        "{}: priors are numbers of 0 or more",
                        legal.actions[k], i, states_[i].position_text(), p));
      out[m] = p;
      sum += p;
    }
    if (sum <= 0) {
      out.assign(moves.size(), 1.0f / static_cast<float>(moves.size()));
      return;
    }
    for (float& p : out) p = static_cast<float>(p / sum);
  }

  std::shared_ptr<OutsideEvaluator> outside_;
  std::shared_ptr<const detail::GameImpl> game_;
  std::vector<GameState> states_;
  std::vector<float> values_, priors_;
};

}  // namespace

OutsideEvaluator::~OutsideEvaluator() = default;

std::optional<Bot> Bot::create(const std::string& spec, uint64_t seed, std::shared_ptr<OutsideEvaluator> evaluator,
                               std::string& error) {
  (void)seed;  // PUCT draws nothing at random
  auto parsed = parse_agent_spec(spec, error);
  if (!parsed) return std::nullopt;
  if (parsed->kind != "puct" || parsed->has("temp")) {
    error = fmt::format(
        "'{}': an outside evaluator values the positions of a PUCT player (puct:N or puct:TIME, "
        "options batch, explore), without temp (sample from step_with_policy's policy instead)",
        spec);
    return std::nullopt;
  }
  if (!evaluator) {
    error = "the outside evaluator is null";
    return std::nullopt;
  }
  auto agent = std::make_unique<PuctAgent>(*parsed);
  agent->set_evaluator(std::make_unique<OutsideLeafEvaluator>(std::move(evaluator)));
  return Bot(std::make_unique<detail::BotImpl>(detail::BotImpl{std::move(agent), true}));
}

}  // namespace tabula
