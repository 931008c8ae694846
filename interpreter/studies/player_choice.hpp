#pragma once
// Which players are strongest for a rules file, measured: MCTS with random playouts to the
// end against MCTS informed by the evaluation (short playouts scored by it, implicit minimax,
// less exploration), then the better of the two against alpha-beta, at equal time per move;
// the winner is then measured against flat Monte Carlo, the yardstick of docs/STRENGTH.md.
// `tabula tune --choose-players` writes the answer into the weights file, where `auto:TIME`
// and MCTS's defaults read it (players/player_defaults.hpp).
#include <memory>
#include <string>

#include "players/player_defaults.hpp"
#include "program/program.hpp"

namespace tabula {

struct PlayerChoice {
  std::string mcts_options;   // kPlainMcts (random playouts to the end) or kInformedMcts
  std::string auto_player;    // "mcts" or "alphabeta"
  double informed_score = 0;  // informed MCTS's points against plain MCTS, as a share
  double mcts_score = 0;      // the better MCTS's points against alpha-beta
  double mc_score = 0;        // the chosen player's points against flat Monte Carlo
};

struct ChoiceConfig {
  double seconds = 0.1;  // per move
  int games = 20;        // per comparison, seats alternating
  int threads = 1;
  uint64_t seed = 1;
  int max_plies = 0;  // 0: the rules' limit
};

PlayerChoice choose_players(std::shared_ptr<const Program> program, const ChoiceConfig& config);

}  // namespace tabula
