#pragma once
// One finished game of a match, as streamed to a results file: one JSON object per line,
// written and flushed as each game ends, so a stopped run keeps every game it finished and
// files from several runs (shards) can be merged.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tabula {

struct GameRecord {
  int game = 0;                     // index in the match; decides seats and seed
  uint64_t seed = 0;                // this game's seed (derived from the match seed and `game`)
  std::string rules;                // the program's name
  std::vector<std::string> seats;   // player spec per seat; seat 0 moves first
  int winner = -1;                  // winning seat, -1 for a draw
  int plies = 0;
  bool cut = false;                 // drawn by a ply limit (the rules' or the match's)
  uint64_t legal_moves = 0;         // summed over the plies: branching = legal_moves / plies
  std::vector<double> seconds;      // thinking time per seat
  std::vector<int> moves_made;      // moves per seat
  std::string moves;                // the game, space-separated move text

  bool operator==(const GameRecord&) const = default;
};

std::string to_json_line(const GameRecord& g);  // no newline
// Reads a line written by to_json_line; nullopt and `error` set when it is not one.
std::optional<GameRecord> parse_json_line(const std::string& line, std::string& error);

// Every game of a results file (one JSON line each, blank lines skipped); nullopt and
// `error` ("PATH:LINE: why") at the first line that is not a game. `lines`, when given,
// receives each game's line number.
std::optional<std::vector<GameRecord>> read_results_file(const std::string& path, std::string& error,
                                                         std::vector<int>* lines = nullptr);

std::string json_quote(const std::string& s);

}  // namespace tabula
