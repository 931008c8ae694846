#include "engine/notation.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>

namespace tabula {

std::vector<std::vector<int>> board_rows(const BoardGraph& b) {
  std::map<double, std::vector<int>, std::greater<>> rows;
  for (int c = 0; c < b.cell_count(); ++c) rows[b.cell(c).y].push_back(c);
  std::vector<std::vector<int>> out;
  for (auto& [y, cells] : rows) {
    std::sort(cells.begin(), cells.end(), [&](int a, int c) { return b.cell(a).x < b.cell(c).x; });
    out.push_back(cells);
  }
  return out;
}

std::optional<Move> parse_move(const State& s, std::string_view text, std::string& error) {
  const Program& p = s.program();
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  MoveList legal;
  s.legal_moves(legal);
  if (s.is_terminal()) {
    error = fmt::format("the game is over, so '{}' cannot be played", text);
    return std::nullopt;
  }
  if (text == "pass") {
    for (const Move& m : legal)
      if (m.type == Move::pass) return m;
    error = fmt::format("{} may not pass: a move is available", p.players[s.current_player()].name);
    return std::nullopt;
  }
  // Split at the first separator character that is not part of a cell name.
  size_t split = std::string_view::npos;
  for (size_t i = 1; i < text.size(); ++i)
    if (text[i] == '-' || text[i] == 'x' || text[i] == ':') {
      if (p.board->find_cell(text.substr(0, i)) != kNoCell) {
        split = i;
        break;
      }
    }
  if (split == std::string_view::npos) {
    error = fmt::format("'{}' is not a move: expected FROM-TO (for example b1-b3), FROMxTO for a capture, or pass", text);
    return std::nullopt;
  }
  std::string_view from_name = text.substr(0, split), to_name = text.substr(split + 1);
  int from = p.board->find_cell(from_name), to = p.board->find_cell(to_name);
  if (to == kNoCell) {
    error = fmt::format("'{}' is not a cell of this board", to_name);
    return std::nullopt;
  }
  for (const Move& m : legal)
    if (m.from == from && m.to == to) {
      bool capture_mark = text[split] == 'x';
      if (capture_mark && !m.captures) {
        error = fmt::format("'{}' is marked as a capture, but {} is empty", text, to_name);
        return std::nullopt;
      }
      return m;
    }
  const char* who = p.players[s.current_player()].name.c_str();
  if (!s.at(from)) error = fmt::format("'{}' is not legal: there is no piece on {}", text, from_name);
  else if (p.owner(s.at(from)) != s.current_player())
    error = fmt::format("'{}' is not legal: the piece on {} is not {}'s, and it is {}'s turn", text, from_name, who, who);
  else
    error = fmt::format("'{}' is not a legal move for {} in this position", text, who);
  return std::nullopt;
}

std::vector<std::string> history_strings(const State& s) {
  State replay(s.program_ptr());
  std::vector<std::string> out;
  for (const Move& m : s.history()) {
    out.push_back(replay.move_to_string(m));
    replay.apply(m);
  }
  return out;
}

std::optional<Position> parse_position(const Program& p, std::string_view text, std::string& error) {
  auto rows = board_rows(*p.board);
  Position pos;
  pos.cells.assign(p.cells, 0);
  size_t space = text.find_first_of(" \t");
  std::string_view board = text.substr(0, space);
  std::string_view side = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  while (!side.empty() && std::isspace(static_cast<unsigned char>(side.front()))) side.remove_prefix(1);
  while (!side.empty() && std::isspace(static_cast<unsigned char>(side.back()))) side.remove_suffix(1);
  std::map<std::string, uint8_t> by_symbol;
  for (int pl = 0; pl < p.player_count(); ++pl)
    for (int k = 0; k < p.kind_count(); ++k) by_symbol.emplace(p.symbol(p.piece_code(pl, k)), p.piece_code(pl, k));
  size_t row = 0, col = 0;
  for (size_t i = 0; i <= board.size(); ++i) {
    if (i == board.size() || board[i] == '/') {
      if (row >= rows.size()) {
        error = fmt::format("the position has more rows than the board's {}", rows.size());
        return std::nullopt;
      }
      if (col != rows[row].size()) {
        error = fmt::format("row {} of the position has {} cells, but the board row has {}", row + 1, col, rows[row].size());
        return std::nullopt;
      }
      ++row, col = 0;
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(board[i]))) {
      size_t n = 0;
      while (i < board.size() && std::isdigit(static_cast<unsigned char>(board[i]))) n = n * 10 + (board[i++] - '0');
      --i;
      col += n;
      if (row < rows.size() && col > rows[row].size()) {
        error = fmt::format("row {} of the position has more than the board row's {} cells", row + 1, rows[row].size());
        return std::nullopt;
      }
      continue;
    }
    if (row >= rows.size() || col >= rows[row].size()) {
      error = fmt::format("row {} of the position has more than the board row's {} cells", row + 1,
                          row < rows.size() ? rows[row].size() : 0);
      return std::nullopt;
    }
    if (board[i] == '-' || board[i] == '.') {
      ++col;
      continue;
    }
    auto it = by_symbol.find(std::string(1, board[i]));
    if (it == by_symbol.end()) {
      error = fmt::format("'{}' in the position is not a piece symbol of this game", board[i]);
      return std::nullopt;
    }
    pos.cells[rows[row][col++]] = it->second;
  }
  if (row != rows.size()) {
    error = fmt::format("the position has {} rows, but the board has {}", row, rows.size());
    return std::nullopt;
  }
  if (side.empty()) {
    error = "the position does not say who is to move (add a player name after the board, e.g. ' black')";
    return std::nullopt;
  }
  pos.to_move = -1;
  for (int pl = 0; pl < p.player_count(); ++pl) {
    std::string name = p.players[pl].name;
    std::string lower(side);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    if (lower == name || lower == p.players[pl].symbol || (lower.size() == 1 && lower[0] == name[0])) pos.to_move = pl;
  }
  if (pos.to_move < 0) {
    error = fmt::format("'{}' is not a player of this game", side);
    return std::nullopt;
  }
  return pos;
}

std::string position_string(const State& s) {
  const Program& p = s.program();
  std::string out;
  for (const auto& row : board_rows(*p.board)) {
    if (!out.empty()) out += '/';
    int empty = 0;
    for (int c : row) {
      if (!s.at(c)) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty), empty = 0;
      out += p.symbol(s.at(c));
    }
    if (empty) out += std::to_string(empty);
  }
  return out + " " + p.players[s.current_player()].name;
}

}  // namespace tabula
