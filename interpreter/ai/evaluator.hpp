#pragma once
// How good a position is for a player, for the search players. An Evaluator is the hook
// through which a rules file will give its own evaluation (a later `evaluate EXPR`
// statement): make_evaluator picks the one a program asks for, so the players never know
// which game they play.
#include <memory>

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

// The evaluation derived from the rules alone: material from piece values (counters
// under the top of a column at half value); when the end
// rules use connected(...), how gathered each side's pieces are; and mobility.
class RulesEvaluator : public Evaluator {
 public:
  explicit RulesEvaluator(const Program& p);
  double evaluate(const State& s, int player) const override;
  // Material decides unless the rules are about connecting, where taking is incidental.
  bool captures_matter() const override { return !connection_; }

  // The terms, each for `player` against the others (exposed for tests and docs).
  double material(const State& s, int player) const;
  double gathering(const State& s, int player) const;  // 0 unless the rules use connected()
  double mobility(const State& s, int player) const;

  bool uses_connection() const { return connection_; }

 private:
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
std::unique_ptr<Evaluator> make_evaluator(const Program& p);

}  // namespace tabula
