#pragma once
// Matches: many seeded games between player specs, on threads, with seats rotating each
// game (for two players, the seats swap every game). Game g has a seed derived only from
// the match seed and g, and its seats only from g, so any subset of games (a shard, a
// resumed run) replays exactly the games of the whole match. With more specs than a game
// of two sides has seats, a match is a round robin: every pair of specs, both ways.
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "players/agent.hpp"
#include "program/program.hpp"
#include "studies/match_record.hpp"
#include "studies/seating.hpp"

namespace tabula {

struct MatchConfig {
  Seating seating;  // who plays which seat (studies/seating); a round robin of pairs when it says so
  int games = 100;  // in all (a round robin: pairs * games per pair)
  int threads = 1;
  uint64_t seed = 1;
  int max_plies = 0;                     // stop (a draw, counted as cut) after this many; 0 = the rules' limit
  int shard_index = 0, shard_count = 1;  // play only the games g with g % shard_count == shard_index
  double seconds = 0;                    // when > 0, start no new game after this long
  // When given and set (Ctrl-C), start no new game; the games in play are finished.
  const std::atomic<bool>* interrupt = nullptr;
};

uint64_t game_seed(uint64_t match_seed, int game);

// Plays one game, `seats` naming the player of each seat (items of a seating: a spec, or
// `W+E=spec` for one person playing the seats it names). Every agent's seed derives from
// `seed` and its first seat; a person playing several seats is one agent.
//
// `engines`, when given, keeps the players that are engines outside Tabula (gtp:, uci:) from
// one game to the next, by spec: a worker of a match starts each engine once (it is told each
// new game; one that died is started again).
using EnginePool = std::map<std::string, std::unique_ptr<Agent>>;
GameRecord play_game(std::shared_ptr<const Program> program, const std::vector<std::string>& seats, int game,
                     uint64_t seed, int max_plies, EnginePool* engines = nullptr);

// The games of this shard not in `skip` (game indices already finished), handed out in
// index order (no list of them is made: a shard may hold millions), played on
// config.threads threads. on_game is called, one call at a time, as each game ends (in
// finishing order); the result is sorted by game index.
std::vector<GameRecord> run_match(std::shared_ptr<const Program> program, const MatchConfig& config,
                                  const std::function<void(const GameRecord&)>& on_game = {},
                                  const std::vector<int>& skip = {});

}  // namespace tabula
