#include "ai/variant_analysis.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace tabula {
namespace {

int rounded_percent(double x) { return static_cast<int>(x * 100 + 0.5); }
std::string plus_minus(const Interval& ci) { return fmt::format("+/- {}%", rounded_percent((ci.high - ci.low) / 2)); }

std::string balance_verdict(const MatchReport& r) {
  if (r.decisive() == 0) return "no game was decisive: the first player's advantage cannot be measured";
  Interval ci = r.first_player_interval();
  double share = r.first_player_share(), fair = r.fair_share(), off = std::abs(share - fair);
  const char* label = (ci.low <= fair && fair <= ci.high) ? "balanced (no significant first-player advantage)"
                      : off < 0.05                          ? "slightly unbalanced"
                      : off < 0.15                          ? "unbalanced"
                                                            : "strongly unbalanced";
  return fmt::format("first player wins {}% {} of decisive games (fair: {}%): {}", rounded_percent(share),
                     plus_minus(ci), rounded_percent(fair), label);
}

std::string ending_verdict(const MatchReport& r) {
  double within = r.games ? 1 - double(r.cut) / r.games : 0;
  const char* label = within >= 0.99 ? "games finish" : within >= 0.9 ? "some games stall" : "many games stall: random play rarely finishes";
  return fmt::format("games end: {}% within the ply limit: {}", rounded_percent(within), label);
}

std::string draw_verdict(const MatchReport& r) {
  double draws = r.games ? double(r.draws) / r.games : 0;
  const char* label = draws < 0.1 ? "decisive" : draws < 0.3 ? "some draws" : "drawish";
  return fmt::format("draws: {}%: {}", rounded_percent(draws), label);
}

std::string length_verdict(const MatchReport& r) {
  double mean = r.length.mean();
  const char* label = mean < 10    ? "very short: check the end conditions"
                      : mean < 40  ? "short"
                      : mean < 200 ? "moderate"
                      : mean < 500 ? "long"
                                   : "very long";
  return fmt::format("average game length {:.0f} plies (stddev {:.0f}, {} to {}): {}", mean, r.length.stddev(),
                     r.length.min(), r.length.max(), label);
}

std::string branching_verdict(const MatchReport& r) {
  double b = r.branching;
  const char* label = b < 3     ? "very few choices per move"
                      : b < 10  ? "narrow"
                      : b < 50  ? "moderate"
                      : b < 150 ? "wide"
                                : "very wide: hard for search players";
  return fmt::format("branching factor {:.0f}: {}", b, label);
}

std::string skill_verdict(const MatchReport& skill, const std::string& strong) {
  const Tally* t = nullptr;
  for (const auto& p : skill.players)
    if (p.name == strong) t = &p;
  if (!t || t->games == 0) return "skill: not measured (no games against random players finished)";
  Interval ci = t->win_interval();
  double fair = skill.fair_share();
  const char* label = ci.low > fair + 0.25 ? "skill matters"
                      : ci.low > fair      ? "skill matters a little"
                                           : "skill does not show at this depth: luck dominates, or the search is too shallow";
  return fmt::format("a stronger player ({}) beats random {}% {}: {}", strong, rounded_percent(t->win_rate()), plus_minus(ci), label);
}

}  // namespace

std::vector<std::string> verdicts(const MatchReport& random_play, const MatchReport& skill, const std::string& strong_player) {
  return {balance_verdict(random_play), ending_verdict(random_play),  draw_verdict(random_play),
          length_verdict(random_play),  branching_verdict(random_play), skill_verdict(skill, strong_player)};
}

Analysis analyze_variant(std::shared_ptr<const Program> program, const AnalysisConfig& config,
                         const std::function<void(const std::string&, int, int)>& on_game) {
  Analysis a;
  a.strong_player = config.strong_player;
  auto phase = [&](const std::string& name, std::vector<std::string> players, int games, double seconds, uint64_t seed) {
    MatchConfig m;
    m.players = std::move(players);
    m.games = games;
    m.threads = config.threads;
    m.seed = seed;
    m.seconds = seconds;
    int finished = 0;
    auto records = run_match(program, m, [&](const GameRecord&) {
      if (on_game) on_game(name, ++finished, games);
    });
    std::string error;
    return summarize(records, error);
  };
  // With a time budget, two thirds go to the random games (many short ones), the rest to skill.
  double budget = config.seconds;
  a.random_play = phase("random play", std::vector<std::string>(program->player_count(), "random"), config.games,
                        budget > 0 ? budget * 2 / 3 : 0, config.seed);
  std::vector<std::string> skill_players(program->player_count(), "random");
  skill_players[0] = config.strong_player;
  a.skill = phase(config.strong_player + " vs random", skill_players, config.skill_games, budget > 0 ? budget / 3 : 0,
                  config.seed + 1);
  if (a.random_play.rules.empty()) a.random_play.rules = program->name;
  if (a.skill.rules.empty()) a.skill.rules = program->name;
  a.verdicts = verdicts(a.random_play, a.skill, config.strong_player);
  return a;
}

}  // namespace tabula
