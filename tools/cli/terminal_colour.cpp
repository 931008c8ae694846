#include "terminal_colour.hpp"

#include <unistd.h>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace tabula::cli {
namespace {

constexpr const char* kReset = "\033[0m";
constexpr const char* kSideColours[] = {"\033[1;34m", "\033[1;31m", "\033[1;32m",
                                        "\033[1;35m", "\033[1;33m", "\033[1;36m"};

std::string paint(const std::string& text, const char* colour) { return colour + text + kReset; }

bool is_caret_line(const std::string& line) {
  return line.find('^') != std::string::npos && line.find_first_not_of(" ^~") == std::string::npos;
}

}  // namespace

bool colour_wanted(std::FILE* stream) {
  const char* no_colour = std::getenv("NO_COLOR");
  if (no_colour && *no_colour) return false;
  const char* term = std::getenv("TERM");
  if (term && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fileno(stream));
}

std::string coloured_diagnostics(const std::string& text) {
  if (text.empty() || !colour_wanted(stderr)) return text;
  std::string out;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    bool painted = false;
    for (auto [word, colour] :
         {std::pair{": error: ", "\033[1;31m"}, {": warning: ", "\033[1;33m"}, {": note: ", "\033[1;36m"}}) {
      if (auto at = line.find(word); at != std::string::npos && !painted) {
        out += paint(line.substr(0, at + 1), "\033[1m") + " " +
               paint(std::string(word).substr(2, std::strlen(word) - 3), colour) +
               line.substr(at + std::strlen(word) - 1);
        painted = true;
      }
    }
    if (!painted) out += is_caret_line(line) ? paint(line, "\033[1;32m") : line;
    if (end < text.size()) out += '\n';
  }
  return out;
}

std::string coloured_drawing(const std::string& text, const Program& program) {
  if (!colour_wanted(stdout)) return text;
  std::string out;
  for (size_t start = 0; start < text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    start = end + 1;
    // A row starts with its label; a line that starts with a blank holds the coordinates.
    bool row = !line.empty() && line[0] != ' ';
    bool first = true;
    for (size_t i = 0; i < line.size();) {
      if (line[i] == ' ') {
        out += line[i++];
        continue;
      }
      size_t stop = std::min(line.find(' ', i), line.size());
      std::string token = line.substr(i, stop - i);
      i = stop;
      int side = -1;
      for (int p = 0; row && !first && p < program.player_count() && side < 0; ++p) {
        const std::string& symbol = program.players[p].symbol;
        if (!symbol.empty() && token.rfind(symbol, 0) == 0) side = p;
      }
      first = false;
      out += side >= 0 ? paint(token, kSideColours[side % 6]) : token;
    }
    if (end < text.size()) out += '\n';
  }
  return out;
}

}  // namespace tabula::cli
