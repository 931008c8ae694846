#pragma once
// Reading a results file (one JSON line per game, see match_record.hpp) back, line by
// line, with "PATH:LINE: why" for the first line that is not a game. A run that is killed
// while writing leaves a last line without its newline; that line is reported apart (it is
// not a game, and `match --resume` removes it), not taken for an error in the file.
#include <cstdint>
#include <istream>
#include <optional>
#include <string>
#include <vector>

#include "studies/match_record.hpp"

namespace tabula {

// The longest line a results file may have, written or read: what Tabula writes, it reads
// back. A line holds one game's moves, which may be as long as a game record
// (kMaxRecordBytes: a game of the longest ply limit), and the study and seats around them.
// A line over it is not written (the writer says so and names the limit), and a file with
// one is refused when read.
constexpr std::uintmax_t kMaxResultsLineBytes = 64u << 20;
constexpr const char* kMaxResultsLineText = "64 MiB";

struct ResultsFile {
  std::string path;
  std::vector<ResultLine> lines;
  std::vector<int> line_numbers;       // each line's number in the file
  std::optional<int> incomplete_line;  // the number of a cut-off last line, when there is one
  uint64_t complete_size = 0;          // bytes up to the end of the last complete line
  bool ends_without_newline = false;   // the last line is a complete game but has no newline

  std::string location(size_t i) const;  // "PATH:LINE" of lines[i]
};

// Whether text begins the way every results line begins: tells a cut-off line from a
// file that is not a results file at all.
bool looks_like_results_line(const std::string& text);

// nullopt and `error` when the file cannot be read or a line is not a game. With
// `digest_moves`, each game's move text is replaced by a digest of it, which still tells
// games apart but keeps a merge of a million games small.
std::optional<ResultsFile> read_results_file(const std::string& path, std::string& error, bool digest_moves = false);
// The same from a stream (standard input), named `path` in errors.
std::optional<ResultsFile> read_results(std::istream& in, const std::string& path, std::string& error,
                                        bool digest_moves = false);

}  // namespace tabula
