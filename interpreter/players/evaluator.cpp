#include "players/evaluator.hpp"

#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/turn_machine.hpp"

#include <algorithm>
#include <cmath>

namespace tabula {
namespace {

// For `player`: each term minus the mean of the others' (the raw terms of every side, as
// PositionFeatures::compute gives them).
void against_others(const std::vector<double>& raw, size_t terms, int sides, int player, std::vector<double>& out) {
  out.assign(terms, 0.0);
  for (size_t i = 0; i < terms; ++i) {
    double others = 0;
    for (int q = 0; q < sides; ++q)
      if (q != player) others += raw[static_cast<size_t>(q) * terms + i];
    const double mine = raw[static_cast<size_t>(player) * terms + i];
    out[i] = sides < 2 ? mine : mine - others / (sides - 1);
  }
}

}  // namespace

RulesEvaluator::RulesEvaluator(const Program& p, std::vector<double> weights, bool tuned) : features_(p) {
  for (const auto& r : p.end.after_move) connection_ = connection_ || r.condition.calls(p.functions, "connected");
  weights_ = std::move(weights);
  if (weights_.empty()) {
    for (size_t i = 0; i < features_.size(); ++i) weights_.push_back(features_.default_weight(i));
    // The tuned weights the rules come with replace the defaults term by term (the loader
    // checked that every name is a term of these rules).
    for (const auto& [name, w] : p.evaluation_weights)
      if (int i = features_.index(name); tuned && i >= 0) weights_[static_cast<size_t>(i)] = w;
  }
  weights_.resize(features_.size(), 0.0);
}

void RulesEvaluator::terms(const State& s, int player, std::vector<double>& out) const {
  std::vector<double> raw;
  features_.compute(s, raw);
  against_others(raw, features_.size(), s.program().player_count(), player, out);
}

double RulesEvaluator::term(const State& s, int player, std::string_view name) const {
  const int i = features_.index(name);
  if (i < 0) return 0;
  std::vector<double> t;
  terms(s, player, t);
  return t[static_cast<size_t>(i)];
}

double RulesEvaluator::gathering(const State& s, int player) const {
  if (!connection_) return 0;
  return 0.5 * term(s, player, "groups") * -1 - term(s, player, "scatter");
}

double RulesEvaluator::evaluate(const State& s, int player) const {
  std::vector<double> t;
  terms(s, player, t);
  double v = 0;
  for (size_t i = 0; i < t.size(); ++i) v += weights_[i] * t[i];
  return std::clamp(v, -kEvalWin / 4, kEvalWin / 4);
}

double ExpressionEvaluator::evaluate(const State& s, int player) const {
  return std::clamp(static_cast<double>(value(expression_, {s, player})), -kEvalWin / 4, kEvalWin / 4);
}

std::unique_ptr<Evaluator> make_evaluator(const Program& p, bool tuned) {
  if (!p.evaluation.empty()) return std::make_unique<ExpressionEvaluator>(p.evaluation);
  return std::make_unique<RulesEvaluator>(p, std::vector<double>{}, tuned);
}

}  // namespace tabula
