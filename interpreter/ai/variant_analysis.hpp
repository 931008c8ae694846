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

namespace tabula {

struct AnalysisConfig {
  int games = 200;                        // random-play games
  int skill_games = 20;                   // strong player against random players
  std::string strong_player = "alphabeta:2";
  double seconds = 0;                     // when > 0: the whole analysis's time budget
  uint64_t seed = 1;
  int threads = 1;
};

struct Analysis {
  MatchReport random_play;
  MatchReport skill;                      // the strong player is seat-rotated like any match
  std::string strong_player;
  std::vector<std::string> verdicts;
};

// on_game(phase, finished games in the phase, games planned in the phase), one call at a time.
Analysis analyze_variant(std::shared_ptr<const Program> program, const AnalysisConfig& config,
                         const std::function<void(const std::string&, int, int)>& on_game = {});

// The verdict lines for the figures (exposed for tests).
std::vector<std::string> verdicts(const MatchReport& random_play, const MatchReport& skill, const std::string& strong_player);

}  // namespace tabula
