#include "fen_text.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <sstream>
#include <vector>

namespace tabula::cli {
namespace {

constexpr std::string_view kFiles = "abcdefgh";
using Rank = std::array<char, 8>;  // '\0' for an empty square
using Rows = std::array<Rank, 8>;  // rank 8 first

bool board_rows(const std::string& text, Rows& rows, std::string& error) {
  std::vector<std::string> parts;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, '/');) parts.push_back(part);
  if (parts.size() != 8) return error = fmt::format("the board has {} ranks, not 8", parts.size()), false;
  for (int r = 0; r < 8; ++r) {
    int f = 0;
    for (char c : parts[static_cast<size_t>(r)]) {
      if (c >= '1' && c <= '8') {
        for (int k = 0; k < c - '0' && f < 9; ++k, ++f)
          if (f < 8) rows[r][f] = '\0';
      } else if (std::isalpha(static_cast<unsigned char>(c))) {
        if (f < 8) rows[r][f] = c;
        ++f;
      } else {
        return error = fmt::format("'{}' in rank {} is neither a piece nor a count of empty squares", c, 8 - r), false;
      }
    }
    if (f != 8)
      return error = fmt::format("rank {} ('{}') has {} squares, not 8", 8 - r, parts[static_cast<size_t>(r)], f),
             false;
  }
  return true;
}

std::string write_rows(const Rows& rows) {
  std::string out;
  for (int r = 0; r < 8; ++r) {
    int empty = 0;
    for (char c : rows[r]) {
      if (!c) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += c;
    }
    if (empty) out += std::to_string(empty);
    if (r < 7) out += '/';
  }
  return out;
}

bool is_one_of(char c, std::string_view set) { return c && set.find(c) != std::string_view::npos; }

// The file of the rook a castling letter names, on the side's home rank; -1 with `error`.
int castling_rook_file(const Rows& rows, bool white, char right, std::string& error) {
  const Rank& rank = white ? rows[7] : rows[0];
  const std::string kings = white ? "KJ" : "kj", rooks = white ? "RC" : "rc";
  int king = -1;
  for (int f = 0; f < 8; ++f)
    if (is_one_of(rank[f], kings)) king = f;
  if (king < 0)
    return error = fmt::format("castling right '{}': no {} king on its first rank", right, white ? "white" : "black"),
           -1;
  const char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(right)));
  if (letter == 'K' || letter == 'Q') {
    if (letter == 'K') {
      for (int f = 7; f > king; --f)
        if (is_one_of(rank[f], rooks)) return f;
    } else {
      for (int f = 0; f < king; ++f)
        if (is_one_of(rank[f], rooks)) return f;
    }
    return error = fmt::format("castling right '{}': no rook on that side of the king", right), -1;
  }
  const int f = letter - 'A';
  if (!is_one_of(rank[f], rooks))
    return error = fmt::format("castling right '{}': no rook on the {}-file", right, kFiles[f]), -1;
  return f;
}

}  // namespace

std::optional<std::string> fen_to_position(const std::string& fen, std::string& error) {
  std::vector<std::string> fields;
  std::istringstream in(fen);
  for (std::string f; in >> f;) fields.push_back(f);
  if (fields.size() < 2) return error = "a FEN needs at least the board and the side to move", std::nullopt;
  Rows rows{};
  if (!board_rows(fields[0], rows, error)) return std::nullopt;
  if (fields[1] != "w" && fields[1] != "b")
    return error = fmt::format("the side to move is '{}', not w or b", fields[1]), std::nullopt;
  const bool black_to_move = fields[1] == "b";
  const std::string rights = fields.size() > 2 ? fields[2] : "-";
  if (rights != "-") {
    for (char right : rights) {
      const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(right)));
      if (!(up == 'K' || up == 'Q' || (up >= 'A' && up <= 'H')))
        return error = fmt::format("the castling rights '{}' are not letters KQkq or files A-H, a-h", rights),
               std::nullopt;
      const bool white = std::isupper(static_cast<unsigned char>(right));
      const int f = castling_rook_file(rows, white, right, error);
      if (f < 0) return std::nullopt;
      Rank& home = white ? rows[7] : rows[0];
      home[f] = white ? 'C' : 'c';
      for (char& c : home)
        if (is_one_of(c, white ? "KJ" : "kj")) c = white ? 'J' : 'j';
    }
  }
  std::vector<std::string> extra;
  const std::string ep = fields.size() > 3 ? fields[3] : "-";
  if (ep != "-") {
    if (ep.size() != 2 || ep[0] < 'a' || ep[0] > 'h' || (ep[1] != '3' && ep[1] != '6'))
      return error = fmt::format("the en passant square '{}' is not on the third or sixth rank", ep), std::nullopt;
    const bool up = ep[1] == '3';  // a white pawn passed it
    if (up != black_to_move)
      return error = fmt::format("the en passant square '{}' is not behind a pawn of the side that just moved", ep),
             std::nullopt;
    const int start = up ? 2 : 7, end = up ? 4 : 5;
    if (rows[8 - end][ep[0] - 'a'] != (up ? 'P' : 'p'))
      return error = fmt::format("the en passant square '{}': no {} pawn on {}{} passed it", ep, up ? "white" : "black",
                                 ep[0], end),
             std::nullopt;
    extra.push_back(fmt::format("passed.from={}{}", ep[0], start));
    extra.push_back(fmt::format("passed.by={}{}", ep[0], end));
    extra.push_back(fmt::format("passed.dir={}", up ? 'n' : 's'));
  }
  if (fields.size() > 4) {
    const std::string& clock = fields[4];
    if (clock.empty() || clock.size() > 6 || !std::all_of(clock.begin(), clock.end(), ::isdigit))
      return error = fmt::format("the halfmove clock '{}' is not a number", clock), std::nullopt;
    if (std::stoi(clock) > 0) extra.insert(extra.begin(), fmt::format("quiet={}", std::stoi(clock)));
  }
  std::string text = write_rows(rows) + (black_to_move ? " black" : " white");
  if (!extra.empty()) {
    text += "; at=turn:1";
    for (const auto& e : extra) text += " " + e;
  }
  return text;
}

std::optional<std::string> position_to_fen(const std::string& position, std::string& error) {
  const size_t semicolon = position.find(';');
  std::istringstream board_part(position.substr(0, semicolon));
  std::string board, side;
  board_part >> board >> side;
  Rows rows{};
  if (!board_rows(board, rows, error)) return std::nullopt;
  if (side != "white" && side != "black")
    return error = fmt::format("the side to move is '{}', not white or black", side), std::nullopt;
  std::map<std::string, std::string> values;
  if (semicolon != std::string::npos) {
    std::istringstream in(position.substr(semicolon + 1));
    for (std::string f; in >> f;)
      if (size_t eq = f.find('='); eq != std::string::npos) values[f.substr(0, eq)] = f.substr(eq + 1);
  }
  std::string rights;
  for (bool white : {true, false}) {
    const Rank& rank = white ? rows[7] : rows[0];
    const char king = white ? 'J' : 'j', rook = white ? 'C' : 'c';
    const int k = static_cast<int>(std::find(rank.begin(), rank.end(), king) - rank.begin());
    if (k == 8) continue;
    for (int f = 7; f >= 0; --f) {  // the king's side first, as FEN orders them
      if (rank[f] != rook) continue;
      bool outermost = true;
      for (int g = f > k ? f + 1 : 0; g < (f > k ? 8 : f); ++g) outermost &= !is_one_of(rank[g], white ? "CR" : "cr");
      char letter = outermost ? (f > k ? 'K' : 'Q') : static_cast<char>('A' + f);
      rights += white ? letter : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
  }
  for (auto& rank : rows)
    for (char& c : rank) c = c == 'J' ? 'K' : c == 'j' ? 'k' : c == 'C' ? 'R' : c == 'c' ? 'r' : c;
  std::string ep = "-";
  if (values.count("passed.from") && values.count("passed.by")) {
    const std::string &a = values["passed.from"], &b = values["passed.by"];
    if (a.size() == 2 && b.size() == 2 && a[0] == b[0] && std::abs(a[1] - b[1]) == 2)
      ep = fmt::format("{}{}", a[0], static_cast<char>((a[1] + b[1]) / 2));
  }
  const std::string quiet = values.count("quiet") ? values["quiet"] : "0";
  return fmt::format("{} {} {} {} {} 1", write_rows(rows), side == "white" ? "w" : "b", rights.empty() ? "-" : rights,
                     ep, quiet);
}

}  // namespace tabula::cli
