#include "engine/text/move_text.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <map>

#include "engine/generate.hpp"
#include "engine/legality.hpp"
#include "engine/replay.hpp"
#include "engine/text/text_util.hpp"

namespace tabula {
namespace {

// A square of a move: the cell and the column standing there right after the piece passed
// it (for plain moves, the column that arrives).
using SquareItem = SquareText;

std::string column_string(const Program& p, const Column& c) {
  std::string t;
  for (int l = c.height - 1; l >= 0; --l) t += p.symbol(c.counters[l]);
  return t;
}

// The squares a piece move's text names (every square of a capture path when `all`).
std::vector<SquareItem> move_squares(const State& s, const Move& m, bool all) {
  const Program& p = s.program();
  std::vector<SquareItem> items{{m.from, ""}};
  OverlayStore overlay{s};
  std::vector<int> taken;
  for (int i = 0; i < m.steps; ++i) taken.push_back(m.path[i].taken);
  replay_piece_move(p, m, overlay, [&](int cell, const Column& col) {
    bool jumped = std::find(taken.begin(), taken.end(), cell) != taken.end() && cell != m.to;
    if (jumped && !all) return;
    items.push_back({cell, column_string(p, col)});
  });
  return items;
}

}  // namespace

namespace {

// A promotion the mover chose among several kinds: "=" and the kind's symbol (or name).
std::string chosen_kind(const Program& p, const Move& m) {
  if (!m.promotion || p.promotions[m.promotion - 1].choices < 2) return "";
  const int k = p.promotions[m.promotion - 1].to_kind;
  if (k < 0) return "=none";
  const KindDef& kind = p.kinds[k];
  return "=" + (!kind.symbols.empty() && !kind.symbols[0].empty() ? kind.symbols[0] : kind.name);
}

}  // namespace

std::string piece_move_text(const State& s, const Move& m) {
  const Program& p = s.program();
  const BoardGraph& b = *p.board;
  if (m.steps == 0) {  // written without columns, as in the seed texts
    const std::string& sep = m.captures ? p.notation.capture_separator : p.notation.step_separator;
    return b.cell(m.from).name + sep + b.cell(m.to).name + chosen_kind(p, m);
  }
  std::string out;
  auto squares = move_squares(s, m, p.notation.all_squares);
  for (size_t i = 0; i < squares.size(); ++i) {
    if (i) out += p.notation.capture_separator;
    out += b.cell(squares[i].cell).name;
    if (p.notation.columns && i > 0) out += squares[i].column;  // the start square is left behind
  }
  return out + chosen_kind(p, m);
}

std::string promotion_mark(const Program& p, const Move& m) {
  return m.promotion ? p.promotions[m.promotion - 1].mark : std::string();
}

std::string placement_text(const State& s, const Move& m) {
  return s.program().symbol(m.arg) + "@" + s.program().board->cell(m.to).name;
}

std::string move_text(const State& s, const Move& m) {
  if (m.kind == Move::pass) return "pass";
  return s.program().makers[m.maker]->text(s, m);
}

namespace {

// Where the piece on `from` may go now (the distinct ends of its legal moves), so a refused
// move says what the rules allow instead.
std::string where_it_may_go(const State& s, const MoveList& legal, int from) {
  const BoardGraph& b = *s.program().board;
  std::vector<std::string> targets;
  for (const Move& m : legal)
    if (m.kind == Move::piece && m.from == from && m.to >= 0 &&
        std::find(targets.begin(), targets.end(), b.cell(m.to).name) == targets.end())
      targets.push_back(b.cell(m.to).name);
  if (targets.empty()) return fmt::format("the piece on {} has no legal move now", b.cell(from).name);
  std::string list;
  for (const auto& t : targets) list += (list.empty() ? "" : ", ") + t;
  return fmt::format("the piece on {} may go to {} now", b.cell(from).name, list);
}

std::optional<Move> parse_squares(const State& s, std::string_view text, const MoveList& legal, std::string& error) {
  const Program& p = s.program();
  const std::string& who = p.players[s.current_player()].name;
  // Squares separated by '-', 'x', ':' (or '*', '/', '~'); a separator is only one where
  // what precedes it is a square (cell names may contain letters such as x).
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
    if (!item->column.empty() && p.board->find_cell(item->column) != kNoCell) {  // c1c3: two squares, no separator
      error =
          fmt::format("'{}' is not a move: separate its squares with '{}' ({}{}{})", text, p.notation.step_separator,
                      p.board->cell(item->cell).name, p.notation.step_separator, item->column);
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
    if (m.kind != Move::piece) continue;
    for (bool all : {true, false}) {
      auto squares = move_squares(s, m, all);
      if (squares.size() != typed.size()) continue;
      bool same = true;
      for (size_t i = 0; i < squares.size() && same; ++i) same = squares[i].cell == typed[i].cell;
      if (!same) continue;
      for (size_t i = 1; i < squares.size(); ++i)
        if (!typed[i].column.empty() && typed[i].column != squares[i].column) {
          error =
              fmt::format("'{}': after this move {} holds '{}', not '{}'", text, p.board->cell(squares[i].cell).name,
                          squares[i].column.empty() ? "nothing" : squares[i].column, typed[i].column);
          return std::nullopt;
        }
      if (m.promotion && p.promotions[m.promotion - 1].choices > 1) {
        std::string offers;
        for (const Move& o : legal)
          if (o.kind == Move::piece && o.from == m.from && o.to == m.to && o.steps == m.steps)
            offers += (offers.empty() ? "" : ", ") + move_text(s, o);
        error = fmt::format("'{}' promotes: say to which kind ({})", text, offers);
        return std::nullopt;
      }
      if (m.steps == 0 && !m.captures && text.find('x') != std::string_view::npos &&
          p.notation.capture_separator == "x") {
        error = fmt::format("'{}' is marked as a capture, but {} is empty", text, p.board->cell(m.to).name);
        return std::nullopt;
      }
      return m;
    }
  }
  int from = typed[0].cell;
  std::string from_name = p.board->cell(from).name;
  bool must_take = p.captures && p.captures->compulsory && !legal.empty() && legal.front().kind == Move::piece &&
                   legal.front().steps > 0;
  if (!s.at(from)) error = fmt::format("'{}' is not legal: there is no piece on {}", text, from_name);
  else if (p.owner(s.at(from)) != s.current_player())
    error =
        fmt::format("'{}' is not legal: the piece on {} is not {}'s, and it is {}'s turn", text, from_name, who, who);
  else if (must_take)
    error = fmt::format("'{}' is not legal: {} must take (for example {})", text, who, move_text(s, legal.front()));
  else error = fmt::format("'{}' is not legal: {}", text, where_it_may_go(s, legal, from));
  return std::nullopt;
}

// `text` read as one of `legal` (the moves listed for `s`); nullopt and why not.
std::optional<Move> parse_among(const State& s, std::string_view text, const MoveList& legal, std::string& error) {
  const Program& p = s.program();
  const std::string& who = p.players[s.current_player()].name;
  if (text == "pass" || text == p.notation.pass) {
    for (const Move& m : legal)
      if (m.kind == Move::pass) return m;
    error = fmt::format("{} may not pass: a move is available", who);
    return std::nullopt;
  }
  // Placements and decisions are matched by their text (a few per position), and so are
  // piece moves written as the engine writes them (a promotion's choice: e7-e8=N).
  for (const Move& m : legal)
    if (m.kind != Move::pass && move_text(s, m) == text) return m;
  if (auto at = text.find('@'); at != std::string_view::npos) {  // a placement: W@e4
    int cell = p.board->find_cell(text.substr(at + 1));
    if (cell == kNoCell) {
      error = fmt::format("'{}' is not a cell of this board", text.substr(at + 1));
      return std::nullopt;
    }
    const Move* placing = nullptr;
    for (const Move& m : legal)
      if (m.kind == Move::place) placing = placing ? placing : &m;
    error = placing
                ? fmt::format("'{}' is not a legal placement: place {} on an empty cell", text, p.symbol(placing->arg))
                : fmt::format("'{}' is not legal: {} moves a piece now, it does not place one", text, who);
    return std::nullopt;
  }
  bool word = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalpha(static_cast<unsigned char>(c)) || c == ':' || c == '-';
  });
  bool decisions = std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == Move::decision; });
  bool pieces = std::any_of(legal.begin(), legal.end(), [](const Move& m) { return m.kind == Move::piece; });
  if (decisions &&
      (!pieces || (word && p.board->find_cell(text) == kNoCell && text.find('-') == std::string_view::npos))) {
    std::string first;
    for (const Move& m : legal)
      if (m.kind == Move::decision) {
        first = move_text(s, m);
        break;
      }
    error = fmt::format("'{}' is not legal now; legal: {}{}", text, first, legal.size() > 1 ? ", ..." : "");
    return std::nullopt;
  }
  return parse_squares(s, text, legal, error);
}

// Why `text` names no legal move when it names a move that a promotion rule or a `legal if`
// rule refuses ("" when it does not): the refusal names that rule.
std::string refusing_rule(const State& s, std::string_view text, const MoveList& legal) {
  const Program& p = s.program();
  // A promotion to a kind the rules do not offer (e7-e8=K): the kinds they offer.
  if (auto eq = text.rfind('='); eq != std::string_view::npos && eq > 0) {
    const std::string base(text.substr(0, eq + 1));
    std::string offers;
    int count = 0;
    for (const Move& m : legal)
      if (const std::string t = move_text(s, m); t.rfind(base, 0) == 0) {
        offers += (offers.empty() ? "" : ", ") + t;
        ++count;
      }
    if (count > 0)
      return fmt::format("'{}' is not legal: the rules promote there to {} only ({})", text,
                         count == 1 ? "one kind" : std::to_string(count) + " kinds", offers);
  }
  if (p.legal_if.empty()) return "";
  MoveList listed;
  generate_listed_moves(s, listed);
  std::string ignored;
  auto m = parse_among(s, text, listed, ignored);
  if (!m) return "";
  const int rule = forbidding_rule(s, *m);
  return rule < 0 ? "" : fmt::format("'{}' is not legal: {} forbids it", text, p.legal_if_text.at(rule));
}

}  // namespace

std::optional<Move> parse_move(const State& s, std::string_view text, std::string& error) {
  text = trim(text);
  if (s.is_terminal()) {
    error = fmt::format("the game is over, so '{}' cannot be played", text);
    return std::nullopt;
  }
  MoveList legal;
  generate_moves(s, legal);
  if (auto m = parse_among(s, text, legal, error)) return m;
  if (std::string why = refusing_rule(s, text, legal); !why.empty()) error = why;
  return std::nullopt;
}

std::vector<std::string> history_strings(const State& s) {
  // Rewind a copy to the start of its history (its opening included).
  State replay = s;
  while (!replay.history().empty()) replay.undo();
  std::vector<std::string> out;
  for (const Move& m : s.history()) {
    out.push_back(move_text(replay, m));
    replay.apply_unchecked(m);
  }
  return out;
}

}  // namespace tabula
