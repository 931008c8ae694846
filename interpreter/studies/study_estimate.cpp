#include "studies/study_estimate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <ctime>

namespace tabula {

int64_t StudyEstimate::games_for_first_player(double width) const {
  if (report.decisive() == 0) return -1;
  int64_t decisive = trials_for_width(conservative_share(report.first_player_interval()), width);
  // Draws add games that say nothing about the first player: divide by the decisive share
  // (its low end, again conservative).
  double decisive_share = report.interval(report.decisive(), report.games).low;
  if (decisive < 0 || decisive_share <= 0) return -1;
  // Games that repeat are not independent: it takes games / effective games of them per
  // independent one.
  return static_cast<int64_t>(std::ceil(double(decisive) / decisive_share / report.independence()));
}

int64_t StudyEstimate::games_for_win_rate(double width) const {
  if (report.players.empty() || report.games == 0) return -1;
  const Tally& t = report.players[0];
  int64_t seats = trials_for_width(conservative_share(report.win_interval(t)), width);
  // A spec in k seats plays k seats a game; repeated games count as fewer.
  double seats_per_game = double(t.games) / report.games;
  return seats < 0 ? -1 : static_cast<int64_t>(std::ceil(double(seats) / seats_per_game / report.independence()));
}

StudyEstimate estimate_study(std::shared_ptr<const Program> program, MatchConfig config, double seconds) {
  StudyEstimate e;
  e.threads = config.threads;
  config.seconds = seconds;
  config.shard_index = 0, config.shard_count = 1;
  config.games = kMaxGames;  // run_match stops starting games after `seconds`
  auto wall = std::chrono::steady_clock::now();
  std::clock_t cpu = std::clock();
  auto games = run_match(program, config);
  e.cpu_seconds = double(std::clock() - cpu) / CLOCKS_PER_SEC;
  e.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count();
  std::string error;
  e.report = summarize(games, config.seating, error);
  return e;
}

}  // namespace tabula
