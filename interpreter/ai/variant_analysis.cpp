#include "ai/variant_analysis.hpp"

#include <fmt/format.h>
#include <algorithm>

namespace tabula {
namespace {

int rounded_percent(double x) { return static_cast<int>(x * 100 + 0.5); }
std::string plus_minus(const Interval& ci) { return fmt::format("+/- {}%", rounded_percent((ci.high - ci.low) / 2)); }

std::string balance_verdict(const MatchReport& r) {
  if (r.decisive() == 0) return "no game was decisive: the first player's advantage cannot be measured";
  Interval ci = r.first_player_interval();
  double share = r.first_player_share(), fair = r.fair_share(), off = std::abs(share - fair);
  const char* label = (ci.low <= fair && fair <= ci.high) ? "balanced (no significant first-player advantage)"
                      : off < 0.05                        ? "slightly unbalanced"
                      : off < 0.15                        ? "unbalanced"
                                                          : "strongly unbalanced";
  return fmt::format("first player wins {}% {} of decisive games (fair: {}%): {}", rounded_percent(share),
                     plus_minus(ci), rounded_percent(fair), label);
}

std::string ending_verdict(const MatchReport& r) {
  double within = r.games ? 1 - double(r.cut) / r.games : 0;
  const char* label = within >= 0.99  ? "games finish"
                      : within >= 0.9 ? "some games stall"
                                      : "many games stall: random play rarely finishes";
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
                      : ci.low > fair
                          ? "skill matters a little"
                          : "skill does not show at this depth: luck dominates, or the search is too shallow";
  return fmt::format("a stronger player ({}) beats random {}% {}: {}", strong, rounded_percent(t->win_rate()),
                     plus_minus(ci), label);
}

}  // namespace

std::vector<std::string> verdicts(const MatchReport& random_play, const MatchReport& skill,
                                  const std::string& strong_player) {
  return {balance_verdict(random_play), ending_verdict(random_play),    draw_verdict(random_play),
          length_verdict(random_play),  branching_verdict(random_play), skill_verdict(skill, strong_player)};
}

std::string analysis_text(const Analysis& a) {
  std::string out = "Random play (every seat random):\n" + report_text(a.random_play) + "\n";
  out += fmt::format("Skill ({} against random players):\n", a.strong_player) + report_text(a.skill) + "\n";
  out += "Verdicts:\n";
  for (const auto& v : a.verdicts) out += "  " + v + "\n";
  return out;
}

Json analysis_json(const Analysis& a) {
  return {{"random_play", report_json(a.random_play)},
          {"skill", report_json(a.skill)},
          {"strong_player", a.strong_player},
          {"verdicts", a.verdicts}};
}

Study analysis_study(const Program& program, const AnalysisConfig& config, RulesIdentity rules) {
  return Study::analysis(std::move(rules), program.player_count(), config.strong_player, config.seed);
}

std::vector<std::vector<GameRecord>> play_analysis(std::shared_ptr<const Program> program, const AnalysisConfig& config,
                                                   const std::function<void(int, const GameRecord&)>& on_game,
                                                   const std::vector<std::vector<int>>& skip) {
  auto phases = analysis_study(*program, config, RulesIdentity{program->name, "", ""}).phases();
  const int games[] = {config.games, config.skill_games};
  // With a time budget, two thirds go to the random games (many short ones), the rest to skill.
  const double seconds[] = {config.seconds * 2 / 3, config.seconds / 3};
  std::vector<std::vector<GameRecord>> out;
  for (size_t p = 0; p < phases.size(); ++p) {
    MatchConfig m;
    m.players = phases[p].players;
    m.seed = phases[p].seed;
    m.games = games[p];
    m.threads = config.threads;
    m.seconds = seconds[p];
    m.shard_index = config.shard_index;
    m.shard_count = config.shard_count;
    out.push_back(run_match(
        program, m,
        [&](const GameRecord& g) {
          if (on_game) on_game(static_cast<int>(p), g);
        },
        p < skip.size() ? skip[p] : std::vector<int>{}));
  }
  return out;
}

Analysis analysis_of(const std::string& rules, const std::vector<GameRecord>& random_play,
                     const std::vector<GameRecord>& skill, const std::string& strong_player) {
  Analysis a;
  a.strong_player = strong_player;
  std::string error;  // one program's games: summarize cannot refuse them
  a.random_play = summarize(random_play, error);
  a.skill = summarize(skill, error);
  if (a.random_play.rules.empty()) a.random_play.rules = rules;
  if (a.skill.rules.empty()) a.skill.rules = rules;
  a.verdicts = verdicts(a.random_play, a.skill, strong_player);
  return a;
}

Analysis analyze_variant(std::shared_ptr<const Program> program, const AnalysisConfig& config) {
  auto games = play_analysis(program, config);
  return analysis_of(program->name, games[0], games[1], config.strong_player);
}

}  // namespace tabula
