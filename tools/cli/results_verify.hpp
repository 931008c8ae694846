#pragma once
// `merge --verify`: every game of a study's results files replayed under the study's rules,
// so that a line whose moves are not the game, or whose result is not where its moves lead,
// is refused rather than counted. The rules must be the ones the games were played under
// (the same hash).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/state.hpp"
#include "studies/study_games.hpp"

namespace tabula::cli {

// "" when every game replays to what its line says: its moves are legal one after another,
// as many as its plies; it ends with its winner (or a draw), or is cut at the study's ply
// limit without an end; the legal moves counted and each seat's moves agree. Otherwise the
// first game that does not, and why. Runs on `threads` threads.
std::string verify_games(std::shared_ptr<const Program> program, const StudyGames& games, int threads);

// The games a resumed run (`match`/`analyze --out FILE --resume`) read back from FILE, and
// whether they can be trusted: replayed under `program` when `verify` (a game that does not
// replay is a UserError: "--verify: ...; nothing is reported"), else taken on the file's
// word. `sentence` ends the report ("" when no game was read back: every game was played
// here); `verified` goes into --json.
struct ReadBack {
  int games = 0;
  bool verified = true;
  std::string sentence;
};
ReadBack check_read_back(std::shared_ptr<const Program> program, std::shared_ptr<const Study> study,
                         const std::vector<std::vector<GameRecord>>& finished, const std::string& path,
                         const RulesIdentity& rules, bool verify, int threads, std::string_view command);

}  // namespace tabula::cli
