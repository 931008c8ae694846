#pragma once
// What the games of a study show beyond wins and length, measured by replaying their moves
// (so a results file's games, merged from shards, give the same figures as the run that
// played them): how the choice narrows or widens over a game, how much of the board is
// used and where, which rules never or always fire, and, from the evaluation, how often the
// lead changes hands, how long the eventual winner was behind, when the game was decided,
// and whether the first move already decides it. docs/AI.md gives each formula.
#include <memory>
#include <string>
#include <vector>

#include "program/program.hpp"
#include "studies/match_record.hpp"

namespace tabula {

struct GameMeasures {
  int games = 0;  // games replayed
  // Mean legal moves in each tenth of a game (tenth k: plies p with 10 p / length == k).
  std::vector<double> branching_by_tenth;
  // Per cell, the moves that landed there (a placement's cell, a piece's last landing).
  std::vector<double> landings;
  double board_used = 0;  // share of the cells a move started from, landed on or took on
  struct Rule {
    enum class Kind { maker, promotion, end };  // a maker of moves, a promotion, a way games end
    Kind kind = Kind::maker;
    std::string what;  // "the movement at rules/x.rules:12", "the end rule at ...:30", ...
    int games = 0;     // games in which it fired
  };
  std::vector<Rule> rules;  // the makers of moves, the promotions and the ways games ended
  // From the evaluation, over the games that ended with a winner (with_evaluation only):
  bool evaluated = false;
  double lead_changes = 0;  // mean changes of the side ahead, per game
  double drama = 0;         // mean share of the plies at which the eventual winner was behind
  double decided_at = 0;    // mean share of a game played before the winner took the lead for good
  // The first move: games grouped by it (groups of two games or more, decisive games).
  int first_move_groups = 0;
  int first_move_games = 0;
  double first_move_predicts = 0;  // share of those games won by their group's most frequent winner
  double overall_predicts = 0;     // the same with one group for all: the baseline
};

// Replays `games` (moves as recorded) on `program`. A game whose moves do not replay is an
// error (std::invalid_argument naming the game).
GameMeasures measure_games(std::shared_ptr<const Program> program, const std::vector<GameRecord>& games,
                           bool with_evaluation);

}  // namespace tabula
