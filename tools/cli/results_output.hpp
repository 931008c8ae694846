#pragma once
// `--out FILE` of match and analyze: one results line per finished game, appended and
// flushed as each game ends. Results are never written over: before anything is written,
// FILE must be new or empty, or (with --resume) a results file of the same study and
// shard, whose games are then not played again. Anything else (a rules file, another
// study's results) is refused, untouched. Every write error is a UserError.
#include <string>
#include <vector>

#include "studies/match_record.hpp"

namespace tabula::cli {

class ResultsOutput {
 public:
  // Opens and checks FILE for games of `origin` (its study, shard and plan).
  // `keep_moves`: a match's games read back keep their moves (to be replayed: --verify), not
  // only digests of them.
  ResultsOutput(const std::string& path, const GameOrigin& origin, bool resume, bool keep_moves = false);
  ~ResultsOutput();
  ResultsOutput(const ResultsOutput&) = delete;
  ResultsOutput& operator=(const ResultsOutput&) = delete;

  // Per phase of the study: the games FILE already holds (with --resume), sorted.
  const std::vector<std::vector<GameRecord>>& finished() const { return finished_; }
  std::vector<int> finished_indices(int phase) const;

  void write(const ResultLine& line);  // one line, written at once; a UserError if it fails
  void close();                        // a UserError if the last writes fail to reach the file

 private:
  void check(const GameOrigin& origin, bool resume, bool keep_moves);
  void write_text(const std::string& text);

  std::string path_;
  int fd_ = -1;
  std::vector<std::vector<GameRecord>> finished_;
};

}  // namespace tabula::cli
