#include "engine/game_record.hpp"

#include <fmt/format.h>
#include <cctype>

#include "engine/move_text.hpp"

namespace tabula {
namespace {

bool is_move_number(std::string_view t) {
  size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  while (i < t.size() && t[i] == '.') ++i;
  return i == t.size();
}

bool is_result_marker(std::string_view t) {
  while (t.size() > 1 && t.back() == '.') t.remove_suffix(1);  // "1-0." ends a sentence
  return t == "1-0" || t == "0-1" || t == "1/2" || t == "1/2-1/2" || t == "+-" || t == "-+" || t == "=" || t == "...";
}

}  // namespace

std::vector<std::string> record_moves(std::string_view text) {
  std::vector<std::string> out;
  int paren = 0;
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '(') ++paren, ++i;
    else if (c == ')') paren = paren > 0 ? paren - 1 : 0, ++i;
    else if (std::isspace(static_cast<unsigned char>(c))) ++i;
    else {
      size_t j = i;
      while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '(' && text[j] != ')')
        ++j;
      std::string token(text.substr(i, j - i));
      i = j;
      if (paren) continue;
      // "12." and "12..." are move numbers; "2...e5-f4" carries a move after its number.
      size_t dots = token.find("...");
      if (dots != std::string::npos && dots > 0 && is_move_number(token.substr(0, dots + 3)))
        token = token.substr(dots + 3);
      else if (auto dot = token.find('.');
               dot != std::string::npos && dot > 0 && is_move_number(token.substr(0, dot + 1)))
        token = token.substr(dot + 1);
      while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.pop_back();
      if (token.empty() || is_move_number(token) || is_result_marker(token) ||
          token.find_first_not_of('.') == std::string::npos)
        continue;
      out.push_back(token);
    }
  }
  return out;
}

int replay_record(State& s, std::string_view text, std::string& error) {
  int applied = 0;
  for (const std::string& token : record_moves(text)) {
    std::string why;
    auto m = parse_move(s, token, why);
    if (!m) {
      error = fmt::format("move {} ({}): {}", applied + 1, token, why);
      return -1;
    }
    s.apply_unchecked(*m);
    ++applied;
  }
  return applied;
}

std::string write_record(const State& s) {
  const Program& p = s.program();
  // Rewind a copy to the start of its history, then write each move in the position it
  // was played from.
  State replay = s;
  while (!replay.history().empty()) replay.undo();
  std::string out;
  for (const Move& m : s.history()) {
    if (!out.empty()) out += ' ';
    if (replay.current_seat() == 0 && replay.turn_point().step == 0)
      out += fmt::format("{}. ", replay.ply() / p.seat_count() + 1);
    out += m.kind == Move::pass ? p.notation.pass : move_text(replay, m);
    out += promotion_mark(p, m);
    replay.apply_unchecked(m);
  }
  if (s.is_terminal() && !p.notation.end_mark.empty()) out += (out.empty() ? "" : " ") + p.notation.end_mark;
  return out;
}

}  // namespace tabula
