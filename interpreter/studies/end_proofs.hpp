#pragma once
// What the solver proves of a study's games where it cannot prove the start: walking each
// game back from its end, the positions it reached are solved one by one (each within a share
// of a budget of positions, a count, so the same games always give the same answer) until
// one is not proven. What that shows: how many plies before the end the result was settled
// (proven), and how often a player to move held a proven win or draw and the game ended worse
// for them (a proven result thrown away: good play that is not perfect).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "program/program.hpp"
#include "studies/match_record.hpp"
#include "util/json_value.hpp"

namespace tabula {

// An analysis gives the walk back this share of the solver's budget for the start (a
// quarter: the start's attempt and the walk back together stay within 1.25 times it).
constexpr uint64_t kEndProofShare = 4;

struct EndProofs {
  bool tried = false;        // false: no budget, no games, or the rules cannot be solved
  std::string why_not;       // not tried: why, as a clause
  int games = 0;             // games walked back
  int proven_games = 0;      // games whose last position before the end was proven
  int proven_positions = 0;  // positions proven, over every game
  double proven_plies = 0;   // mean over the games: plies before the end from which every position was proven
  double proven_share = 0;   // the same as a share of each game's length
  int thrown = 0;            // plies at which the mover's proven value fell with the move made
  int thrown_games = 0;      // games with at least one
  std::string first_thrown;  // "game 3, ply 17: red had a proven win and the game was lost"
  uint64_t positions = 0, budget = 0;
};

// Walks `games` (the moves as recorded) back from their ends within `positions` visited in
// all (0: does not try) and a table of `memory` bytes shared by every game.
EndProofs prove_game_ends(std::shared_ptr<const Program> program, const std::vector<GameRecord>& games,
                          uint64_t positions, size_t memory = size_t{256} << 20);

std::string end_proofs_text(const EndProofs& e);
Json end_proofs_json(const EndProofs& e);

}  // namespace tabula
