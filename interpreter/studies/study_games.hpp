#pragma once
// The games of one study, gathered from results files (shards, resumed runs, copies):
// each game once, in order, and what is wrong with the set said plainly. Files of two
// studies are refused; a game recorded twice with different results is a conflict, not a
// choice; a game recorded twice alike counts once and is reported; games the study
// planned but no file holds are listed, by shard where a whole shard is missing.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "studies/results_file.hpp"

namespace tabula {

struct StudyGames {
  std::shared_ptr<const Study> study;
  std::vector<std::vector<GameRecord>> phases;  // per phase of the study, sorted by game, each game once
  std::vector<int> planned;                     // per phase: games planned (the largest plan among the lines)
  int shard_count = 1;                          // the shard count most lines were played with
  std::string first_location;                   // "PATH:LINE" of the first game, for messages
  std::vector<std::string> repeats;             // one sentence per pair of files holding the same games

  int game_count() const;
  // Planned games that no file holds, per phase.
  std::vector<std::vector<int>> missing() const;
  // The missing games in words, "" when none is missing: "shard 3/4 of the match (all its 25
  // games: 3, 7, 11, ...)" or "games 5, 9 of the match".
  std::string describe_missing() const;
};

// nullopt and `error` when the files hold no game, hold games of different studies, or
// hold one game with two different results. The games are moved out of `files` (a merge
// of a million games holds each once).
std::optional<StudyGames> gather_study(std::vector<ResultsFile>&& files, std::string& error);

}  // namespace tabula
