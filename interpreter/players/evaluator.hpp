#pragma once
// How good a position is for a player, for the search players. An Evaluator is the hook
// through which a rules file will give its own evaluation (a later `evaluate EXPR`
// statement): make_evaluator picks the one a program asks for, so the players never know
// which game they play.
#include <memory>

#include "engine/position_features.hpp"
#include "engine/state.hpp"
#include "program/program.hpp"

namespace tabula {

// Positive is good for `player`. Values must stay well inside +/- kEvalWin / 2, so that a
// won or lost position always outranks any heuristic value.
constexpr double kEvalWin = 1e6;

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // `s` is not terminal (the search scores game ends itself).
  virtual double evaluate(const State& s, int player) const = 0;
  // Whether captures swing this evaluation, so a search should resolve them past its
  // horizon (quiescence) before trusting it.
  virtual bool captures_matter() const { return true; }
};

// The evaluation derived from the rules: a weighted sum of the terms the rules call for
// (engine/position_features: material, mobility, distance from the centre, the goals'
// numbers and progress, groups and scatter for a goal of connecting, the score), each the
// player's value minus the mean of the others'. The weights are the rules' tuned ones (a
// weights file beside the rules, written by `tabula tune`) or else the untuned defaults.
class RulesEvaluator : public Evaluator {
 public:
  // `weights`: one per term, in the features' order; empty: the program's tuned weights when
  // it has them and `tuned`, else the defaults.
  // `p` must outlive the evaluator (its terms point into it).
  explicit RulesEvaluator(const Program& p, std::vector<double> weights = {}, bool tuned = true);
  double evaluate(const State& s, int player) const override;
  // Material decides unless the rules are about connecting, where taking is incidental.
  bool captures_matter() const override { return !connection_; }

  const PositionFeatures& features() const { return features_; }
  const std::vector<double>& weights() const { return weights_; }
  // Each term for `player` against the mean of the others.
  void terms(const State& s, int player, std::vector<double>& out) const;
  // One term by name (0 when the rules have no such term): for tests and docs.
  double term(const State& s, int player, std::string_view name) const;
  double material(const State& s, int player) const { return term(s, player, "material"); }
  double mobility(const State& s, int player) const { return term(s, player, "mobility"); }
  // With a goal of connecting: minus (half the groups plus the scatter); else 0.
  double gathering(const State& s, int player) const;

  bool uses_connection() const { return connection_; }

 private:
  PositionFeatures features_;
  std::vector<double> weights_;
  bool connection_ = false;
};

// An evaluation written as an expression of the rules language (a Formula the checker
// compiles: numbers, pieces(P), connected(P) as 0/1, arithmetic, comparisons, and/or/not),
// read with `mover` = the player evaluated for and `opponent` = the next player.
class ExpressionEvaluator : public Evaluator {
 public:
  explicit ExpressionEvaluator(Formula expression) : expression_(std::move(expression)) {}
  double evaluate(const State& s, int player) const override;

 private:
  Formula expression_;
};

// The evaluator for a program: an ExpressionEvaluator over the rules' `evaluate EXPR` when
// they have one, else the rules-derived one (see docs/AI.md, "The evaluation and its hook").
// `tuned` false: the rules-derived evaluation with its untuned weights (to measure what
// tuning gave).
std::unique_ptr<Evaluator> make_evaluator(const Program& p, bool tuned = true);

}  // namespace tabula
