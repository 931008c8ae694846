#pragma once
// "Is this variant fair, decisive and interesting when people play it well?" An analysis
// plays three phases: random play (every seat random: what the rules allow), skill (a
// strong player against random players: does skill matter) and good play (a good player in
// every seat, its opening moves drawn from its policy so the games differ: balance under good
// play). Each measure becomes a verdict with its figures (studies/analysis_verdicts); games are
// replayed for what the results alone do not hold (studies/game_measures).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "studies/end_proofs.hpp"
#include "studies/game_measures.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"
#include "studies/start_value.hpp"
#include "studies/study.hpp"

namespace tabula {

struct AnalysisConfig {
  int games = 200;                           // random-play games
  int skill_games = 20;                      // the strong player against random players
  int good_games = 40;                       // the good player against itself
  std::string strong_player = "auto:50000";  // a count: the same games on every machine
  std::string good_player;                   // "": the strong player with an opening temperature (good_player_of)
  double seconds = 0;                        // when > 0: the whole analysis's time budget
  uint64_t seed = 1;
  int threads = 1;
  int shard_index = 0, shard_count = 1;                // play only the games g with g % shard_count == shard_index
  uint64_t solve_positions = kAnalysisSolvePositions;  // the solver's budget for the start (0: none)
};

// The good player of a config: its own, or the strong player drawing its opening moves from
// its policy (temp:1 for the first 8 plies) unless its spec already has a temperature.
std::string good_player_of(const AnalysisConfig& config);

struct Verdict {
  std::string name;     // balance, decisiveness, ending, length, branching, skill, drama, first_move, board, rules
  std::string verdict;  // a word for programs: "first-player-advantage", "no-difference-detected", ...
  std::string text;     // the sentence a designer reads
  Json fields;          // the figures behind it
};

struct Analysis {
  std::string rules;
  std::string strong_player, good_player;  // good_player "" when the study had no good-play phase
  MatchReport random_play, skill, good;
  GameMeasures random_measures, good_measures;    // games == 0 when not measured (rules not at hand)
  std::vector<int> random_lengths, good_lengths;  // plies of each game, for plots
  StartValue start;                               // the start's value, when the solver proved it (studies/start_value)
  EndProofs ends;  // where the start is not proven: what the solver proved near the good-play games' ends
  std::vector<Verdict> verdicts;
  bool has_good() const { return !good_player.empty(); }
  const Verdict* verdict(const std::string& name) const;
};

// The study an analysis plays (studies/study.hpp): random play, skill, good play.
Study analysis_study(const Program& program, const AnalysisConfig& config, RulesIdentity rules);

// Plays the analysis's games of this shard, per phase, except those in skip[phase];
// on_game(phase, game) is called one call at a time as each game ends.
std::vector<std::vector<GameRecord>> play_analysis(std::shared_ptr<const Program> program, const AnalysisConfig& config,
                                                   const std::function<void(int, const GameRecord&)>& on_game = {},
                                                   const std::vector<std::vector<int>>& skip = {});

// The figures and verdicts of an analysis's games, per phase of `study` (from play_analysis
// or results files). With `program` (the study's rules), the games are replayed for the
// measures of studies/game_measures, and the solver tries to prove the start's value within
// `solve_positions` (where it cannot, it walks the good-play games back from their ends
// within a quarter of it: studies/end_proofs); without, those verdicts say they were not
// measured.
Analysis analysis_of(const Study& study, const std::vector<std::vector<GameRecord>>& phases,
                     std::shared_ptr<const Program> program, uint64_t solve_positions = kAnalysisSolvePositions);

// play_analysis, then analysis_of.
Analysis analyze_variant(std::shared_ptr<const Program> program, const AnalysisConfig& config);

// As `tabula analyze` prints it: the reports of the phases, then a verdict per line.
std::string analysis_text(const Analysis& a);
// {"rules", "strong_player", "good_player", "phases": {"random", "skill", "good": REPORT},
//  "measures": {"random", "good": ...}, "start": {"proven", "value", ...},
//  "verdicts": {NAME: {"verdict", "text", figures...}}}
Json analysis_json(const Analysis& a);

}  // namespace tabula
