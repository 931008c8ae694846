#pragma once
// What the players do where a spec leaves a choice open, decided for the rules: MCTS's
// options, and the player `auto:TIME` stands for. Both come from the rules' weights file,
// where `tabula tune --choose-players` records what won its matches (docs/STRENGTH.md).
// Where it records no choice, MCTS plays informed by the evaluation when the rules have one
// worth trusting (their own `evaluate EXPR`, or weights tuned to their games, which tune
// keeps only when they beat the untuned ones), else with random playouts to the end; and
// auto is alpha-beta. std::invalid_argument for a weights file line that is not a player spec.
#include <string>

#include "players/agent_spec.hpp"
#include "players/mcts_tree.hpp"
#include "program/program.hpp"

namespace tabula {

// MCTS's options when it is informed by the evaluation: playouts cut off after two plies and
// scored by it, less exploration, implicit minimax backups.
extern const char* const kInformedMcts;
// MCTS's options with random playouts to the end, every one spelled out (what tune records
// when these beat the informed ones).
extern const char* const kPlainMcts;

MctsSettings default_mcts_settings(const Program& p);
// `base` with the MCTS options `spec` gives (cutoff, explore, solver, rave, bias, minimax):
// how the rules' defaults and a player's own spec are read alike.
MctsSettings with_mcts_options(MctsSettings base, const AgentSpec& spec);

// The spec `auto:TIME` plays as for these rules, e.g. "alphabeta:100ms" (options of the
// auto spec, such as a temperature, are added by the caller).
std::string auto_player_spec(const Program& p, double seconds);
// The spec `auto:N` plays as: about N positions searched a move. Alpha-beta stops after N
// positions (`alphabeta:64:nodes:N`); MCTS, whose iteration visits about
// kPositionsPerIteration positions (the path down the tree, the playout's plies), runs
// N / kPositionsPerIteration iterations (at least one).
constexpr uint64_t kPositionsPerIteration = 10;
std::string auto_player_spec_for_count(const Program& p, uint64_t positions);

}  // namespace tabula
