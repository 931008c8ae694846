#pragma once
// Lines typed at `tabula play`'s prompt. On a terminal, with line editing and history
// (Debian's libedit: arrow keys, Ctrl-R, ...); otherwise plain lines from standard input,
// so that a script or a test can drive a game.
#include <optional>
#include <string>

namespace tabula::cli {

class LineReader {
 public:
  LineReader();
  // Shows `prompt`, returns the line without its newline; nullopt at the end of input (Ctrl-D).
  std::optional<std::string> read(const std::string& prompt);

 private:
  bool terminal_;
};

}  // namespace tabula::cli
