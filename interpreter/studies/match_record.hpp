#pragma once
// One finished game, and the results line that records it: one JSON object per line,
// written and flushed as each game ends, so a stopped run keeps every game it finished and
// files from several runs (shards, resumed runs) can be merged. A line names its game
// fully (the study, the phase, the game's index, seed and seats), so lines from different
// studies are never taken for the same game, and every field is checked when read back.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "studies/study.hpp"

namespace tabula {

struct GameRecord {
  int game = 0;                    // index in the match; decides seats and seed
  uint64_t seed = 0;               // this game's seed (derived from the match seed and `game`)
  std::string rules;               // the program's name
  std::vector<std::string> seats;  // player spec per seat; seat 0 moves first
  int winner = -1;                 // winning seat, -1 for a draw
  int plies = 0;
  bool cut = false;             // drawn by a ply limit (the rules' or the match's)
  uint64_t legal_moves = 0;     // summed over the plies: branching = legal_moves / plies
  std::vector<double> seconds;  // thinking time per seat
  std::vector<int> moves_made;  // moves per seat
  std::string moves;            // the game, space-separated move text
  // Why the loser forfeited (an outside engine's illegal move, resignation, silence), or "":
  // the game then ends before the rules end it, and `winner` is the other seat.
  std::string forfeit;

  bool operator==(const GameRecord&) const = default;
  // Equal apart from the thinking times, which differ from run to run.
  bool same_game(const GameRecord& o) const;
};

// A game's move text as a short digest that still tells games apart ("#" and 14 hex digits),
// as merges keep it; a text that is already one is returned as it is.
std::string moves_digest(const std::string& moves);

// Where a game belongs, and the plan of the run that played it.
struct GameOrigin {
  std::shared_ptr<const Study> study;
  int phase = 0;           // index in study->phases()
  std::vector<int> games;  // games planned per phase (the run's --games, --skill-games)
  int shard_index = 0, shard_count = 1;
};

struct ResultLine {
  GameOrigin origin;
  GameRecord game;
};

std::string to_json_line(const ResultLine& line);  // no newline
// Reads a line written by to_json_line; nullopt and `error` (one sentence naming the field)
// when it is not one: unknown or missing fields, wrong types, values out of range, and a
// game that does not belong where the line says (its seed or seats not those of its index).
std::optional<ResultLine> parse_result_line(const std::string& line, std::string& error);

}  // namespace tabula
