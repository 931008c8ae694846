#include "line_reader.hpp"

#include <unistd.h>
#include <cstdlib>
#include <iostream>

// libedit's readline interface (pkg-config libedit puts include/editline on the path).
#include <readline.h>

namespace tabula::cli {

LineReader::LineReader() : terminal_(isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {}

std::optional<std::string> LineReader::read(const std::string& prompt) {
  if (!terminal_) {
    std::cout << prompt << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return line;
  }
  std::cout << std::flush;
  char* typed = readline(prompt.c_str());
  if (!typed) return std::nullopt;
  std::string line = typed;
  std::free(typed);
  if (!line.empty()) add_history(line.c_str());
  return line;
}

}  // namespace tabula::cli
