#pragma once
// `tabula uci RULES`: Tabula as a UCI engine, for rules/chess.rules, rules/chess960.rules and
// rules like them (a board named a1 .. h8, positions as FEN: fen_text.hpp). It reads commands
// from one stream and answers on another, as a GUI (cutechess, xboard's adapters, Arena)
// drives an engine. `go` searches on a thread of its own, so `stop` and `isready` are
// answered while it thinks; the search is alpha-beta over the rules' evaluation, with `info`
// lines after each depth. A line it cannot use is said in an `info string` line (the
// protocol's way: it has no error answer) and the session goes on.
#include <atomic>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/state.hpp"

namespace tabula::cli {

class UciSession {
 public:
  UciSession(std::shared_ptr<const Program> program, std::ostream& out);
  ~UciSession();
  // Runs until `quit` or the end of the input.
  void run(std::istream& in);

 private:
  void command(const std::string& line);
  void set_position(const std::vector<std::string>& words);
  void go(const std::vector<std::string>& words);
  void stop_search();
  void say(const std::string& line);

  std::shared_ptr<const Program> program_;
  std::ostream& out_;
  std::mutex out_lock_;
  State state_;
  bool chess960_ = false;
  int threads_ = 1, hash_mb_ = 16;
  std::atomic<bool> stop_{false};
  std::thread search_;
  uint64_t seed_ = 1;
};

}  // namespace tabula::cli
