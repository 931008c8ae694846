#include "results_output.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "cli_support.hpp"
#include "output_file.hpp"
#include "studies/results_file.hpp"
#include "studies/study_games.hpp"

namespace tabula::cli {
namespace {

std::string system_error(const std::string& what, const std::string& path) {
  return fmt::format("cannot {} '{}': {}", what, path, std::strerror(errno));
}

// What FILE holds must be this run's to append to; throws a UserError saying why not.
std::vector<std::vector<GameRecord>> check_existing(ResultsFile&& file, const GameOrigin& origin, bool resume) {
  const std::string& path = file.path;
  size_t phases = origin.study->phases().size();
  if (file.lines.empty()) {
    if (file.incomplete_line && !resume)
      throw UserError{
          fmt::format("{}:{}: a cut-off line from a run that was stopped; add --resume to remove it and "
                      "play the games, or choose another file",
                      path, *file.incomplete_line)};
    return std::vector<std::vector<GameRecord>>(phases);
  }
  for (size_t i = 0; i < file.lines.size(); ++i) {
    const GameOrigin& o = file.lines[i].origin;
    if (auto diff = origin.study->difference(*o.study, "this run", "the file"); !diff.empty())
      throw UserError{
          fmt::format("{} holds games of another study ({}); --out only adds to the results of the same "
                      "study: choose another file",
                      file.location(i), diff)};
    if (o.shard_index != origin.shard_index || o.shard_count != origin.shard_count)
      throw UserError{
          fmt::format("{} holds a game of shard {}/{} of this study, not of shard {}/{}: choose that "
                      "shard's own file",
                      file.location(i), o.shard_index, o.shard_count, origin.shard_index, origin.shard_count)};
    int game = file.lines[i].game.game;
    if (game >= origin.games[o.phase])
      throw UserError{fmt::format("{} holds game {}, beyond the {} games asked for now: ask for at least {} games",
                                  file.location(i), game, origin.games[o.phase], game + 1)};
  }
  if (!resume)
    throw UserError{
        fmt::format("{} already holds {} game{} of this study; add --resume to play only the others, or "
                    "choose another file",
                    path, file.lines.size(), file.lines.size() == 1 ? "" : "s")};
  std::string error;
  std::vector<ResultsFile> files;
  files.push_back(std::move(file));
  auto games = gather_study(std::move(files), error);  // a game twice with two results is refused here too
  if (!games) throw UserError{error};
  for (const auto& repeat : games->repeats) std::cerr << "tabula: note: " << repeat << "; each counts once\n";
  return games->phases;
}

}  // namespace

ResultsOutput::ResultsOutput(const std::string& path, const GameOrigin& origin, bool resume, bool keep_moves)
    : path_(path) {
  finished_.resize(origin.study->phases().size());
  struct stat info {};
  bool exists = ::stat(path.c_str(), &info) == 0;
  if (exists && S_ISDIR(info.st_mode))
    throw UserError{fmt::format("cannot write results to '{}': it is a directory", path)};
  // Devices and pipes (/dev/stdout) are written to, never read.
  bool regular = exists && S_ISREG(info.st_mode);
  if (resume && exists && !regular) throw UserError{fmt::format("--resume: '{}' is not a regular file", path)};
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw UserError{system_error("open for appending", path)};
  // What this run appends to (and, resumed, reads): no other output of it may replace it.
  note_input(path, "the results file");
  try {
    if (!regular && exists) return;
    check(origin, resume, keep_moves);
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

void ResultsOutput::check(const GameOrigin& origin, bool resume, bool keep_moves) {
  const std::string& path = path_;
  // Two runs appending to one file would interleave their games: the second is refused.
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0)
    throw UserError{
        fmt::format("'{}' is being written by another run (it is locked); wait for it or choose another file", path)};
  std::string error;
  // A match needs only to tell its games apart; an analysis replays its finished games
  // for its measures, so it keeps their moves.
  bool digest = origin.study->command() == "match" && !keep_moves;
  auto file = read_results_file(path, error, digest);
  if (!file)
    throw UserError{
        fmt::format("'{}' is not a results file of this study ({}); --out never writes over a file: choose "
                    "another file",
                    path, error)};
  auto incomplete = file->incomplete_line;
  auto complete_size = file->complete_size;
  bool ends_without_newline = file->ends_without_newline;
  finished_ = check_existing(std::move(*file), origin, resume);
  if (incomplete) {
    if (::ftruncate(fd_, static_cast<off_t>(complete_size)) != 0) throw UserError{system_error("truncate", path)};
    std::cerr << fmt::format(
        "tabula: note: {}:{}: removed a cut-off last line (its run was stopped while writing it); "
        "that game is played again\n",
        path, *incomplete);
  } else if (ends_without_newline) {
    write_text("\n");
  }
}

ResultsOutput::~ResultsOutput() {
  if (fd_ >= 0) ::close(fd_);
}

std::vector<int> ResultsOutput::finished_indices(int phase) const {
  std::vector<int> out;
  for (const auto& g : finished_.at(static_cast<size_t>(phase))) out.push_back(g.game);
  return out;
}

void ResultsOutput::write_text(const std::string& text) {
  size_t done = 0;
  while (done < text.size()) {
    ssize_t n = ::write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      throw UserError{system_error("write results to", path_) + "; the games written before are kept"};
    }
    done += static_cast<size_t>(n);
  }
}

void ResultsOutput::write(const ResultLine& line) {
  std::string text = to_json_line(line);
  // What is written is read back (merge, --resume): a line is never longer than they read.
  if (text.size() > kMaxResultsLineBytes)
    throw UserError{fmt::format(
        "game {}'s results line has {} bytes, more than the {} a line of a results file may have (the limit "
        "merge and --resume read, kMaxResultsLineBytes); it is not written, and the games before it are kept",
        line.game.game, text.size(), kMaxResultsLineText)};
  write_text(text + "\n");
}

void ResultsOutput::close() {
  if (fd_ < 0) return;
  int fd = fd_;
  fd_ = -1;
  // fsync reports errors that a network or full file system only notices late.
  if ((::fsync(fd) != 0 && errno != EINVAL && errno != EROFS) | (::close(fd) != 0))
    throw UserError{system_error("finish writing results to", path_)};
}

}  // namespace tabula::cli
