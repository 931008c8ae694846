#pragma once
// "Is this variant any good?" in minutes: random-play games measure balance, length,
// branching and whether games finish; a short search player against random players
// measures whether skill matters. Each figure gets a plain verdict line.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/match.hpp"
#include "ai/match_report.hpp"
#include "ai/study.hpp"

namespace tabula {

struct AnalysisConfig {
  int games = 200;       // random-play games
  int skill_games = 20;  // strong player against random players
  std::string strong_player = "alphabeta:2";
  double seconds = 0;  // when > 0: the whole analysis's time budget
  uint64_t seed = 1;
  int threads = 1;
  int shard_index = 0, shard_count = 1;  // play only the games g with g % shard_count == shard_index
};

struct Analysis {
  MatchReport random_play;
  MatchReport skill;  // the strong player is seat-rotated like any match
  std::string strong_player;
  std::vector<std::string> verdicts;
};

// The study an analysis plays: its phases (Study::phases) are random play and skill.
Study analysis_study(const Program& program, const AnalysisConfig& config, RulesIdentity rules);

// Plays the analysis's games of this shard, per phase, except those in skip[phase];
// on_game(phase, game) is called one call at a time as each game ends.
std::vector<std::vector<GameRecord>> play_analysis(std::shared_ptr<const Program> program, const AnalysisConfig& config,
                                                   const std::function<void(int, const GameRecord&)>& on_game = {},
                                                   const std::vector<std::vector<int>>& skip = {});

// The figures and verdicts of an analysis's games (from play_analysis or results files).
Analysis analysis_of(const std::string& rules, const std::vector<GameRecord>& random_play,
                     const std::vector<GameRecord>& skill, const std::string& strong_player);

// play_analysis, then analysis_of.
Analysis analyze_variant(std::shared_ptr<const Program> program, const AnalysisConfig& config);

// As `tabula analyze` prints it: both reports and the verdicts; or one JSON object
// {"random_play":REPORT,"skill":REPORT,"strong_player":SPEC,"verdicts":[...]} (no newline).
std::string analysis_text(const Analysis& a);
Json analysis_json(const Analysis& a);

// The verdict lines for the figures (exposed for tests).
std::vector<std::string> verdicts(const MatchReport& random_play, const MatchReport& skill,
                                  const std::string& strong_player);

}  // namespace tabula
