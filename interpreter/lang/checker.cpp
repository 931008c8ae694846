#include "lang/checker.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <functional>
#include <map>
#include <set>

#include "engine/move.hpp"
#include "lang/ast_print.hpp"
#include "lang/name_suggest.hpp"

namespace tabula {
namespace {

std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

// The choices of an `a|b|c` expression (or the single expression itself).
std::vector<const Expr*> choices(const Expr& e) {
  std::vector<const Expr*> out;
  if (e.kind == Expr::Kind::alternatives)
    for (const auto& a : e.args) out.push_back(&a);
  else
    out.push_back(&e);
  return out;
}

const std::vector<std::string> kStatements = {"game",     "board",   "variant", "player",  "piece",
                                              "setup",    "move",    "after-move", "no-move", "limit",
                                              "option",   "notation", "stacking", "zone",    "promote",
                                              "captures", "seats",    "reserve", "turn",
                                              "opening",  "capture", "score",    "offer",
                                              "ring",     "region",  "mark",     "interchange",
                                              "budget",   "once-per-turn", "when"};

class Checker {
 public:
  Checker(std::shared_ptr<const BoardGraph> board, Diagnostics& diags) : board_(std::move(board)), diags_(diags) {}

  std::shared_ptr<Program> run(const RulesFile& rules) {
    prog_ = std::make_shared<Program>();
    prog_->rules_path = rules.path;
    prog_->board = board_;
    if (board_) precompute_board_data(*prog_);
    // Declarations first, so uses may come before or after them.
    for (const auto& s : rules.statements) declare(s);
    if (prog_->players.empty() && !rules.statements.empty())
      error(rules.statements.front().pos, "the rules declare no players; add `player NAME` lines in turn order");
    if (prog_->kinds.empty() && !rules.statements.empty())
      error(rules.statements.front().pos, "the rules declare no piece kinds; add a `piece NAME` line");
    if (board_) prog_->setup.assign(board_->cell_count(), 0);
    for (const auto& s : rules.statements)
      if (s.keyword == "zone") define_zone(s);  // zones before the rules that use them
    define_seats(rules);                         // seats before the movements (directions)
    for (const auto& s : rules.statements)       // rings and the region before their uses
      if (s.keyword == "ring") define_ring(s);
    for (const auto& s : rules.statements)
      if (s.keyword == "region") define_region(s);
    for (const auto& s : rules.statements) define(s);
    check_partial_turns(rules);
    if (!saw_game_) prog_->name = rules.path;
    if (board_ && !rules.statements.empty()) check_limits(rules.statements.front().pos);
    if (board_) precompute_hash_keys(*prog_);
    if (diags_.has_errors()) return nullptr;
    return prog_;
  }

 private:
  // ---------------------------------------------------------------- reporting helpers
  void error(const SourcePos& pos, std::string msg) { diags_.error(pos, std::move(msg)); }

  // Checks the shape of a statement: positional count, named args, and which parts it has.
  bool shape(const Statement& s, size_t min_pos, size_t max_pos, const std::vector<std::string>& named,
             bool condition = false, bool items = false, bool block = false) {
    bool ok = true;
    size_t positional = 0;
    for (const auto& a : s.args) {
      if (a.name.empty()) {
        ++positional;
        continue;
      }
      if (std::find(named.begin(), named.end(), a.name) == named.end()) {
        error(a.pos, named.empty() ? fmt::format("'{}' takes no named arguments, but has '{}='", s.keyword, a.name)
                                   : fmt::format("unknown argument '{}' for '{}'; expected one of: {}", a.name,
                                                 s.keyword, join(named)));
        ok = false;
      }
    }
    if (positional < min_pos || positional > max_pos) {
      std::string want = min_pos == max_pos ? std::to_string(min_pos) : fmt::format("{} to {}", min_pos, max_pos);
      if (max_pos == SIZE_MAX) want = fmt::format("at least {}", min_pos);
      error(s.pos, fmt::format("'{}' takes {} positional argument{}, but has {}", s.keyword, want,
                               max_pos == 1 && min_pos == 1 ? "" : "s", positional));
      ok = false;
    }
    if (s.has_condition && !condition) error(s.condition.pos, fmt::format("'{}' takes no `if` condition", s.keyword)), ok = false;
    if (s.has_items && !items) error(s.pos, fmt::format("'{}' takes no ':' list", s.keyword)), ok = false;
    if (s.has_block && !block) error(s.pos, fmt::format("'{}' takes no {{ }} block", s.keyword)), ok = false;
    return ok;
  }

  std::vector<const Arg*> positional(const Statement& s) {
    std::vector<const Arg*> out;
    for (const auto& a : s.args)
      if (a.name.empty()) out.push_back(&a);
    return out;
  }
  const Arg* named(const Statement& s, std::string_view name) {
    for (const auto& a : s.args)
      if (a.name == name) return &a;
    return nullptr;
  }

  bool identifier(const Expr& e, std::string_view what) {
    if (e.kind == Expr::Kind::identifier) return true;
    error(e.pos, fmt::format("expected {} (a name), found '{}'", what, to_string(e)));
    return false;
  }
  bool string_value(const Expr& e, std::string_view what, std::string& out) {
    if (e.kind == Expr::Kind::string) {
      out = e.text;
      return true;
    }
    error(e.pos, fmt::format("expected {} as a \"quoted string\", found '{}'", what, to_string(e)));
    return false;
  }
  bool number_value(const Expr& e, std::string_view what, long long lo, long long hi, long long& out) {
    if (e.kind == Expr::Kind::number || (e.kind == Expr::Kind::unary && e.text == "-" && e.args[0].kind == Expr::Kind::number)) {
      out = e.kind == Expr::Kind::number ? e.number : -e.args[0].number;
      if (out < lo || out > hi) {
        error(e.pos, fmt::format("{} must be between {} and {}, not {}", what, lo, hi, out));
        return false;
      }
      return true;
    }
    error(e.pos, fmt::format("expected {} (a number), found '{}'", what, to_string(e)));
    return false;
  }

  void unknown_name(const Expr& e, std::string_view what, const std::vector<std::string>& known) {
    std::string msg = fmt::format("unknown {} '{}'", what, e.text);
    std::string guess = closest_name(e.text, known);
    if (!guess.empty()) msg += fmt::format("; did you mean '{}'?", guess);
    else if (!known.empty() && known.size() <= 12) msg += fmt::format("; expected one of: {}", join(known));
    error(e.pos, msg);
  }

  // ---------------------------------------------------------------- names
  int find_player(std::string_view n) const {
    for (size_t i = 0; i < prog_->players.size(); ++i)
      if (prog_->players[i].name == n) return static_cast<int>(i);
    return -1;
  }
  int find_kind(std::string_view n) const {
    for (size_t i = 0; i < prog_->kinds.size(); ++i)
      if (prog_->kinds[i].name == n) return static_cast<int>(i);
    return -1;
  }
  std::vector<std::string> player_names() const {
    std::vector<std::string> v;
    for (const auto& p : prog_->players) v.push_back(p.name);
    return v;
  }
  std::vector<std::string> kind_names() const {
    std::vector<std::string> v;
    for (const auto& k : prog_->kinds) v.push_back(k.name);
    return v;
  }
  std::vector<std::string> cell_names() const {
    std::vector<std::string> v;
    for (int c = 0; c < board_->cell_count(); ++c) v.push_back(board_->cell(c).name);
    return v;
  }

  // Cells named by a setup item: a cell, a zone, or a straight range a..b.
  bool cells_of(const Expr& e, std::vector<int>& out) {
    if (!board_) return false;
    if (e.kind == Expr::Kind::identifier) {
      int c = board_->find_cell(e.text);
      if (c != kNoCell) return out.push_back(c), true;
      if (const auto* z = board_->find_zone(e.text)) return out.insert(out.end(), z->begin(), z->end()), true;
      std::vector<std::string> known = cell_names();
      for (const auto& [name, cells] : board_->zones()) known.push_back(name);
      unknown_name(e, "cell or zone", known);
      return false;
    }
    if (e.kind == Expr::Kind::range && e.args[0].kind == Expr::Kind::identifier && e.args[1].kind == Expr::Kind::identifier) {
      int a = board_->find_cell(e.args[0].text), b = board_->find_cell(e.args[1].text);
      if (a == kNoCell) unknown_name(e.args[0], "cell", cell_names());
      if (b == kNoCell) unknown_name(e.args[1], "cell", cell_names());
      if (a == kNoCell || b == kNoCell) return false;
      if (a == b) return out.push_back(a), true;
      for (int d = 0; d < prog_->dirs; ++d) {
        const int16_t* ray = prog_->ray(a, d);
        for (int k = 0; k < prog_->ray_len(a, d); ++k)
          if (ray[k] == b) {
            out.push_back(a);
            out.insert(out.end(), ray, ray + k + 1);
            return true;
          }
      }
      error(e.pos, fmt::format("'{}' is not a straight line of cells: {} and {} are not on one line of the board",
                               to_string(e), e.args[0].text, e.args[1].text));
      return false;
    }
    error(e.pos, fmt::format("expected a cell, a zone or a range such as b1..g1, found '{}'", to_string(e)));
    return false;
  }

  // Board directions for `player` named by a direction expression: board directions,
  // direction groups, and relative names from the player's orientation, joined with `|`.
  bool directions_of(const Expr& e, int seat, std::vector<int>& out, bool report) {
    bool ok = true;
    for (const Expr* c : choices(e)) {
      if (c->kind != Expr::Kind::identifier) {
        if (report) error(c->pos, fmt::format("expected a direction name such as 'n' or 'forward', found '{}'", to_string(*c)));
        ok = false;
        continue;
      }
      int d = board_->find_direction(c->text);
      if (d != kNoDirection) {
        out.push_back(d);
        continue;
      }
      if (const auto* g = board_->find_direction_group(c->text)) {
        out.insert(out.end(), g->begin(), g->end());
        continue;
      }
      const Orientation* o = prog_->seats[seat].orientation;
      if (o) {
        auto it = o->relative.find(c->text);
        if (it != o->relative.end()) {
          out.push_back(it->second);
          continue;
        }
      }
      ok = false;
      if (!report) continue;
      bool relative_somewhere = false;
      for (const auto& orient : board_->orientations()) relative_somewhere |= orient.relative.count(c->text) > 0;
      if (relative_somewhere && !o) {
        error(c->pos, fmt::format("'{}' is relative to a player's orientation, but {} '{}' has none; add "
                                  "facing=... to its `{}` line",
                                  c->text, seats_declared_ ? "seat" : "player", prog_->seats[seat].name,
                                  seats_declared_ ? "seats" : "player"));
        continue;
      }
      std::vector<std::string> known;
      for (int k = 0; k < board_->direction_count(); ++k) known.push_back(board_->direction(k).name);
      for (const auto& [name, dirs] : board_->direction_groups()) known.push_back(name);
      if (o)
        for (const auto& [name, dir] : o->relative) known.push_back(name);
      unknown_name(*c, "direction", known);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return ok;
  }

  // ---------------------------------------------------------------- pass 1: declarations
  void declare(const Statement& s) {
    if (s.keyword == "player") return declare_player(s);
    if (s.keyword == "piece") return declare_piece(s);
    if (s.keyword == "stacking") return define_stacking(s);
  }

  void declare_player(const Statement& s) {
    shape(s, 1, 1, {"symbol", "facing"});
    auto pos = positional(s);
    if (pos.empty() || !identifier(pos[0]->value, "a player name")) return;
    const std::string& name = pos[0]->value.text;
    if (find_player(name) >= 0) return error(pos[0]->pos, fmt::format("player '{}' is declared twice", name));
    if (prog_->players.size() >= 4) return error(s.pos, "at most 4 players are supported");
    PlayerDef p;
    p.name = name;
    p.symbol = std::string(1, name[0]);
    if (const Arg* a = named(s, "symbol")) string_or_name(a->value, p.symbol);
    if (const Arg* a = named(s, "facing"); a && board_ && identifier(a->value, "an orientation")) {
      p.orientation = board_->find_orientation(a->value.text);
      if (!p.orientation) {
        std::vector<std::string> known;
        for (const auto& o : board_->orientations()) known.push_back(o.name);
        unknown_name(a->value, "orientation", known);
      }
    }
    prog_->players.push_back(std::move(p));
  }

  void string_or_name(const Expr& e, std::string& out) {
    if (e.kind == Expr::Kind::string || e.kind == Expr::Kind::identifier) out = e.text;
    else error(e.pos, fmt::format("expected a symbol such as \"B\", found '{}'", to_string(e)));
  }

  void declare_piece(const Statement& s) {
    shape(s, 1, 1, {"value", "symbol", "owner", "capturable"});
    auto pos = positional(s);
    if (pos.empty() || !identifier(pos[0]->value, "a piece kind name")) return;
    const std::string& name = pos[0]->value.text;
    if (find_kind(name) >= 0) return error(pos[0]->pos, fmt::format("piece kind '{}' is declared twice", name));
    if (prog_->kinds.size() >= 8) return error(s.pos, "at most 8 piece kinds are supported");
    KindDef k;
    k.name = name;
    long long v = 1;
    if (const Arg* a = named(s, "value"); a && number_value(a->value, "a piece value", -1000, 1000, v)) k.value = static_cast<int>(v);
    if (const Arg* a = named(s, "symbol"))
      for (const Expr* c : choices(a->value)) {
        std::string sym;
        string_or_name(*c, sym);
        k.symbols.push_back(sym);
      }
    // `owner=PLAYER`: only that player has pieces of this kind; its one symbol is theirs.
    if (const Arg* a = named(s, "owner"); a && identifier(a->value, "a player")) {
      int owner = find_player(a->value.text);
      if (owner < 0) unknown_name(a->value, "player", player_names());
      else {
        k.owner = owner;
        if (k.symbols.size() == 1) {
          std::string sym = k.symbols[0];
          k.symbols.assign(owner + 1, "");
          k.symbols[owner] = sym;
        }
      }
    }
    if (const Arg* a = named(s, "capturable")) {
      if (a->value.kind == Expr::Kind::identifier && (a->value.text == "yes" || a->value.text == "no"))
        k.capturable = a->value.text == "yes";
      else
        error(a->value.pos, fmt::format("expected yes or no, found '{}'", to_string(a->value)));
    }
    prog_->kinds.push_back(std::move(k));
  }

  // `seats { NAME side=PLAYER [kinds=K|K] [facing=O] [controls=ZONE] ... }`: the turn order,
  // when it is not simply one turn per player.
  void define_seats(const RulesFile& rules) {
    const Statement* found = nullptr;
    for (const auto& s : rules.statements)
      if (s.keyword == "seats") {
        if (found) error(s.pos, "the seats are declared twice");
        else found = &s;
      }
    if (!found) {
      for (int pl = 0; pl < prog_->player_count(); ++pl)
        prog_->seats.push_back({prog_->players[pl].name, pl, prog_->players[pl].orientation, 0xFFFFFFFFu, -1});
      return;
    }
    seats_declared_ = true;
    if (!shape(*found, 0, 0, {}, false, false, true)) return;
    for (const auto& line : found->block) {
      SeatDef seat;
      seat.name = line.keyword;
      if (!shape(line, 0, 0, {"side", "kinds", "facing", "controls"})) continue;
      for (const auto& other : prog_->seats)
        if (other.name == seat.name) error(line.pos, fmt::format("seat '{}' is declared twice", seat.name));
      const Arg* side = named(line, "side");
      if (!side) {
        error(line.pos, fmt::format("seat '{}' needs side=PLAYER (whose pieces it moves)", seat.name));
        continue;
      }
      if (!identifier(side->value, "a player")) continue;
      seat.side = find_player(side->value.text);
      if (seat.side < 0) {
        unknown_name(side->value, "player", player_names());
        continue;
      }
      seat.orientation = prog_->players[seat.side].orientation;
      if (const Arg* kinds = named(line, "kinds")) {
        seat.kinds = 0;
        for (const Expr* c : choices(kinds->value)) {
          if (!identifier(*c, "a piece kind")) continue;
          int k = find_kind(c->text);
          if (k < 0) unknown_name(*c, "piece kind", kind_names());
          else seat.kinds |= 1u << k;
        }
      }
      if (const Arg* a = named(line, "facing"); a && board_ && identifier(a->value, "an orientation")) {
        seat.orientation = board_->find_orientation(a->value.text);
        if (!seat.orientation) {
          std::vector<std::string> known;
          for (const auto& o : board_->orientations()) known.push_back(o.name);
          unknown_name(a->value, "orientation", known);
        }
      }
      if (const Arg* a = named(line, "controls")) seat.region = find_zone(a->value);
      prog_->seats.push_back(seat);
    }
    if (prog_->seats.empty()) error(found->pos, "the seats block declares no seat");
    if (prog_->seats.size() > 16) error(found->pos, "at most 16 seats are supported");
  }

  // Limits of the engine that a rules file could exceed, each with its own error.
  void check_limits(const SourcePos& at) {
    if (prog_->has_hops) {
      // A capture takes each enemy piece at most once (a column's counters one by one), so
      // a side's pieces bound the chain.
      std::vector<int> pieces(prog_->player_count(), 0);
      for (uint8_t code : prog_->setup)
        if (code) ++pieces[prog_->owner(code)];
      for (int pl = 0; pl < static_cast<int>(prog_->reserves.size()); ++pl)
        for (int n : prog_->reserves[pl]) pieces[pl] += n;
      for (int pl = 0; pl < prog_->player_count(); ++pl)
        if (pieces[pl] > Move::kMaxHops)
          error(at, fmt::format("{} has {} pieces, but a capture sequence may take at most {} (the engine's limit)",
                                prog_->players[pl].name, pieces[pl], Move::kMaxHops));
    }
    if (prog_->uses_line_counts)
      for (int c = 0; c < prog_->cells; ++c)
        for (int d = 0; d < prog_->dirs; ++d) {
          int o = board_->direction(d).opposite;
          if (o != kNoDirection && prog_->ray_len(c, d) + prog_->ray_len(c, o) + 1 > 255)
            return error(at, "count(line) counts at most 255 pieces, and a line of this board is longer");
        }
    // Move text must read back: separators hold no letter, digit or blank, nor a symbol.
    for (const std::string* sep : {&prog_->notation.step_separator, &prog_->notation.capture_separator}) {
      bool ok = !sep->empty();
      for (char ch : *sep) ok = ok && (ch == '-' || ch == ':' || ch == 'x' || ch == '*' || ch == '/' || ch == '~');
      if (*sep == "x") ok = true;
      if (!ok)
        error(notation_pos_.line ? notation_pos_ : at,
              fmt::format("the separator \"{}\" cannot be read back from move text; use -, :, x, *, / or ~", *sep));
    }
  }

  // ---------------------------------------------------------------- pass 2: definitions
  void define(const Statement& s) {
    static const std::map<std::string, void (Checker::*)(const Statement&)> handlers = {
        {"game", &Checker::define_game},       {"board", &Checker::define_board},
        {"variant", &Checker::define_variant}, {"player", &Checker::define_nothing},
        {"piece", &Checker::define_nothing},   {"setup", &Checker::define_setup},
        {"move", &Checker::define_move},       {"after-move", &Checker::define_after_move},
        {"no-move", &Checker::define_no_move}, {"limit", &Checker::define_limit},
        {"option", &Checker::define_option},   {"notation", &Checker::define_notation},
        {"stacking", &Checker::define_nothing}, {"zone", &Checker::define_nothing},
        {"promote", &Checker::define_promote}, {"captures", &Checker::define_captures},
        {"seats", &Checker::define_nothing}, {"reserve", &Checker::define_reserve},
        {"turn", &Checker::define_turn}, {"opening", &Checker::define_opening},
        {"capture", &Checker::define_capture}, {"score", &Checker::define_score},
        {"offer", &Checker::define_offer},     {"ring", &Checker::define_nothing},
        {"region", &Checker::define_nothing},  {"mark", &Checker::define_mark},
        {"interchange", &Checker::define_interchange}, {"budget", &Checker::define_budget},
        {"once-per-turn", &Checker::define_once_per_turn}, {"when", &Checker::define_when}};
    auto it = handlers.find(s.keyword);
    if (it == handlers.end()) {
      std::string msg = fmt::format("unknown statement '{}'", s.keyword);
      std::string guess = closest_name(s.keyword, kStatements);
      msg += guess.empty() ? fmt::format("; expected one of: {}", join(kStatements)) : fmt::format("; did you mean '{}'?", guess);
      return error(s.pos, msg);
    }
    (this->*(it->second))(s);
  }

  void define_nothing(const Statement&) {}

  void define_game(const Statement& s) {
    if (!shape(s, 1, 1, {})) return;
    saw_game_ = true;
    string_value(s.args[0].value, "the game's name", prog_->name);
  }

  void define_board(const Statement& s) { shape(s, 1, 1, {}); }  // loaded before checking

  // `variant "Name" extends "base.rules"`: merged before checking; only the name is left.
  void define_variant(const Statement& s) {
    if (!shape(s, 3, 3, {})) return;
    saw_game_ = true;
    string_value(s.args[0].value, "the variant's name", prog_->name);
  }

  void define_setup(const Statement& s) {
    if (!shape(s, 0, 0, {}, false, false, true) || !board_) return;
    std::vector<int> owner_of(board_->cell_count(), -1);
    for (const auto& line : s.block) {
      if (line.keyword == "diagram") {
        setup_diagram(line);
        continue;
      }
      // PLAYER KIND: cells...
      int player = find_player(line.keyword);
      if (player < 0) {
        unknown_name(Expr{Expr::Kind::identifier, line.pos, line.keyword, 0, {}}, "player", player_names());
        continue;
      }
      auto pos = positional(line);
      if (pos.size() != 1 || !line.has_items || line.has_block || line.has_condition || pos.size() != line.args.size()) {
        error(line.pos, fmt::format("expected `{} KIND: cells...` in the setup block", line.keyword));
        continue;
      }
      if (!identifier(pos[0]->value, "a piece kind")) continue;
      int kind = find_kind(pos[0]->value.text);
      if (kind < 0) {
        unknown_name(pos[0]->value, "piece kind", kind_names());
        continue;
      }
      if (!prog_->kind_allowed(player, kind)) {
        error(pos[0]->pos, fmt::format("pieces of kind '{}' belong to {} only", pos[0]->value.text,
                                       prog_->players[prog_->kinds[kind].owner].name));
        continue;
      }
      for (const auto& item : line.items) {
        if (!item.name.empty()) {
          error(item.pos, "expected a cell, a zone or a range such as b1..g1 in the setup list");
          continue;
        }
        std::vector<int> cells;
        cells_of(item.value, cells);
        for (int c : cells) {
          if (prog_->setup[c]) {
            error(item.pos, fmt::format("cell {} is given two pieces in the setup", board_->cell(c).name));
            continue;
          }
          prog_->setup[c] = prog_->piece_code(player, kind);
        }
      }
    }
  }

  // `diagram """..."""`: one text line per board row (top row first), one symbol per cell of
  // that row in drawing order; `-` or `.` is an empty cell.
  void setup_diagram(const Statement& line) {
    if (!shape(line, 1, 1, {}) || !string_value(line.args[0].value, "the diagram", diagram_text_)) return;
    std::map<double, std::vector<int>, std::greater<>> rows;
    for (int c = 0; c < board_->cell_count(); ++c) rows[board_->cell(c).y].push_back(c);
    for (auto& [y, cells] : rows)
      std::sort(cells.begin(), cells.end(), [&](int a, int b) { return board_->cell(a).x < board_->cell(b).x; });
    std::map<std::string, uint8_t> by_symbol;
    for (int p = 0; p < prog_->player_count(); ++p)
      for (int k = 0; k < prog_->kind_count(); ++k)
        if (prog_->kind_allowed(p, k)) by_symbol.emplace(prog_->symbol(prog_->piece_code(p, k)), prog_->piece_code(p, k));
    std::vector<std::vector<std::string>> text_rows;
    size_t start = 0;
    while (start <= diagram_text_.size()) {
      size_t nl = diagram_text_.find('\n', start);
      std::string row = diagram_text_.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
      std::vector<std::string> tokens;
      size_t i = 0;
      while (i < row.size()) {
        while (i < row.size() && (row[i] == ' ' || row[i] == '\t')) ++i;
        size_t j = i;
        while (j < row.size() && row[j] != ' ' && row[j] != '\t') ++j;
        if (j > i) tokens.push_back(row.substr(i, j - i));
        i = j;
      }
      if (!tokens.empty()) text_rows.push_back(tokens);
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
    const SourcePos& at = line.args[0].value.pos;
    if (text_rows.size() != rows.size())
      return error(at, fmt::format("the diagram has {} row{}, but the board has {}", text_rows.size(),
                                   text_rows.size() == 1 ? "" : "s", rows.size()));
    size_t r = 0;
    for (auto& [y, cells] : rows) {
      const auto& tokens = text_rows[r++];
      if (tokens.size() != cells.size()) {
        error(at, fmt::format("diagram row {} has {} cells, but that board row has {}", r, tokens.size(), cells.size()));
        continue;
      }
      for (size_t i = 0; i < cells.size(); ++i) {
        if (tokens[i] == "-" || tokens[i] == ".") continue;
        auto it = by_symbol.find(tokens[i]);
        if (it == by_symbol.end()) {
          error(at, fmt::format("diagram row {}: unknown piece symbol '{}'", r, tokens[i]));
          continue;
        }
        if (prog_->setup[cells[i]]) {
          error(at, fmt::format("cell {} is given two pieces in the setup", board_->cell(cells[i]).name));
          continue;
        }
        prog_->setup[cells[i]] = it->second;
      }
    }
  }

  void define_move(const Statement& s) {
    if (!shape(s, 1, 1, {}, false, false, true)) return;
    uint32_t kinds = 0;
    for (const Expr* c : choices(s.args[0].value)) {
      if (!identifier(*c, "a piece kind")) continue;
      int k = find_kind(c->text);
      if (k < 0) unknown_name(*c, "piece kind", kind_names());
      else kinds |= 1u << k;
    }
    for (const auto& r : s.block) define_move_rule(r, kinds);
  }

  void define_move_rule(const Statement& s, uint32_t kinds) {
    static const std::vector<std::string> rule_names = {"step", "slide", "line", "hop", "jump", "run"};
    MoveRule rule;
    rule.pos = s.pos;
    rule.kinds = kinds;
    if (s.keyword == "step") rule.type = MoveRule::Type::step;
    else if (s.keyword == "slide") rule.type = MoveRule::Type::slide;
    else if (s.keyword == "line") rule.type = MoveRule::Type::line;
    else if (s.keyword == "hop") rule.type = MoveRule::Type::hop;
    else if (s.keyword == "jump") rule.type = MoveRule::Type::jump;
    else if (s.keyword == "run") rule.type = MoveRule::Type::run;
    else {
      std::string msg = fmt::format("unknown movement '{}'", s.keyword);
      std::string guess = closest_name(s.keyword, rule_names);
      msg += guess.empty() ? fmt::format("; expected one of: {}", join(rule_names)) : fmt::format("; did you mean '{}'?", guess);
      return error(s.pos, msg);
    }
    std::vector<std::string> allowed = {"dirs", "land"};
    if (rule.type == MoveRule::Type::line) allowed = {"dirs", "distance", "over", "land"};
    if (rule.type == MoveRule::Type::hop) allowed = {"dirs", "take"};
    if (rule.type == MoveRule::Type::jump) allowed = {"dirs", "over", "over-kinds"};
    if (rule.type == MoveRule::Type::run) allowed = {"ring", "discount"};
    if (rule.type == MoveRule::Type::step || rule.type == MoveRule::Type::slide || rule.type == MoveRule::Type::run)
      allowed.insert(allowed.end(), {"cost", "max", "unless"});
    if (!shape(s, 0, 0, allowed, rule.type != MoveRule::Type::hop)) return;
    if (s.has_condition) {
      movement_context_ = true;
      rule.has_condition = condition(s.condition, rule.condition);
      movement_context_ = false;
      if (!rule.has_condition) return;
    }
    if (!partial_move_args(s, rule)) return;
    if (rule.type == MoveRule::Type::run) {
      if (prog_->moves.size() >= 255) return error(s.pos, "too many movement rules (at most 255)");
      rule.dirs.resize(prog_->seat_count());
      prog_->moves.push_back(std::move(rule));
      return;
    }
    const Arg* dirs = named(s, "dirs");
    if (!dirs) return error(s.pos, fmt::format("'{}' needs dirs=... (for example dirs=all or dirs=forward)", s.keyword));
    if (!board_) return;
    rule.dirs.resize(prog_->seat_count());
    for (int st = 0; st < prog_->seat_count(); ++st)
      if (!directions_of(dirs->value, st, rule.dirs[st], st == 0 || !reported_dirs_)) {
        reported_dirs_ = true;
        return;
      }
    if (const Arg* land = named(s, "land")) {
      rule.land = 0;
      for (const Expr* c : choices(land->value)) {
        if (c->kind == Expr::Kind::identifier && c->text == "empty") rule.land |= land_empty;
        else if (c->kind == Expr::Kind::identifier && c->text == "enemy") rule.land |= land_enemy;
        else if (c->kind == Expr::Kind::identifier && c->text == "friend") rule.land |= land_friend;
        else error(c->pos, fmt::format("expected what a move may land on: empty, enemy or friend (joined with |), found '{}'", to_string(*c)));
      }
    }
    if (rule.type == MoveRule::Type::line) {
      const Arg* distance = named(s, "distance");
      if (!distance) return error(s.pos, "'line' needs distance=... (a number, count(line) or neighbours())");
      const Expr& e = distance->value;
      if (e.kind == Expr::Kind::number) {
        long long v;
        if (number_value(e, "the distance", 1, 255, v)) rule.fixed_distance = static_cast<int>(v);
      } else if (e.kind == Expr::Kind::call && e.text == "count" && e.args.size() == 1 &&
                 e.args[0].kind == Expr::Kind::identifier && e.args[0].text == "line") {
        rule.distance = DistanceKind::pieces_on_line;
        prog_->uses_line_counts = true;
      } else if (e.kind == Expr::Kind::call && e.text == "neighbours" && e.args.empty()) {
        rule.distance = DistanceKind::neighbours;
      } else if (e.kind == Expr::Kind::identifier && e.text == "any") {
        rule.distance = DistanceKind::any;
      } else {
        error(e.pos, fmt::format("unsupported distance '{}'; expected a number, count(line) (pieces of both sides on the "
                                 "line moved along), neighbours() (pieces adjacent to the mover) or any",
                                 to_string(e)));
      }
      if (const Arg* over = named(s, "over")) {
        const Expr& o = over->value;
        if (o.kind == Expr::Kind::identifier && o.text == "nothing") rule.over = Over::nothing;
        else if (o.kind == Expr::Kind::identifier && o.text == "friend") rule.over = Over::friends;
        else if (o.kind == Expr::Kind::identifier && o.text == "any") rule.over = Over::anything;
        else error(o.pos, fmt::format("expected what a line move may pass over: nothing, friend or any, found '{}'", to_string(o)));
      }
    }
    if (rule.type == MoveRule::Type::jump) {
      rule.over = Over::friends;
      if (const Arg* over = named(s, "over")) {
        const Expr& o = over->value;
        if (o.kind == Expr::Kind::identifier && o.text == "friend") rule.over = Over::friends;
        else if (o.kind == Expr::Kind::identifier && o.text == "enemy") rule.over = Over::nothing;
        else if (o.kind == Expr::Kind::identifier && o.text == "any") rule.over = Over::anything;
        else error(o.pos, fmt::format("expected what a jump may go over: friend, enemy or any, found '{}'", to_string(o)));
      }
      if (const Arg* kinds = named(s, "over-kinds")) rule.over_kinds = kinds_of(kinds->value);
    }
    if (rule.type == MoveRule::Type::hop) {
      prog_->has_hops = true;
      if (const Arg* take = named(s, "take")) {
        const Expr& t = take->value;
        if (t.kind == Expr::Kind::identifier && t.text == "remove") rule.take = Take::remove;
        else if (t.kind == Expr::Kind::identifier && t.text == "top-to-bottom") {
          rule.take = Take::top_to_bottom;
          if (!prog_->stacking) error(t.pos, "take=top-to-bottom needs columns: add `stacking columns` to the rules");
        } else
          error(t.pos, fmt::format("expected what a hop does to the jumped piece: remove or top-to-bottom, found '{}'", to_string(t)));
      }
    }
    if (prog_->moves.size() >= 255) return error(s.pos, "too many movement rules (at most 255)");
    prog_->moves.push_back(std::move(rule));
  }

  // `stacking columns`: a cell holds a column of counters; the top counter owns it.
  void define_stacking(const Statement& s) {
    if (!shape(s, 1, 1, {}) || !identifier(s.args[0].value, "columns")) return;
    if (s.args[0].value.text != "columns")
      return error(s.args[0].value.pos, fmt::format("unknown stacking '{}'; expected columns", s.args[0].value.text));
    prog_->stacking = true;
  }

  // `zone NAME: cells...` (the same for everyone) or `zone NAME PLAYER=cells|zone ...`.
  void define_zone(const Statement& s) {
    if (!shape(s, 1, 1, player_names(), false, true) || !board_) return;
    if (!identifier(s.args[0].value, "a zone name")) return;
    ZoneDef z;
    z.name = s.args[0].value.text;
    for (const auto& existing : prog_->zones)
      if (existing.name == z.name) return error(s.args[0].pos, fmt::format("zone '{}' is declared twice", z.name));
    z.cells.assign(prog_->player_count(), std::vector<uint8_t>(board_->cell_count(), 0));
    bool per_player = false;
    for (const auto& a : s.args) {
      if (a.name.empty()) continue;
      per_player = true;
      int pl = find_player(a.name);
      std::vector<int> cells;
      for (const Expr* c : choices(a.value)) cells_of(*c, cells);
      for (int c : cells) z.cells[pl][c] = 1;
    }
    if (s.has_items) {
      std::vector<int> cells;
      for (const auto& item : s.items) cells_of(item.value, cells);
      for (auto& mask : z.cells)
        for (int c : cells) mask[c] = 1;
    } else if (!per_player) {
      return error(s.pos, fmt::format("zone '{}' names no cells; write `zone {}: cells...` or `zone {} PLAYER=cells ...`",
                                      z.name, z.name, z.name));
    }
    prog_->zones.push_back(std::move(z));
  }

  int find_zone(const Expr& e) {
    if (!identifier(e, "a zone")) return -1;
    for (size_t i = 0; i < prog_->zones.size(); ++i)
      if (prog_->zones[i].name == e.text) return static_cast<int>(i);
    // A zone of the board file is the same for every player.
    if (board_)
      if (const auto* cells = board_->find_zone(e.text)) {
        ZoneDef z;
        z.name = e.text;
        z.cells.assign(prog_->player_count(), std::vector<uint8_t>(board_->cell_count(), 0));
        for (auto& mask : z.cells)
          for (int c : *cells) mask[c] = 1;
        prog_->zones.push_back(std::move(z));
        return static_cast<int>(prog_->zones.size()) - 1;
      }
    std::vector<std::string> known;
    for (const auto& z : prog_->zones) known.push_back(z.name);
    unknown_name(e, "zone (declared with `zone`)", known);
    return -1;
  }

  // `promote KIND to=KIND in=ZONE [ends-capture]`
  void define_promote(const Statement& s) {
    if (!shape(s, 1, 2, {"to", "in", "mark"})) return;
    Promotion pr;
    for (const Expr* c : choices(s.args[0].value)) {
      if (!identifier(*c, "a piece kind")) return;
      int k = find_kind(c->text);
      if (k < 0) return unknown_name(*c, "piece kind", kind_names());
      pr.from_kinds |= 1u << k;
    }
    auto pos = positional(s);
    if (pos.size() == 2) {
      if (pos[1]->value.kind == Expr::Kind::identifier && pos[1]->value.text == "ends-capture") pr.ends_capture = true;
      else return error(pos[1]->pos, fmt::format("expected ends-capture, found '{}'", to_string(pos[1]->value)));
    }
    const Arg* to = named(s, "to");
    const Arg* in = named(s, "in");
    if (!to || !in) return error(s.pos, "'promote' needs to=KIND and in=ZONE");
    if (!identifier(to->value, "a piece kind")) return;
    if (to->value.text == "none") pr.to_kind = -1;  // the piece is removed (burned)
    else {
      pr.to_kind = find_kind(to->value.text);
      if (pr.to_kind < 0) return unknown_name(to->value, "piece kind (or none)", kind_names());
    }
    if (const Arg* mark = named(s, "mark")) string_value(mark->value, "the record mark", pr.mark);
    pr.zone = find_zone(in->value);
    if (pr.zone < 0) return;
    prog_->promotions.push_back(pr);
  }

  // `captures compulsory|optional continue=must|may|stop choice=free|maximum rejump=forbid|allow`
  void define_captures(const Statement& s) {
    if (!shape(s, 1, 1, {"continue", "choice", "rejump"})) return;
    CapturePolicy& c = prog_->captures;
    auto word = [&](const Arg* a, std::initializer_list<const char*> allowed) -> std::string {
      if (!a || !identifier(a->value, "a word")) return "";
      for (const char* w : allowed)
        if (a->value.text == w) return w;
      std::vector<std::string> v(allowed.begin(), allowed.end());
      error(a->value.pos, fmt::format("unknown value '{}' for {}; expected one of: {}", a->value.text,
                                      a->name.empty() ? "captures" : a->name, join(v)));
      return "";
    };
    std::string mode = word(&s.args[0], {"compulsory", "optional"});
    c.compulsory = mode == "compulsory";
    std::string cont = word(named(s, "continue"), {"must", "may", "stop"});
    if (cont == "may") c.continuation = CapturePolicy::Continue::may;
    if (cont == "stop") c.continuation = CapturePolicy::Continue::stop;
    c.maximum = word(named(s, "choice"), {"free", "maximum"}) == "maximum";
    c.rejump = word(named(s, "rejump"), {"forbid", "allow"}) == "allow";
  }

  // `reserve PLAYER KIND=N ...`: pieces that start off the board.
  void define_reserve(const Statement& s) {
    if (!shape(s, 1, 1, kind_names()) || !identifier(s.args[0].value, "a player")) return;
    int player = find_player(s.args[0].value.text);
    if (player < 0) return unknown_name(s.args[0].value, "player", player_names());
    prog_->reserves.resize(prog_->player_count(), std::vector<int>(prog_->kind_count(), 0));
    for (const auto& a : s.args) {
      if (a.name.empty()) continue;
      long long n;
      int kind = find_kind(a.name);
      if (kind < 0 || !number_value(a.value, "a reserve size", 0, 63, n)) continue;  // shape() reported it
      if (!prog_->kind_allowed(player, kind))
        error(a.pos, fmt::format("pieces of kind '{}' belong to {} only", a.name, prog_->players[prog_->kinds[kind].owner].name));
      else
        prog_->reserves[player][kind] = static_cast<int>(n);
    }
  }

  // One action of a turn or of the opening: `move`, `pie`, or
  // `place KIND from=PLAYER|supply [where=CELL-CONDITION] [if CONDITION]`.
  bool turn_action(const Statement& line, TurnAction& a, const std::vector<std::string>& extra_named) {
    a.pos = line.pos;
    auto allowed = [&](std::vector<std::string> v) {
      v.insert(v.end(), extra_named.begin(), extra_named.end());
      return v;
    };
    if (line.keyword == "move") {
      if (!shape(line, 0, 0, allowed({}), true)) return false;
      a.kind = TurnAction::Kind::move;
    } else if (line.keyword == "pie") {
      if (!shape(line, 0, 0, allowed({}))) return false;
      if (prog_->player_count() != 2) return error(line.pos, "the pie rule needs exactly two players"), false;
      a.kind = TurnAction::Kind::pie;
    } else if (line.keyword == "place") {
      if (!shape(line, 1, 1, allowed({"from", "where"}), true) || !identifier(line.args[0].value, "a piece kind")) return false;
      a.kind = TurnAction::Kind::place;
      a.place_kind = find_kind(line.args[0].value.text);
      if (a.place_kind < 0) return unknown_name(line.args[0].value, "piece kind", kind_names()), false;
      if (const Arg* from = named(line, "from")) {
        if (from->value.kind == Expr::Kind::identifier && from->value.text == "supply") a.from_supply = true;
        else if (!player_ref(from->value, a.reserve_of, a.reserve_player)) return false;
      } else {
        a.from_supply = true;
      }
      if (const Arg* where = named(line, "where")) {
        cell_context_ = true;
        a.has_where = condition(where->value, a.where);
        cell_context_ = false;
        if (!a.has_where) return false;
      }
    } else {
      error(line.pos, fmt::format("unknown turn action '{}'; expected move, place or pie", line.keyword));
      return false;
    }
    if (line.has_condition) {
      a.has_condition = condition(line.condition, a.condition);
      if (!a.has_condition) return false;
    }
    return true;
  }

  // `turn { move; place KIND from=PLAYER [if CONDITION] }`: the actions of one turn, in order.
  void define_turn(const Statement& s) {
    if (!shape(s, 0, 0, {}, false, false, true)) return;
    if (turn_seen_) return error(s.pos, "the turn is declared twice");
    turn_seen_ = true;
    for (const auto& line : s.block) {
      TurnAction a;
      if (turn_action(line, a, {})) prog_->turn.push_back(std::move(a));
    }
    if (s.block.empty()) error(s.pos, "the turn block has no actions; expected move or place lines");
    if (prog_->turn.size() > 16) error(s.pos, "a turn has at most 16 actions");
  }

  // `opening { ACTION by=SIDE ... }`: actions played once, in order, before the turns.
  void define_opening(const Statement& s) {
    if (!shape(s, 0, 0, {}, false, false, true)) return;
    if (opening_seen_) return error(s.pos, "the opening is declared twice");
    opening_seen_ = true;
    for (const auto& line : s.block) {
      OpeningAction o;
      if (!turn_action(line, o.action, {"by"})) continue;
      const Arg* by = named(line, "by");
      if (!by) {
        error(line.pos, fmt::format("opening action '{}' needs by=SIDE (who plays it)", line.keyword));
        continue;
      }
      if (!identifier(by->value, "a side")) continue;
      int side = find_player(by->value.text);
      if (side < 0) {
        unknown_name(by->value, "player", player_names());
        continue;
      }
      o.seat = -1;
      for (int st = 0; st < prog_->seat_count(); ++st)
        if (prog_->seats[st].side == side) {
          o.seat = st;
          break;
        }
      prog_->opening.push_back(std::move(o));
    }
    if (s.block.empty()) error(s.pos, "the opening block has no actions");
    if (prog_->opening.size() > 16) error(s.pos, "an opening has at most 16 actions");
  }

  // `capture flanked-chains order=opponent-first|mover-first`: after every turn, chains whose
  // two ends (on one axis) hold enemy pieces are removed and counted as captures.
  void define_capture(const Statement& s) {
    if (!shape(s, 1, 1, {"order"}) || !identifier(s.args[0].value, "flanked-chains")) return;
    if (s.args[0].value.text != "flanked-chains")
      return error(s.args[0].value.pos, fmt::format("unknown capture '{}'; expected flanked-chains", s.args[0].value.text));
    prog_->flank_capture.enabled = true;
    if (const Arg* order = named(s, "order")) {
      if (order->value.kind == Expr::Kind::identifier &&
          (order->value.text == "opponent-first" || order->value.text == "mover-first"))
        prog_->flank_capture.opponent_first = order->value.text == "opponent-first";
      else
        error(order->value.pos, fmt::format("expected opponent-first or mover-first, found '{}'", to_string(order->value)));
    }
  }

  // `score TERM + TERM ...`: captures, territory, values (pieces on the board by value).
  void define_score(const Statement& s) {
    if (!shape(s, 1, 1, {})) return;
    std::vector<const Expr*> terms;
    std::function<void(const Expr&)> flatten = [&](const Expr& e) {
      if (e.kind == Expr::Kind::binary && e.text == "+") {
        flatten(e.args[0]);
        flatten(e.args[1]);
      } else {
        terms.push_back(&e);
      }
    };
    flatten(s.args[0].value);
    for (const Expr* t : terms) {
      ScoreTerm term;
      if (t->kind == Expr::Kind::identifier && t->text == "captures") term.kind = ScoreTerm::Kind::captures;
      else if (t->kind == Expr::Kind::identifier && t->text == "territory") term.kind = ScoreTerm::Kind::territory;
      else if (t->kind == Expr::Kind::identifier && t->text == "values") term.kind = ScoreTerm::Kind::values;
      else {
        error(t->pos, fmt::format("unknown score term '{}'; expected captures, territory or values, joined with +", to_string(*t)));
        continue;
      }
      prog_->score.push_back(term);
    }
  }

  // `offer stop if CONDITION`: the seat to move may end the game (on the score) when the
  // condition holds.
  void define_offer(const Statement& s) {
    if (!shape(s, 1, 1, {}, true) || !identifier(s.args[0].value, "stop or end")) return;
    if (s.args[0].value.text == "end") {  // `offer end if CONDITION`: end a turn of partial moves
      if (!s.has_condition) return error(s.pos, "'offer end' needs a condition: `offer end if spent > 0`");
      if (condition(s.condition, prog_->end_condition)) prog_->has_end_offer = true;
      return;
    }
    if (s.args[0].value.text != "stop")
      return error(s.args[0].value.pos, fmt::format("unknown offer '{}'; expected stop or end", s.args[0].value.text));
    if (!s.has_condition) return error(s.pos, "'offer stop' needs a condition: `offer stop if CONDITION`");
    if (condition(s.condition, prog_->stop_condition)) prog_->has_stop = true;
  }

  // A kind set `K|K`, as a bit mask.
  uint32_t kinds_of(const Expr& e) {
    uint32_t mask = 0;
    for (const Expr* c : choices(e)) {
      if (!identifier(*c, "a piece kind")) continue;
      int k = find_kind(c->text);
      if (k < 0) unknown_name(*c, "piece kind", kind_names());
      else mask |= 1u << k;
    }
    return mask;
  }

  int zone_index(const Expr& e) { return find_zone(e); }

  void define_after_move(const Statement& s) {
    if (!shape(s, 0, 0, {}, false, false, true)) return;
    for (const auto& r : s.block) {
      EndRule rule;
      rule.pos = r.pos;
      if (r.keyword == "win") rule.outcome = Outcome::win;
      else if (r.keyword == "lose") rule.outcome = Outcome::lose;
      else if (r.keyword == "draw") rule.outcome = Outcome::draw;
      else if (r.keyword == "end") rule.outcome = Outcome::end;
      else {
        error(r.pos, fmt::format("unknown end rule '{}'; expected win, lose, draw or end", r.keyword));
        continue;
      }
      bool needs_player = rule.outcome == Outcome::win || rule.outcome == Outcome::lose;
      if (!shape(r, needs_player ? 1 : 0, needs_player ? 1 : 0, {}, true)) continue;
      if (!r.has_condition) {
        error(r.pos, fmt::format("'{}' needs a condition: `{} ... if CONDITION`", r.keyword, r.keyword));
        continue;
      }
      if (needs_player && !player_ref(r.args[0].value, rule.who, rule.fixed_player)) continue;
      if (rule.outcome == Outcome::end) prog_->has_end_condition = true;
      if (!condition(r.condition, rule.condition)) continue;
      prog_->after_move.push_back(std::move(rule));
    }
  }

  bool player_ref(const Expr& e, PlayerRef& who, int& fixed) {
    if (!identifier(e, "a player (mover, opponent or a player name)")) return false;
    if (e.text == "mover") return who = PlayerRef::mover, true;
    if (e.text == "all" && allow_all_) return who = PlayerRef::all, true;
    if (e.text == "opponent") {
      if (prog_->player_count() > 2) {
        error(e.pos, "'opponent' is ambiguous with more than two players; name the player");
        return false;
      }
      return who = PlayerRef::opponent, true;
    }
    int p = find_player(e.text);
    if (p >= 0) return who = PlayerRef::fixed, fixed = p, true;
    std::vector<std::string> known = player_names();
    known.insert(known.begin(), {"mover", "opponent"});
    unknown_name(e, "player", known);
    return false;
  }

  bool condition(const Expr& e, Condition& out) {
    switch (e.kind) {
      case Expr::Kind::number: out.op = Condition::Op::constant, out.value = e.number; return true;
      case Expr::Kind::identifier:
        if (e.text == "turn") return out.op = Condition::Op::turn_number, true;  // the mover's turn, from 1
        if (e.text == "passes") return out.op = Condition::Op::passes, true;     // consecutive passes
        if (e.text == "first-turn") return out.op = Condition::Op::first_turn, true;  // first turn after a mark
        if (e.text == "spent") return out.op = Condition::Op::spent, true;  // budget spent this turn
        break;
      case Expr::Kind::call: {
        static const std::vector<std::string> functions = {"connected", "pieces",      "neighbours", "sees", "incursion",
                                                           "in",        "can-capture", "threatens",  "occupied", "size",
                                                           "inside",    "outside",     "all-in",     "full", "open",
                                                           "only-outside"};
        if (e.text == "inside" || e.text == "outside" || e.text == "full" || e.text == "open" || e.text == "only-outside") {
          if (e.args.size() != 1) {
            error(e.pos, fmt::format("'{}' takes one argument (the region), but has {}", e.text, e.args.size()));
            return false;
          }
          if (!region_ref(e.args[0])) return false;
          out.op = e.text == "inside" ? Condition::Op::in_region
                   : e.text == "outside" ? Condition::Op::out_region
                   : e.text == "full" ? Condition::Op::region_full
                   : e.text == "open" ? Condition::Op::region_open
                                      : Condition::Op::only_outside;
          if ((e.text == "inside" || e.text == "outside") && !cell_context_ && !movement_context_) {
            error(e.pos, fmt::format("{}(...) is about a cell: use it in a where= or in the `if` of a movement", e.text));
            return false;
          }
          if (e.text == "only-outside" && !movement_context_) {
            error(e.pos, "only-outside(...) is about the moving piece: use it in the unless= or `if` of a movement");
            return false;
          }
          return true;
        }
        if (e.text == "all-in") {
          if (e.args.size() != 2) {
            error(e.pos, fmt::format("'all-in' takes a player and a region, but has {} arguments", e.args.size()));
            return false;
          }
          out.op = Condition::Op::all_in_region;
          return player_ref(e.args[0], out.who, out.fixed_player) && region_ref(e.args[1]);
        }
        if (e.text == "in") {
          bool ok = e.args.size() == 2 && e.args[0].kind == Expr::Kind::identifier &&
                    (e.args[0].text == "from" || e.args[0].text == "to");
          if (!ok || !movement_context_) {
            error(e.pos, movement_context_ ? "in(...) takes from or to, and a zone: in(from, manoeuvre)"
                                           : "in(from|to, ZONE) can only be used in the `if` of a movement");
            return false;
          }
          out.op = Condition::Op::in_zone;
          out.at_destination = e.args[0].text == "to";
          out.zone = zone_index(e.args[1]);
          return out.zone >= 0;
        }
        if (e.text == "occupied" || e.text == "size") {
          if (e.args.size() != 1) {
            error(e.pos, fmt::format("'{}' takes one argument (a zone), but has {}", e.text, e.args.size()));
            return false;
          }
          out.op = e.text == "occupied" ? Condition::Op::occupied : Condition::Op::zone_size;
          out.zone = zone_index(e.args[0]);
          return out.zone >= 0;
        }
        if (e.text == "can-capture") {
          if (e.args.size() != 1 || e.args[0].kind != Expr::Kind::identifier || e.args[0].text != "mover") {
            error(e.pos, "can-capture takes one argument: mover (the seat to move)");
            return false;
          }
          out.op = Condition::Op::can_capture;
          return true;
        }
        if (e.text == "threatens") {
          if (e.args.size() != 2) {
            error(e.pos, fmt::format("'threatens' takes a player and piece kinds, but has {} arguments", e.args.size()));
            return false;
          }
          out.op = Condition::Op::threatens;
          out.kinds = kinds_of(e.args[1]);
          return player_ref(e.args[0], out.who, out.fixed_player);
        }
        if (e.text == "sees" || e.text == "incursion") {
          if (!cell_context_) {
            error(e.pos, fmt::format("{}(...) can only be used in the where= of a placement", e.text));
            return false;
          }
          if (e.args.size() != 1) {
            error(e.pos, fmt::format("'{}' takes one argument (a player), but has {}", e.text, e.args.size()));
            return false;
          }
          out.op = e.text == "sees" ? Condition::Op::sees : Condition::Op::incursion;
          return player_ref(e.args[0], out.who, out.fixed_player);
        }
        if (e.text == "neighbours") {
          bool ok = e.args.size() == 1 && e.args[0].kind == Expr::Kind::identifier &&
                    (e.args[0].text == "from" || e.args[0].text == "to");
          if (!ok || !movement_context_) {
            error(e.pos, movement_context_ ? "neighbours(...) takes from or to (the moving piece's squares)"
                                           : "neighbours(from|to) can only be used in the `if` of a movement");
            return false;
          }
          out.op = Condition::Op::neighbours;
          out.at_destination = e.args[0].text == "to";
          return true;
        }
        if (e.text == "connected" || e.text == "pieces") {
          bool kinds_allowed = e.text == "pieces";
          if (e.args.size() != 1 && !(kinds_allowed && e.args.size() == 2)) {
            error(e.pos, fmt::format("'{}' takes one argument (a player{}), but has {}", e.text,
                                     kinds_allowed ? ", then optionally piece kinds" : "", e.args.size()));
            return false;
          }
          out.op = e.text == "connected" ? Condition::Op::connected : Condition::Op::piece_count;
          if (e.args.size() == 2) out.kinds = kinds_of(e.args[1]);
          allow_all_ = kinds_allowed;
          bool ok = player_ref(e.args[0], out.who, out.fixed_player);
          allow_all_ = false;
          return ok;
        }
        std::string msg = fmt::format("unknown function '{}' in a condition", e.text);
        std::string guess = closest_name(e.text, functions);
        msg += guess.empty() ? fmt::format("; expected one of: {}", join(functions)) : fmt::format("; did you mean '{}'?", guess);
        error(e.pos, msg);
        return false;
      }
      case Expr::Kind::unary:
        if (e.text == "not") {
          out.op = Condition::Op::not_;
          out.args.resize(1);
          return condition(e.args[0], out.args[0]);
        }
        break;
      case Expr::Kind::binary: {
        out.args.resize(2);
        if (e.text == "and" || e.text == "or") out.op = e.text == "and" ? Condition::Op::and_ : Condition::Op::or_;
        else if (e.text == "+" || e.text == "-" || e.text == "*" || e.text == "/")
          out.op = Condition::Op::arith, out.compare = e.text;
        else if (e.text == "==" || e.text == "!=" || e.text == "<" || e.text == "<=" || e.text == ">" || e.text == ">=")
          out.op = Condition::Op::compare, out.compare = e.text;
        else break;
        bool a = condition(e.args[0], out.args[0]);
        bool b = condition(e.args[1], out.args[1]);
        if (a && b && out.op == Condition::Op::arith && (!numeric(out.args[0]) || !numeric(out.args[1]))) break;
        return a && b;
      }
      default: break;
    }
    error(e.pos, fmt::format("unsupported condition '{}'; conditions use connected(P), pieces(P[, KINDS]), turn, "
                             "passes, occupied(Z), size(Z), threatens(P, KINDS), can-capture(mover), numbers, "
                             "comparisons, and, or, not",
                             to_string(e)));
    return false;
  }

  // ---------------------------------------------------------------- target regions
  // (engine/regions.cpp; docs/LANGUAGE.md, "Target regions and partial moves")

  bool region_ref(const Expr& e) {
    if (!identifier(e, "a region")) return false;
    if (prog_->region.enabled && e.text == prog_->region.name) return true;
    unknown_name(e, "region (declared with `region`)",
                 prog_->region.enabled ? std::vector<std::string>{prog_->region.name} : std::vector<std::string>{});
    return false;
  }

  // cost=distance|N max=N unless=CONDITION (step, slide, run); ring=NAME discount=REGION (run).
  bool partial_move_args(const Statement& s, MoveRule& rule) {
    bool ok = true;
    if (const Arg* a = named(s, "cost")) {
      long long n;
      if (a->value.kind == Expr::Kind::identifier && a->value.text == "distance") rule.cost_per_step = 1;
      else if (number_value(a->value, "the cost", 0, 16, n)) rule.cost_fixed = true, rule.cost_per_step = static_cast<int>(n);
      else ok = false;
    }
    if (const Arg* a = named(s, "max")) {
      long long n;
      if (number_value(a->value, "the most a partial move may cost", 0, 255, n)) rule.max_cost = static_cast<int>(n);
      else ok = false;
    }
    if (const Arg* a = named(s, "unless")) {
      movement_context_ = true;
      rule.has_unless = condition(a->value, rule.unless);
      movement_context_ = false;
      ok = ok && rule.has_unless;
    }
    if (rule.type != MoveRule::Type::run) return ok;
    const Arg* ring = named(s, "ring");
    if (!ring) {
      error(s.pos, "'run' needs ring=NAME (a path declared with `ring NAME: cells...`)");
      return false;
    }
    if (!identifier(ring->value, "a ring")) return false;
    for (size_t i = 0; i < prog_->rings.size(); ++i)
      if (prog_->rings[i].name == ring->value.text) rule.ring = static_cast<int>(i);
    if (rule.ring < 0) {
      std::vector<std::string> known;
      for (const auto& r : prog_->rings) known.push_back(r.name);
      unknown_name(ring->value, "ring (declared with `ring`)", known);
      return false;
    }
    if (const Arg* d = named(s, "discount")) {
      if (!region_ref(d->value)) return false;
      rule.discount = true;
    }
    return ok;
  }

  // `ring NAME: cells...`: a cyclic path of distinct cells, in order (ranges allowed).
  void define_ring(const Statement& s) {
    if (!shape(s, 1, 1, {}, false, true) || !board_ || !identifier(s.args[0].value, "a ring name")) return;
    CellRing ring;
    ring.name = s.args[0].value.text;
    for (const auto& r : prog_->rings)
      if (r.name == ring.name) return error(s.args[0].pos, fmt::format("ring '{}' is declared twice", ring.name));
    ring.index.assign(board_->cell_count(), -1);
    for (const auto& item : s.items) {
      std::vector<int> cells;
      if (!cells_of(item.value, cells)) continue;
      for (int c : cells) {
        if (ring.index[c] >= 0) {
          error(item.pos, fmt::format("cell {} is twice on ring '{}'", board_->cell(c).name, ring.name));
          continue;
        }
        ring.index[c] = static_cast<int16_t>(ring.cells.size());
        ring.cells.push_back(static_cast<int16_t>(c));
      }
    }
    if (ring.cells.size() < 3) return error(s.pos, fmt::format("ring '{}' needs at least 3 cells", ring.name));
    prog_->rings.push_back(std::move(ring));
  }

  // `region NAME size=EXPR [first=CELLS] { shape N [open] [choose=DIRS]: ITEMS }`; an item is
  // `mark`, `step(DIRS)` (the neighbour) or `ray-end(DIRS)` (the last cell of the ray); DIRS
  // may name `chosen` and `chosen-back`, the setter's chosen direction and its opposite.
  void define_region(const Statement& s) {
    if (!shape(s, 1, 1, {"size", "first"}, false, false, true) || !board_ || !identifier(s.args[0].value, "a region name"))
      return;
    RegionRules& r = prog_->region;
    if (r.enabled) return error(s.pos, "only one region is supported");
    r.enabled = true;
    r.name = s.args[0].value.text;
    const Arg* size = named(s, "size");
    if (!size) error(s.pos, "'region' needs size=EXPRESSION (for example size=pieces(all) - 1)");
    else {
      allow_all_ = true;
      condition(size->value, r.size);
      allow_all_ = false;
    }
    if (const Arg* first = named(s, "first")) {
      r.first_cells.assign(board_->cell_count(), 0);
      for (const Expr* c : choices(first->value)) {
        std::vector<int> cells;
        cells_of(*c, cells);
        for (int x : cells) r.first_cells[x] = 1;
      }
    }
    for (const auto& line : s.block) {
      if (line.keyword != "shape") {
        error(line.pos, fmt::format("unknown region item '{}'; expected `shape N [open] [choose=DIRS]: ITEMS`", line.keyword));
        continue;
      }
      if (!shape(line, 1, 2, {"choose"}, false, true)) continue;
      RegionShape sh;
      auto pos = positional(line);
      long long n;
      if (!number_value(pos[0]->value, "the region size", 1, 255, n)) continue;
      sh.size = static_cast<int>(n);
      for (const auto& other : r.shapes)
        if (other.size == sh.size) error(pos[0]->pos, fmt::format("two shapes for size {}", sh.size));
      if (pos.size() == 2) {
        if (pos[1]->value.kind == Expr::Kind::identifier && pos[1]->value.text == "open") sh.open = true;
        else error(pos[1]->pos, fmt::format("expected open, found '{}'", to_string(pos[1]->value)));
      }
      if (const Arg* choose = named(line, "choose")) directions_of(choose->value, 0, sh.choices, true);
      for (const auto& item : line.items) {
        const Expr& e = item.value;
        RegionItem it;
        if (e.kind == Expr::Kind::identifier && e.text == "mark") {
          sh.items.push_back(it);
          continue;
        }
        if (e.kind != Expr::Kind::call || (e.text != "step" && e.text != "ray-end") || e.args.size() != 1) {
          error(e.pos, fmt::format("expected a shape item: mark, step(DIRS) or ray-end(DIRS), found '{}'", to_string(e)));
          continue;
        }
        it.kind = e.text == "step" ? RegionItem::Kind::step : RegionItem::Kind::ray_end;
        for (const Expr* c : choices(e.args[0])) {
          if (c->kind == Expr::Kind::identifier && (c->text == "chosen" || c->text == "chosen-back")) {
            if (sh.choices.empty()) error(c->pos, fmt::format("'{}' needs choose=DIRS on the shape", c->text));
            (c->text == "chosen" ? it.chosen : it.chosen_back) = true;
            continue;
          }
          directions_of(*c, 0, it.dirs, true);
        }
        sh.items.push_back(std::move(it));
      }
      r.shapes.push_back(std::move(sh));
    }
    if (r.shapes.empty()) error(s.pos, fmt::format("region '{}' has no shape", r.name));
  }

  // `mark REGION first=PLAYER next=fewest-pieces`: who sets the first mark; later marks are
  // set by the side with fewest pieces (on equality, the side that just lost one).
  void define_mark(const Statement& s) {
    if (!shape(s, 1, 1, {"first", "next"}) || !region_ref(s.args[0].value)) return;
    if (const Arg* first = named(s, "first"); first && identifier(first->value, "a player")) {
      int pl = find_player(first->value.text);
      if (pl < 0) unknown_name(first->value, "player", player_names());
      else prog_->region.first_setter = pl;
    }
    if (const Arg* next = named(s, "next"))
      if (next->value.kind != Expr::Kind::identifier || next->value.text != "fewest-pieces")
        error(next->value.pos, fmt::format("expected next=fewest-pieces, found '{}'", to_string(next->value)));
  }

  // `interchange`: after each mark the other side may claim an interchange (or decline).
  void define_interchange(const Statement& s) {
    if (!shape(s, 0, 0, {})) return;
    if (!prog_->region.enabled) return error(s.pos, "'interchange' follows a mark: declare a `region` first");
    prog_->region.interchange = true;
  }

  // `budget N [if CONDITION]`: the first budget whose condition holds is the turn's.
  void define_budget(const Statement& s) {
    if (!shape(s, 1, 1, {}, true)) return;
    BudgetRule b;
    long long n;
    if (!number_value(s.args[0].value, "the budget", 1, 16, n)) return;
    b.amount = static_cast<int>(n);
    if (s.has_condition) {
      b.has_condition = condition(s.condition, b.condition);
      if (!b.has_condition) return;
    }
    prog_->budgets.push_back(std::move(b));
  }

  void define_once_per_turn(const Statement& s) {
    if (shape(s, 0, 0, {})) prog_->once_per_turn = true;
  }

  // `when CONDITION { convert PLAYER [where=CELL-CONDITION] [if CONDITION];
  //                   remove PLAYER|all [where=...] [if ...]; mark REGION [if ...] }`
  void define_when(const Statement& s) {
    if (!shape(s, 1, 1, {}, false, false, true)) return;
    RegionRules& r = prog_->region;
    if (!r.enabled) return error(s.pos, "'when' needs a `region` (its effects are checked during region play)");
    if (r.has_when) return error(s.pos, "only one `when` block is supported");
    r.has_when = condition(s.args[0].value, r.when);
    for (const auto& line : s.block) {
      WhenAction a;
      a.pos = line.pos;
      if (line.keyword == "convert" || line.keyword == "remove") {
        a.kind = line.keyword == "convert" ? WhenAction::Kind::convert : WhenAction::Kind::remove;
        if (!shape(line, 1, 1, {"where"}, true)) continue;
        allow_all_ = a.kind == WhenAction::Kind::remove;
        bool ok = player_ref(line.args[0].value, a.who, a.fixed_player);
        allow_all_ = false;
        if (!ok) continue;
        if (const Arg* where = named(line, "where")) {
          cell_context_ = true;
          a.has_where = condition(where->value, a.where);
          cell_context_ = false;
          if (!a.has_where) continue;
        }
      } else if (line.keyword == "mark") {
        a.kind = WhenAction::Kind::mark;
        if (!shape(line, 1, 1, {}, true) || !region_ref(line.args[0].value)) continue;
      } else {
        error(line.pos, fmt::format("unknown effect '{}'; expected convert, remove or mark", line.keyword));
        continue;
      }
      if (line.has_condition) {
        a.has_condition = condition(line.condition, a.condition);
        if (!a.has_condition) continue;
      }
      r.when_actions.push_back(std::move(a));
    }
  }

  // Partial-move turns combine with step, slide and run movements only, and not with the
  // other kinds of turns.
  void check_partial_turns(const RulesFile& rules) {
    if (rules.statements.empty()) return;
    const SourcePos& at = rules.statements.front().pos;
    if (prog_->region.enabled && prog_->budgets.empty())
      error(at, "a `region` game plays turns of partial moves: add `budget N` lines");
    if (!prog_->partial_turns()) {
      for (const auto& m : prog_->moves)
        if (m.type == MoveRule::Type::run || m.max_cost != (1 << 20) || m.has_unless)
          error(m.pos, "run, max= and unless= need turns of partial moves: add `budget N` lines");
      return;
    }
    if (!prog_->turn.empty() || !prog_->opening.empty() || prog_->stacking || prog_->has_hops)
      error(at, "turns of partial moves (`budget`) do not combine with `turn`, `opening`, stacking or hops");
    for (const auto& m : prog_->moves)
      if (m.type != MoveRule::Type::step && m.type != MoveRule::Type::slide && m.type != MoveRule::Type::run)
        error(m.pos, "with `budget`, movements are step, slide or run");
  }

  // Whether a compiled condition is a number (arithmetic takes numbers, not yes/no tests).
  static bool numeric(const Condition& c) {
    switch (c.op) {
      case Condition::Op::piece_count: case Condition::Op::neighbours: case Condition::Op::turn_number:
      case Condition::Op::passes: case Condition::Op::occupied: case Condition::Op::zone_size:
      case Condition::Op::constant: case Condition::Op::spent: case Condition::Op::arith: return true;
      default: return false;
    }
  }

  void define_no_move(const Statement& s) {
    if (!shape(s, 1, 1, {}) || !identifier(s.args[0].value, "pass, lose or draw")) return;
    const std::string& v = s.args[0].value.text;
    if (v == "pass") prog_->no_move = NoMovePolicy::pass;
    else if (v == "lose") prog_->no_move = NoMovePolicy::lose;
    else if (v == "draw") prog_->no_move = NoMovePolicy::draw;
    else error(s.args[0].value.pos, fmt::format("unknown no-move policy '{}'; expected pass, lose or draw", v));
  }

  void define_limit(const Statement& s) {
    if (!shape(s, 0, 0, {"plies"})) return;
    const Arg* plies = named(s, "plies");
    if (!plies) return error(s.pos, "'limit' needs plies=N");
    long long v;
    if (number_value(plies->value, "the ply limit", 1, 1000000, v)) prog_->ply_limit = static_cast<int>(v);
  }

  void define_option(const Statement& s) {
    static const std::vector<std::string> options = {"repetition-draw", "quiet-moves-draw", "repetition"};
    if (!shape(s, 0, 0, options)) return;
    if (const Arg* a = named(s, "repetition-draw")) {
      if (a->value.kind == Expr::Kind::identifier && (a->value.text == "on" || a->value.text == "off"))
        prog_->repetition_draw = a->value.text == "on";
      else
        error(a->value.pos, fmt::format("expected on or off, found '{}'", to_string(a->value)));
    }
    if (const Arg* a = named(s, "repetition")) {
      const Expr& v = a->value;
      if (v.kind == Expr::Kind::identifier && (v.text == "off" || v.text == "draw" || v.text == "end")) {
        prog_->repetition_draw = v.text != "off";
        prog_->repetition_ends = v.text == "end";
      } else {
        error(v.pos, fmt::format("expected off, draw or end (on the score), found '{}'", to_string(v)));
      }
    }
    long long quiet;
    if (const Arg* a = named(s, "quiet-moves-draw"); a && number_value(a->value, "the number of plies without a capture", 0, 100000, quiet))
      prog_->quiet_move_limit = static_cast<int>(quiet);
  }

  void define_notation(const Statement& s) {
    notation_pos_ = s.pos;
    if (!shape(s, 0, 0, {"step", "capture", "path", "columns", "pass", "end"})) return;
    if (const Arg* a = named(s, "pass")) string_value(a->value, "how a pass is written", prog_->notation.pass);
    if (const Arg* a = named(s, "end")) string_value(a->value, "the end-of-game mark", prog_->notation.end_mark);
    if (const Arg* a = named(s, "path")) {
      if (a->value.kind == Expr::Kind::identifier && (a->value.text == "all" || a->value.text == "landings"))
        prog_->notation.all_squares = a->value.text == "all";
      else
        error(a->value.pos, fmt::format("expected all (every square, jumped ones too) or landings, found '{}'", to_string(a->value)));
    }
    if (const Arg* a = named(s, "columns")) {
      if (a->value.kind == Expr::Kind::identifier && (a->value.text == "on" || a->value.text == "off"))
        prog_->notation.columns = a->value.text == "on";
      else
        error(a->value.pos, fmt::format("expected on or off, found '{}'", to_string(a->value)));
    }
    if (const Arg* a = named(s, "step")) string_value(a->value, "the step separator", prog_->notation.step_separator);
    if (const Arg* a = named(s, "capture")) string_value(a->value, "the capture separator", prog_->notation.capture_separator);
  }

  std::shared_ptr<const BoardGraph> board_;
  Diagnostics& diags_;
  std::shared_ptr<Program> prog_;
  bool saw_game_ = false;
  bool reported_dirs_ = false;
  bool seats_declared_ = false;
  bool movement_context_ = false;
  bool cell_context_ = false;
  bool allow_all_ = false;
  SourcePos notation_pos_;
  bool turn_seen_ = false;
  bool opening_seen_ = false;
  std::string diagram_text_;
};

}  // namespace

std::shared_ptr<Program> check_rules(const RulesFile& rules, std::shared_ptr<const BoardGraph> board, Diagnostics& diags) {
  return Checker(std::move(board), diags).run(rules);
}

std::string board_path_of(const RulesFile& rules, Diagnostics& diags) {
  const Statement* found = nullptr;
  for (const auto& s : rules.statements) {
    if (s.keyword != "board") continue;
    if (found) {
      diags.error(s.pos, "the board is named twice");
      continue;
    }
    found = &s;
  }
  if (!found) {
    diags.error({rules.path, 1, 1}, "the rules name no board; add `board \"FILE.yaml\"`");
    return "";
  }
  if (found->args.size() != 1 || found->args[0].value.kind != Expr::Kind::string) {
    diags.error(found->pos, "expected `board \"FILE.yaml\"` (a quoted file name)");
    return "";
  }
  return found->args[0].value.text;
}

}  // namespace tabula
