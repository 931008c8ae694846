#include "engine/text/position_text.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>

#include "engine/evaluate.hpp"
#include "engine/text/position_fields.hpp"
#include "engine/text/text_util.hpp"

namespace tabula {
namespace {

// The seat to move named by text: a seat's name, or a side's name, symbol or initial (its
// first seat).
int find_player_named(const Program& p, std::string_view side) {
  std::string want = lower(trim(side));
  if (want.size() > 8 && want.substr(want.size() - 8) == " to move")
    want = std::string(trim(want.substr(0, want.size() - 8)));
  for (int st = 0; st < p.seat_count(); ++st)
    if (want == lower(p.seats[st].name)) return st;
  auto first_seat = [&](int player) {
    for (int st = 0; st < p.seat_count(); ++st)
      if (p.seats[st].side == player) return st;
    return -1;
  };
  for (int pl = 0; pl < p.player_count(); ++pl)
    if (want == lower(p.players[pl].name) || want == lower(p.players[pl].symbol)) return first_seat(pl);
  for (int pl = 0; pl < p.player_count(); ++pl)
    if (want.size() == 1 && want[0] == std::tolower(static_cast<unsigned char>(p.players[pl].name[0])))
      return first_seat(pl);
  return -1;
}

// The seat to move, named after the pieces of a position; `hint` says how to write it.
bool parse_side_to_move(const Program& p, std::string_view side, const char* hint, Position& pos, std::string& error) {
  if (trim(side).empty()) {
    error = fmt::format("the position does not say who is to move ({})", hint);
    return false;
  }
  pos.to_move = find_player_named(p, side);
  if (pos.to_move < 0) {
    error = fmt::format("'{}' is not a player of this game", trim(side));
    return false;
  }
  return true;
}

// Rows as drawn, top first, separated by '/', then the seat to move.
std::optional<Position> parse_rows(const Program& p, const std::vector<std::vector<int>>& rows, std::string_view text,
                                   std::string& error);

std::optional<Position> parse_piece_list(const Program& p, std::string_view text, std::string& error) {
  Position pos;
  pos.columns.assign(p.cells, {});
  // "a1WWW b2BBB, White to move": the player is after the last comma, or the last word(s).
  size_t comma = text.rfind(',');
  std::string_view pieces = comma == std::string_view::npos ? text : text.substr(0, comma);
  std::string_view side = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  std::vector<std::string_view> tokens;
  size_t i = 0;
  while (i < pieces.size()) {
    while (i < pieces.size() && std::isspace(static_cast<unsigned char>(pieces[i]))) ++i;
    size_t j = i;
    while (j < pieces.size() && !std::isspace(static_cast<unsigned char>(pieces[j]))) ++j;
    if (j > i) tokens.push_back(pieces.substr(i, j - i));
    i = j;
  }
  if (side.empty() && !tokens.empty()) {
    side = tokens.back();
    tokens.pop_back();
    if (side == "move" && tokens.size() >= 2 && tokens.back() == "to") {
      tokens.pop_back();
      side = tokens.back();
      tokens.pop_back();
    }
  }
  for (auto token : tokens) {
    auto item = split_square(*p.board, token);
    if (!item || item->column.empty()) {
      error = fmt::format("'{}' is not a cell followed by its pieces (such as a1WWW)", token);
      return std::nullopt;
    }
    if (!pos.columns[item->cell].empty()) {
      error = fmt::format("{} is given twice", p.board->cell(item->cell).name);
      return std::nullopt;
    }
    auto col = parse_column(p, item->column, error);
    if (!col) return std::nullopt;
    pos.columns[item->cell] = *col;
  }
  if (!parse_side_to_move(p, side, "end it with, for example, ', White to move'", pos, error)) return std::nullopt;
  return pos;
}

}  // namespace

namespace {

std::optional<Position> parse_position_text(const Program& p, std::string_view text, std::string& error);

// "" when the position stands under the rules' `legal-position` conditions, else the refusal
// naming the first that fails.
std::string illegal_position(const Program& p, const Position& pos) {
  if (p.legal_position.empty()) return "";
  // A State over the program, which the caller keeps alive (an alias that owns nothing).
  State s(std::shared_ptr<const Program>(std::shared_ptr<const Program>(), &p));
  s.set_position(pos);
  const int mover = s.current_player();
  for (size_t i = 0; i < p.legal_position.size(); ++i)
    if (!holds(p.legal_position[i], {s, mover, -1, -1}))
      return fmt::format("the position is not a legal one: {} does not hold", p.legal_position_text.at(i));
  return "";
}

}  // namespace

std::optional<Position> parse_position(const Program& p, std::string_view text, std::string& error) {
  auto pos = parse_position_text(p, text, error);
  if (!pos) return std::nullopt;
  if (std::string why = illegal_position(p, *pos); !why.empty()) {
    error = why;
    return std::nullopt;
  }
  return pos;
}

namespace {

std::optional<Position> parse_position_text(const Program& p, std::string_view text, std::string& error) {
  text = trim(text);
  // The state besides the board comes after a ';' (engine/text/position_fields.hpp).
  if (auto semicolon = text.find(';'); semicolon != std::string_view::npos) {
    auto pos = parse_position_text(p, text.substr(0, semicolon), error);
    if (pos && !parse_position_fields(p, trim(text.substr(semicolon + 1)), *pos, error)) return std::nullopt;
    return pos;
  }
  auto rows = board_rows(*p.board);
  if (text.find('/') == std::string_view::npos) {
    // A board of one row writes its row without a '/': read that first, then a piece list.
    if (rows.size() == 1) {
      std::string row_error;
      if (auto pos = parse_rows(p, rows, text, row_error)) return pos;
      if (auto pos = parse_piece_list(p, text, error)) return pos;
      error = row_error;
      return std::nullopt;
    }
    return parse_piece_list(p, text, error);
  }
  return parse_rows(p, rows, text, error);
}

std::optional<Position> parse_rows(const Program& p, const std::vector<std::vector<int>>& rows, std::string_view text,
                                   std::string& error) {
  Position pos;
  pos.columns.assign(p.cells, {});
  size_t space = text.find_first_of(" \t");
  std::string_view board = text.substr(0, space);
  std::string_view side = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  std::vector<std::string_view> row_texts;
  for (size_t start = 0;;) {
    size_t slash = board.find('/', start);
    row_texts.push_back(board.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (row_texts.size() != rows.size()) {
    error = fmt::format("the position has {} rows, but the board has {}", row_texts.size(), rows.size());
    return std::nullopt;
  }
  for (size_t r = 0; r < rows.size(); ++r) {
    std::string_view row = row_texts[r];
    std::vector<std::string_view> items;
    bool with_commas = row.find(',') != std::string_view::npos || p.stacking;
    if (row.empty()) {
      continue;  // an empty row is all empty
    } else if (with_commas) {
      for (size_t start = 0;;) {
        size_t comma = row.find(',', start);
        items.push_back(row.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
      }
    } else {
      for (size_t i = 0; i < row.size(); ++i) {
        size_t j = i + 1;
        if (std::isdigit(static_cast<unsigned char>(row[i])))
          while (j < row.size() && std::isdigit(static_cast<unsigned char>(row[j]))) ++j;
        items.push_back(row.substr(i, j - i));
        i = j - 1;
      }
    }
    size_t col = 0;
    for (auto item : items) {
      if (!item.empty() &&
          std::all_of(item.begin(), item.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
        col += item.size() > 3 ? 1000 : std::stoul(std::string(item));
        if (col > rows[r].size()) break;
        continue;
      }
      if (col >= rows[r].size()) {
        col = rows[r].size() + 1;
        break;
      }
      if (item == "-" || item == ".") {
        ++col;
        continue;
      }
      auto column = parse_column(p, item, error);
      if (!column) return std::nullopt;
      pos.columns[rows[r][col++]] = *column;
    }
    if (col != rows[r].size()) {
      error = fmt::format("row {} of the position has {} cells, but the board row has {}", r + 1,
                          col > rows[r].size() ? "more" : std::to_string(col), rows[r].size());
      return std::nullopt;
    }
  }
  if (!parse_side_to_move(p, side, "add a player name after the board, e.g. ' black'", pos, error)) return std::nullopt;
  return pos;
}

}  // namespace

std::string position_string(const State& s) {
  const Program& p = s.program();
  std::string out;
  bool first = true;
  for (const auto& row : board_rows(*p.board)) {
    if (!first) out += '/';
    first = false;
    int empty = 0;
    bool row_has_pieces = std::any_of(row.begin(), row.end(), [&](int c) { return s.at(c) != 0; });
    if (p.stacking && !row_has_pieces) continue;  // the seed writes an empty row as nothing
    std::string row_text;
    for (int c : row) {
      if (!s.at(c)) {
        ++empty;
        continue;
      }
      if (empty) row_text += (p.stacking && !row_text.empty() ? "," : "") + std::to_string(empty), empty = 0;
      if (p.stacking && !row_text.empty()) row_text += ",";
      row_text += p.stacking ? s.column_text(c) : p.symbol(s.at(c));
    }
    if (empty) row_text += (p.stacking && !row_text.empty() ? "," : "") + std::to_string(empty);
    out += row_text;
  }
  out += " " + p.seats[s.current_seat()].name;
  std::string fields = position_fields(s);
  return fields.empty() ? out : out + "; " + fields;
}

}  // namespace tabula
