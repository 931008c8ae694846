#include "studies/evaluation_tuning.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <mutex>

#include "players/alphabeta_agent.hpp"
#include "players/evaluator.hpp"
#include "players/opening_temperature.hpp"
#include "studies/match.hpp"
#include "util/parallel.hpp"

namespace tabula {
namespace {

constexpr int kTemperaturePlies = 20;      // moves drawn from the policy: varied positions to learn from
constexpr int kSkipPlies = 2;              // the first positions say little about the result
constexpr int kCheckTemperaturePlies = 8;  // the check's games open differently, then play their best

double sigmoid(double z) { return 1 / (1 + std::exp(-z)); }

struct Sample {
  std::vector<double> x;
  double y = 0.5;
};

// Plays games 0..games-1 (`play(g)`) on `threads` threads, reporting each one finished;
// a failure stops the games not begun and is rethrown once all threads stop.
void play_games(int games, int threads, const std::function<void(int)>& play, const std::function<void()>& finished) {
  std::mutex lock;
  std::atomic<bool> stop{false};
  run_parallel(
      threads,
      [&](int t) {
        for (int g = t; g < games && !stop; g += threads) {
          play(g);
          std::lock_guard<std::mutex> guard(lock);
          finished();
        }
      },
      stop);
}

// The players of a tuning game: alpha-beta at `depth` in every seat, seat s searching with
// `evaluator_of(s)`, each drawing its first `plies` moves from its policy at temperature 1
// (with no margin: the fit wants positions of every kind, not only good ones).
std::vector<std::unique_ptr<Agent>> seat_players(
    const Program& p, int depth, int plies, uint64_t seed,
    const std::function<std::shared_ptr<const Evaluator>(int)>& evaluator_of, const std::string& name) {
  std::vector<std::unique_ptr<Agent>> agents;
  for (int seat = 0; seat < p.seat_count(); ++seat)
    agents.push_back(std::make_unique<OpeningTemperature>(
        std::make_unique<AlphaBetaAgent>(depth, 0, seed + 7919 * seat, evaluator_of(seat)), 1.0, plies, 0.0,
        seed ^ (0xA0761D6478BD642FULL + seat), name));  // every move may be drawn: varied positions to fit
  return agents;
}

int ply_limit(const Program& p, const TuningConfig& config) {
  return config.max_plies > 0 ? config.max_plies : p.end.ply_limit;
}

// One game of the check match: side `tuned_side` searches with `tuned`, the others with
// `untuned`, all at the same depth. Returns the tuned side's points (a draw shares them).
double check_game(std::shared_ptr<const Program> program, std::shared_ptr<const Evaluator> tuned,
                  std::shared_ptr<const Evaluator> untuned, const TuningConfig& config, uint64_t seed, int tuned_side) {
  auto agents = seat_players(
      *program, config.check_depth, kCheckTemperaturePlies, seed,
      [&](int seat) { return program->seats[static_cast<size_t>(seat)].side == tuned_side ? tuned : untuned; },
      "check");
  State s(program);
  const int limit = ply_limit(*program, config);
  while (!s.is_terminal() && s.ply() < limit)
    s.apply_unchecked(agents[static_cast<size_t>(s.current_seat())]->choose(s));
  const GameResult r = s.result();
  if (r.over && r.winner >= 0) return r.winner == tuned_side ? 1.0 : 0.0;
  return 1.0 / program->player_count();
}

// One self-play game: the positions after each ply (the terms for side 0) and its result.
std::vector<Sample> play_one(std::shared_ptr<const Program> program, std::shared_ptr<const RulesEvaluator> evaluator,
                             const TuningConfig& config, uint64_t seed, int& winner) {
  auto agents = seat_players(
      *program, config.depth, kTemperaturePlies, seed, [&](int) { return evaluator; }, "tuning");
  State s(program);
  std::vector<Sample> samples;
  const int limit = ply_limit(*program, config);
  while (!s.is_terminal() && s.ply() < limit) {
    s.apply_unchecked(agents[static_cast<size_t>(s.current_seat())]->choose(s));
    if (s.ply() > kSkipPlies && !s.is_terminal()) {
      Sample x;
      evaluator->terms(s, 0, x.x);
      samples.push_back(std::move(x));
    }
  }
  const GameResult r = s.result();
  winner = r.over ? r.winner : -1;
  for (auto& x : samples) x.y = winner < 0 ? 0.5 : winner == 0 ? 1.0 : 0.0;
  return samples;
}

double log_loss(const std::vector<Sample>& samples, const std::vector<double>& w) {
  double loss = 0;
  for (const auto& s : samples) {
    double z = 0;
    for (size_t i = 0; i < w.size(); ++i) z += w[i] * s.x[i];
    const double p = std::clamp(sigmoid(z), 1e-12, 1 - 1e-12);
    loss -= s.y * std::log(p) + (1 - s.y) * std::log(1 - p);
  }
  return samples.empty() ? 0 : loss / static_cast<double>(samples.size());
}

}  // namespace

std::vector<double> fit_logistic(const std::vector<std::vector<double>>& x, const std::vector<double>& y, double l2) {
  const size_t n = x.size(), k = n ? x[0].size() : 0;
  std::vector<double> mean(k, 0), sd(k, 0);
  for (const auto& row : x)
    for (size_t i = 0; i < k; ++i) mean[i] += row[i] / static_cast<double>(n);
  for (const auto& row : x)
    for (size_t i = 0; i < k; ++i) sd[i] += (row[i] - mean[i]) * (row[i] - mean[i]) / static_cast<double>(n);
  for (double& v : sd) v = std::sqrt(v);
  // Full-batch gradient descent on the standardised problem (convex: one answer, found the
  // same way every time), with an intercept for the first side's edge.
  std::vector<double> beta(k, 0.0), gradient(k);
  double bias = 0;
  const double rate = 0.5;
  for (int step = 0; step < 3000; ++step) {
    std::fill(gradient.begin(), gradient.end(), 0.0);
    double g_bias = 0;
    for (size_t r = 0; r < n; ++r) {
      double z = bias;
      for (size_t i = 0; i < k; ++i)
        if (sd[i] > 0) z += beta[i] * (x[r][i] - mean[i]) / sd[i];
      const double err = sigmoid(z) - y[r];
      g_bias += err;
      for (size_t i = 0; i < k; ++i)
        if (sd[i] > 0) gradient[i] += err * (x[r][i] - mean[i]) / sd[i];
    }
    bias -= rate * g_bias / static_cast<double>(n);
    for (size_t i = 0; i < k; ++i) beta[i] -= rate * (gradient[i] / static_cast<double>(n) + 2 * l2 * beta[i]);
  }
  std::vector<double> w(k, 0.0);
  for (size_t i = 0; i < k; ++i) w[i] = sd[i] > 0 ? beta[i] / sd[i] : 0.0;
  return w;
}

TuningResult tune_evaluation(std::shared_ptr<const Program> program, const TuningConfig& config,
                             const std::function<void(int, int, int)>& progress) {
  TuningResult result;
  const PositionFeatures features(*program);
  for (size_t i = 0; i < features.size(); ++i) {
    result.names.push_back(features.name(i));
    result.untuned.push_back(features.default_weight(i));
  }
  // From the defaults, not from weights the rules already have: the same options give the
  // same weights however often the rules are tuned.
  std::vector<double> weights = result.untuned;
  for (int round = 0; round < config.rounds; ++round) {
    auto evaluator = std::make_shared<const RulesEvaluator>(*program, weights);
    std::vector<std::vector<Sample>> per_game(static_cast<size_t>(config.games));
    std::vector<int> winners(static_cast<size_t>(config.games), -1);
    int finished = 0;
    play_games(
        config.games, config.threads,
        [&](int g) {
          const uint64_t seed = game_seed(config.seed + 1000003ULL * static_cast<uint64_t>(round), g);
          per_game[static_cast<size_t>(g)] =
              play_one(program, evaluator, config, seed, winners[static_cast<size_t>(g)]);
        },
        [&] {
          if (progress) progress(round, ++finished, config.games);
        });

    std::vector<Sample> samples;
    for (auto& game : per_game)
      for (auto& s : game) samples.push_back(std::move(s));
    const size_t needed = std::max<size_t>(50, 10 * weights.size());
    if (samples.size() < needed)
      throw TuningError(fmt::format(
          "round {}'s {} self-play games gave {} positions (after the first {} plies of each game), too few to fit "
          "{} weights: at least {} are needed; the games end too soon, or play more of them with --games",
          round + 1, config.games, samples.size(), kSkipPlies, weights.size(), needed));
    std::vector<std::vector<double>> x;
    std::vector<double> y;
    for (const auto& s : samples) x.push_back(s.x), y.push_back(s.y);
    weights = fit_logistic(x, y, config.l2);
    result.games = config.games;
    result.positions = static_cast<int>(samples.size());
    result.loss_uninformed = log_loss(samples, std::vector<double>(weights.size(), 0.0));
    result.loss = log_loss(samples, weights);
    result.wins.assign(static_cast<size_t>(program->player_count()) + 1, 0);
    for (int w : winners) ++result.wins[w < 0 ? result.wins.size() - 1 : static_cast<size_t>(w)];
  }
  result.weights = weights;
  return result;
}

void play_check_match(std::shared_ptr<const Program> program, const TuningConfig& config, TuningResult& result,
                      const std::function<void(int, int, int)>& progress) {
  if (config.check_games <= 0) return;
  // Seats alternate: game g gives the fitted weights to side g mod sides.
  auto tuned = std::make_shared<const RulesEvaluator>(*program, result.weights);
  auto defaults = std::make_shared<const RulesEvaluator>(*program, result.untuned);
  std::vector<double> points(static_cast<size_t>(config.check_games), 0);
  int finished = 0;
  play_games(
      config.check_games, config.threads,
      [&](int g) {
        const uint64_t seed = game_seed(config.seed + 1000003ULL * static_cast<uint64_t>(config.rounds), g);
        points[static_cast<size_t>(g)] =
            check_game(program, tuned, defaults, config, seed, g % program->player_count());
      },
      [&] {
        if (progress) progress(config.rounds, ++finished, config.check_games);
      });
  result.check_games = config.check_games;
  result.check_points = 0;
  for (double p : points) result.check_points += p;
  result.check_fair_points = static_cast<double>(config.check_games) / program->player_count();
}

}  // namespace tabula
