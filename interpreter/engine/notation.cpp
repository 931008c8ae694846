#include "engine/notation.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <map>

namespace tabula {
namespace {

std::string_view trim(std::string_view t) {
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  return t;
}

std::string lower(std::string_view t) {
  std::string s(t);
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// A square of a move or piece list: the cell and the column written after it (may be "").
struct SquareItem {
  int cell = kNoCell;
  std::string column;
};

// Splits "d4wb" into cell d4 and column "wb": the longest prefix that names a cell.
std::optional<SquareItem> split_square(const BoardGraph& b, std::string_view token) {
  for (size_t n = token.size(); n > 0; --n) {
    int c = b.find_cell(token.substr(0, n));
    if (c != kNoCell) return SquareItem{c, std::string(token.substr(n))};
  }
  return std::nullopt;
}

// Symbol table for columns: symbol text -> piece code.
std::map<std::string, uint8_t> symbols_of(const Program& p) {
  std::map<std::string, uint8_t> by_symbol;
  for (int pl = 0; pl < p.player_count(); ++pl)
    for (int k = 0; k < p.kind_count(); ++k)
      if (p.kind_allowed(pl, k)) by_symbol.emplace(p.symbol(p.piece_code(pl, k)), p.piece_code(pl, k));
  return by_symbol;
}

// A column written top first, read into bottom-first codes.
std::optional<std::vector<uint8_t>> parse_column(const Program& p, std::string_view text, std::string& error) {
  auto by_symbol = symbols_of(p);
  std::vector<uint8_t> top_first;
  size_t i = 0;
  while (i < text.size()) {
    size_t best = 0;
    uint8_t code = 0;
    for (const auto& [sym, c] : by_symbol)
      if (sym.size() > best && text.substr(i, sym.size()) == sym) best = sym.size(), code = c;
    if (!best) {
      error = fmt::format("'{}' is not a piece symbol of this game", text.substr(i, 1));
      return std::nullopt;
    }
    top_first.push_back(code);
    i += best;
  }
  if (top_first.size() > 1 && !p.stacking) {
    error = fmt::format("'{}' is a column, but this game does not stack pieces", text);
    return std::nullopt;
  }
  if (top_first.size() > static_cast<size_t>(Program::kMaxStack)) {
    error = fmt::format("the column '{}' is higher than {} counters", text, Program::kMaxStack);
    return std::nullopt;
  }
  return std::vector<uint8_t>(top_first.rbegin(), top_first.rend());
}

// The squares a move's text names (every square of a capture path when `all_squares`),
// each with the column standing there right after the piece passed it.
std::vector<SquareItem> move_squares(const State& s, const Move& m, bool all_squares) {
  const Program& p = s.program();
  std::vector<SquareItem> items;
  auto text_of = [&](const std::vector<uint8_t>& bottom_first) {
    std::string t;
    for (auto it = bottom_first.rbegin(); it != bottom_first.rend(); ++it) t += p.symbol(*it);
    return t;
  };
  auto column_of = [&](int c) {
    std::vector<uint8_t> col;
    for (int l = 0; l < s.height(c); ++l) col.push_back(s.counter(c, l));
    return col;
  };
  auto promoted = [&](std::vector<uint8_t>& col, int cell) {
    if (col.empty()) return;
    for (const Promotion& pr : p.promotions)
      if ((pr.from_kinds & (1u << p.kind(col.back()))) && p.in_zone(pr.zone, p.owner(col.back()), cell)) {
        if (pr.to_kind < 0) col.pop_back();
        else col.back() = p.piece_code(p.owner(col.back()), pr.to_kind);
        return;
      }
  };
  items.push_back({m.from, ""});
  if (m.type != Move::hop) {
    // A plain move: the whole column arrives (and may be promoted there).
    std::vector<uint8_t> moved = column_of(m.from);
    promoted(moved, m.to);
    items.push_back({m.to, text_of(moved)});
    return items;
  }
  const MoveRule& rule = p.moves[m.rule];
  std::vector<uint8_t> taker = column_of(m.from);
  std::map<int, std::vector<uint8_t>> changed;
  int at = m.from;
  for (int i = 0; i < m.hops; ++i) {
    int over = p.jumped_cell(at, m.path[i]);
    auto it = changed.find(over);
    std::vector<uint8_t> victim = it != changed.end() ? it->second : column_of(over);
    if (rule.take == Take::top_to_bottom && p.stacking && !victim.empty()) {
      taker.insert(taker.begin(), victim.back());
      victim.pop_back();
    } else {
      victim.clear();
    }
    changed[over] = victim;
    if (all_squares) items.push_back({over, text_of(victim)});
    // A piece promoted on its last landing shows its new rank there.
    if (i == m.hops - 1) promoted(taker, m.to);
    items.push_back({m.path[i], text_of(taker)});
    at = m.path[i];
  }
  return items;
}

}  // namespace

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

std::string State::move_to_string(const Move& m) const {
  const Program& p = *program_;
  if (m.type == Move::pass) return "pass";
  if (m.type == Move::stop) return "stop";
  if (m.type == Move::place) return p.symbol(m.rule) + "@" + p.board->cell(m.to).name;
  if (m.type == Move::choice) return m.rule ? "swap" : "keep";
  // Target regions: mark:d5 (mark:d5:ne with a chosen direction), interchange, decline,
  // take:e8, end, convert:h5.
  if (m.type == Move::mark)
    return "mark:" + p.board->cell(m.to).name + (m.rule ? ":" + p.board->direction(m.rule - 1).name : "");
  if (m.type == Move::claim) return m.rule ? "interchange" : "decline";
  if (m.type == Move::take) return "take:" + p.board->cell(m.to).name;
  if (m.type == Move::convert) return "convert:" + p.board->cell(m.to).name;
  if (m.type == Move::end) return "end";
  if (m.type == Move::normal) {  // written without columns, as in the seed texts
    const std::string& sep = m.captures ? p.notation.capture_separator : p.notation.step_separator;
    return p.board->cell(m.from).name + sep + p.board->cell(m.to).name;
  }
  std::string out;
  auto squares = move_squares(*this, m, p.notation.all_squares);
  for (size_t i = 0; i < squares.size(); ++i) {
    if (i) out += p.notation.capture_separator;
    out += p.board->cell(squares[i].cell).name;
    if (p.notation.columns && i > 0) out += squares[i].column;  // the start square is left behind
  }
  return out;
}

std::optional<Move> parse_move(const State& s, std::string_view text, std::string& error) {
  const Program& p = s.program();
  text = trim(text);
  if (s.is_terminal()) {
    error = fmt::format("the game is over, so '{}' cannot be played", text);
    return std::nullopt;
  }
  MoveList legal;
  s.legal_moves(legal);
  const std::string& who = p.players[s.current_player()].name;
  if (text == "pass") {
    for (const Move& m : legal)
      if (m.type == Move::pass) return m;
    error = fmt::format("{} may not pass: a move is available", who);
    return std::nullopt;
  }
  if (text == "stop" || text == p.notation.pass) {
    for (const Move& m : legal)
      if ((text == "stop" && m.type == Move::stop) || (text != "stop" && m.type == Move::pass)) return m;
    error = text == "stop" ? fmt::format("{} may not stop the game now", who)
                           : fmt::format("{} may not pass: a move is available", who);
    return std::nullopt;
  }
  // Target-region actions are matched by their text (a few per position).
  if (text == "end" || text == "interchange" || text == "decline" || text.rfind("mark:", 0) == 0 ||
      text.rfind("take:", 0) == 0 || text.rfind("convert:", 0) == 0) {
    for (const Move& m : legal)
      if (m.type >= Move::mark && s.move_to_string(m) == text) return m;
    error = fmt::format("'{}' is not legal now; legal: {}", text,
                        legal.empty() ? std::string("nothing") : s.move_to_string(legal.front()) + (legal.size() > 1 ? ", ..." : ""));
    return std::nullopt;
  }
  if (text == "keep" || text == "swap") {
    for (const Move& m : legal)
      if (m.type == Move::choice && (m.rule == 1) == (text == "swap")) return m;
    error = fmt::format("'{}' is only legal when the pie rule offers the choice", text);
    return std::nullopt;
  }
  if (auto at = text.find('@'); at != std::string_view::npos) {  // a placement: W@e4
    int cell = p.board->find_cell(text.substr(at + 1));
    if (cell == kNoCell) {
      error = fmt::format("'{}' is not a cell of this board", text.substr(at + 1));
      return std::nullopt;
    }
    for (const Move& m : legal)
      if (m.type == Move::place && m.to == cell && p.symbol(m.rule) == text.substr(0, at)) return m;
    bool placing = !legal.empty() && legal.front().type == Move::place;
    error = placing ? fmt::format("'{}' is not a legal placement: place {} on an empty cell", text,
                                  p.symbol(legal.front().rule))
                    : fmt::format("'{}' is not legal: {} moves a piece now, it does not place one", text, who);
    return std::nullopt;
  }
  // Squares separated by '-', 'x' or ':'; a separator is only one where what precedes it
  // is a square (cell names may contain letters such as x).
  std::vector<SquareItem> typed;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i) {
    bool sep = i < text.size() && (text[i] == '-' || text[i] == 'x' || text[i] == ':' || text[i] == '*' ||
                                   text[i] == '/' || text[i] == '~');
    if (i < text.size() && !sep) continue;
    std::string_view token = text.substr(start, i - start);
    auto item = split_square(*p.board, token);
    if (!item && i < text.size() && text[i] == 'x') continue;  // 'x' may be a piece symbol in a column
    if (!item) {
      error = token.empty() ? fmt::format("'{}' is not a move: expected squares such as b1-b3, or pass", text)
                            : fmt::format("'{}' is not a cell of this board", token);
      return std::nullopt;
    }
    if (!item->column.empty()) {
      std::string why;
      if (!parse_column(p, item->column, why)) {
        error = fmt::format("'{}' in '{}': {}", token, text, why);
        return std::nullopt;
      }
    }
    typed.push_back(*item);
    start = i + 1;
  }
  if (typed.size() < 2) {
    error = fmt::format("'{}' is not a move: expected squares such as b1-b3, or pass", text);
    return std::nullopt;
  }
  for (const Move& m : legal) {
    if (m.type == Move::pass) continue;
    for (bool all : {true, false}) {
      auto squares = move_squares(s, m, all);
      if (squares.size() != typed.size()) continue;
      bool same = true;
      for (size_t i = 0; i < squares.size() && same; ++i) same = squares[i].cell == typed[i].cell;
      if (!same) continue;
      for (size_t i = 1; i < squares.size(); ++i)
        if (!typed[i].column.empty() && typed[i].column != squares[i].column) {
          error = fmt::format("'{}': after this move {} holds '{}', not '{}'", text, p.board->cell(squares[i].cell).name,
                              squares[i].column.empty() ? "nothing" : squares[i].column, typed[i].column);
          return std::nullopt;
        }
      if (m.type == Move::normal && !m.captures && text.find('x') != std::string_view::npos &&
          p.notation.capture_separator == "x") {
        error = fmt::format("'{}' is marked as a capture, but {} is empty", text, p.board->cell(m.to).name);
        return std::nullopt;
      }
      return m;
    }
  }
  int from = typed[0].cell;
  std::string from_name = p.board->cell(from).name;
  if (!s.at(from)) error = fmt::format("'{}' is not legal: there is no piece on {}", text, from_name);
  else if (p.owner(s.at(from)) != s.current_player())
    error = fmt::format("'{}' is not legal: the piece on {} is not {}'s, and it is {}'s turn", text, from_name, who, who);
  else if (p.captures.compulsory && !legal.empty() && legal.front().type == Move::hop)
    error = fmt::format("'{}' is not legal: {} must take (for example {})", text, who, s.move_to_string(legal.front()));
  else
    error = fmt::format("'{}' is not a legal move for {} in this position", text, who);
  return std::nullopt;
}

std::vector<std::string> history_strings(const State& s) {
  // Rewind a copy to the start of its history (its opening included).
  State replay = s;
  while (replay.ply() > 0) replay.undo();
  std::vector<std::string> out;
  for (const Move& m : s.history()) {
    out.push_back(replay.move_to_string(m));
    replay.apply(m);
  }
  return out;
}

namespace {

// The seat to move named by text: a seat's name, or a side's name, symbol or initial (its
// first seat).
int find_player_named(const Program& p, std::string_view side) {
  std::string want = lower(trim(side));
  if (want.size() > 8 && want.substr(want.size() - 8) == " to move") want = std::string(trim(want.substr(0, want.size() - 8)));
  for (int st = 0; st < p.seat_count(); ++st)
    if (want == lower(p.seats[st].name)) return st;
  auto first_seat = [&](int side) {
    for (int st = 0; st < p.seat_count(); ++st)
      if (p.seats[st].side == side) return st;
    return -1;
  };
  for (int pl = 0; pl < p.player_count(); ++pl)
    if (want == lower(p.players[pl].name) || want == lower(p.players[pl].symbol)) return first_seat(pl);
  for (int pl = 0; pl < p.player_count(); ++pl)
    if (want.size() == 1 && want[0] == std::tolower(static_cast<unsigned char>(p.players[pl].name[0]))) return first_seat(pl);
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

std::optional<Position> parse_position(const Program& p, std::string_view text, std::string& error) {
  text = trim(text);
  if (text.find('/') == std::string_view::npos) return parse_piece_list(p, text, error);
  auto rows = board_rows(*p.board);
  Position pos;
  pos.columns.assign(p.cells, {});
  size_t space = text.find_first_of(" \t");
  std::string_view board = text.substr(0, space);
  std::string_view side = space == std::string_view::npos ? std::string_view{} : text.substr(space + 1);
  auto by_symbol = symbols_of(p);
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
      if (!item.empty() && std::all_of(item.begin(), item.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); })) {
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
  return out + " " + p.seats[s.current_seat()].name;
}

}  // namespace tabula
