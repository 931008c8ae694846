#pragma once
// Sizing a study before running it: play the match's first games for a few seconds,
// measure the CPU time per game and the shares that matter (the first player's share of
// decisive games, the first player spec's win rate), and work out how many games a 95%
// interval of a given width needs and how many core-hours they take.
#include <memory>
#include <vector>

#include "studies/match.hpp"
#include "studies/match_report.hpp"

namespace tabula {

struct StudyEstimate {
  MatchReport report;  // of the games played for the estimate
  double wall_seconds = 0;
  double cpu_seconds = 0;  // all threads together
  int threads = 1;

  double cpu_seconds_per_game() const { return report.games ? cpu_seconds / report.games : 0; }
  // Games for an interval of `width` on the first player's share of decisive games (seat 1
  // among decisive games), or on players[0]'s win rate; -1 when the sample cannot tell
  // (no decisive game). Both use the conservative end of the measured shares.
  int64_t games_for_first_player(double width) const;
  int64_t games_for_win_rate(double width) const;
};

// Plays `config`'s games from game 0 for about `seconds` (whole games: at least one per
// thread), then measures.
StudyEstimate estimate_study(std::shared_ptr<const Program> program, MatchConfig config, double seconds);

}  // namespace tabula
