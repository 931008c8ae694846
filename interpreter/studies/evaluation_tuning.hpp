#pragma once
// Weights for the rules-derived evaluation, fitted to self-play (`tabula tune`): games of a
// fast alpha-beta player whose opening moves are drawn from its policy, positions sampled
// from them with the game's result, and the terms' weights fitted by logistic regression so
// that the evaluation predicts who wins (Texel's method, with an L2 penalty). A second
// round plays its games with the first round's weights. A fit that predicts the results
// may still play worse (a weak term given too much weight): a check match then sets the
// fitted weights against the untuned ones, and `tabula tune` keeps them only when they win
// it. Everything is seeded: the same rules, seed and options give the same weights and the
// same check (docs/AI.md, "Tuning the evaluation").
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "program/program.hpp"

namespace tabula {

struct TuningConfig {
  int games = 200;  // self-play games per round
  int rounds = 2;   // each round plays with the weights of the one before
  int depth = 1;    // the players' search depth
  uint64_t seed = 1;
  int threads = 1;
  int max_plies = 0;     // 0: the rules' limit
  double l2 = 0.01;      // penalty on the standardised weights
  int check_games = 20;  // games of the check match (0: no check)
  int check_depth = 3;   // its players' search depth
};

struct TuningResult {
  std::vector<std::string> names;        // the evaluation's terms
  std::vector<double> untuned;           // their default weights
  std::vector<double> weights;           // fitted
  int games = 0, positions = 0;          // of the last round
  double loss_uninformed = 0, loss = 0;  // mean log loss of the last round's positions: all weights 0, and fitted
  std::vector<int> wins;                 // per side, of the last round's games (-1 side: draws last)
  // The check match: the fitted weights' points (a draw shares the point) in its games, and
  // the points a side takes when both play alike (games / sides).
  int check_games = 0;
  double check_points = 0, check_fair_points = 0;
  bool check_passed() const { return check_games == 0 || check_points > check_fair_points; }
};

// Self-play that gives too few positions to fit the weights (games that end within a few
// plies, too few games): its message says how many there were and how many are needed.
struct TuningError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Progress: (round, games finished in it, games per round). TuningError when a round's
// games give fewer than 10 positions per term (at least 50).
TuningResult tune_evaluation(std::shared_ptr<const Program> program, const TuningConfig& config,
                             const std::function<void(int, int, int)>& progress = {});

// The check match of `result`'s fitted weights against its untuned ones (config.check_games
// games at config.check_depth; none when 0), into result's check_* fields. Progress as
// above, with round `config.rounds`.
void play_check_match(std::shared_ptr<const Program> program, const TuningConfig& config, TuningResult& result,
                      const std::function<void(int, int, int)>& progress = {});

// Fits w to minimise the mean log loss of sigmoid(w . x) against labels in [0, 1] plus
// l2 * |w|^2 on standardised features; the result is in the features' own units. Exposed for
// tests.
std::vector<double> fit_logistic(const std::vector<std::vector<double>>& x, const std::vector<double>& y, double l2);

}  // namespace tabula
