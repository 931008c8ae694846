#pragma once
// Matches: many seeded games between player specs, on threads, with seats rotating each
// game (for two players, the seats swap every game). Game g has a seed derived only from
// the match seed and g, and its seats only from g, so any subset of games (a shard, a
// resumed run) replays exactly the games of the whole match. With more specs than a game
// of two sides has seats, a match is a round robin: every pair of specs, both ways.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "ai/match_record.hpp"
#include "program/program.hpp"

namespace tabula {

struct MatchConfig {
  std::vector<std::string> players;  // one spec per seat of the game, or more for a round robin
  int seats = 0;                     // seats of the game when a round robin (else 0: one spec each)
  int games = 100;                   // in all (a round robin: pair_count(specs) * games per pair)
  int threads = 1;
  uint64_t seed = 1;
  int max_plies = 0;                     // stop (a draw, counted as cut) after this many; 0 = the rules' limit
  int shard_index = 0, shard_count = 1;  // play only the games g with g % shard_count == shard_index
  double seconds = 0;                    // when > 0, start no new game after this long
};

uint64_t game_seed(uint64_t match_seed, int game);
// Seat s of game g is played by players[(s + g) % players.size()]. In a round robin (`seats`
// fewer than the players, two), game g is a game of pair g % P of the P pairs (0,1), (0,2),
// ..., (1,2), ..., in order; the pair's first spec moves first in its rounds g / P that are
// even, its second in the others.
std::vector<std::string> seats_for_game(const std::vector<std::string>& players, int game, int seats = 0);
// The pairs of a round robin of `specs` player specs.
inline int pair_count(int specs) { return specs * (specs - 1) / 2; }

// Plays one game; every agent's seed derives from `seed` and its seat.
GameRecord play_game(std::shared_ptr<const Program> program, const std::vector<std::string>& seats, int game,
                     uint64_t seed, int max_plies);

// The games of this shard not in `skip` (game indices already finished), handed out in
// index order (no list of them is made: a shard may hold millions), played on
// config.threads threads. on_game is called, one call at a time, as each game ends (in
// finishing order); the result is sorted by game index.
std::vector<GameRecord> run_match(std::shared_ptr<const Program> program, const MatchConfig& config,
                                  const std::function<void(const GameRecord&)>& on_game = {},
                                  const std::vector<int>& skip = {});

// "" when the specs are valid for this program (one per side; or, for a game of two sides,
// more of them, each once: a round robin), else one sentence saying what is wrong.
std::string check_players(const Program& program, const std::vector<std::string>& players);

}  // namespace tabula
