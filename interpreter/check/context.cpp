#include "check/context.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "board/cell_name_parts.hpp"
#include "syntax/ast_print.hpp"
#include "syntax/name_suggest.hpp"

namespace tabula {

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

std::vector<const Expr*> choices(const Expr& e) {
  std::vector<const Expr*> out;
  if (e.kind == Expr::Kind::alternatives)
    for (const auto& a : e.args) out.push_back(&a);
  else out.push_back(&e);
  return out;
}

bool CheckContext::shape(const Statement& s, size_t min_pos, size_t max_pos, const std::vector<std::string>& named,
                         bool condition, bool items, bool block) {
  bool ok = true;
  size_t positional = 0;
  std::vector<std::string_view> seen;
  for (const auto& a : s.args) {
    if (a.name.empty()) {
      ++positional;
      continue;
    }
    if (std::find(named.begin(), named.end(), a.name) == named.end()) {
      const std::string guess = closest_name(a.name, named);
      if (named.empty()) error(a.pos, fmt::format("'{}' takes no named arguments, but has '{}='", s.keyword, a.name));
      else if (!guess.empty())
        error(a.pos, fmt::format("unknown argument '{}' for '{}'; did you mean '{}='?", a.name, s.keyword, guess));
      else
        error(a.pos,
              fmt::format("unknown argument '{}' for '{}'; expected one of: {}", a.name, s.keyword, join(named)));
      misspelt_.insert(&s);
    } else if (std::find(seen.begin(), seen.end(), a.name) != seen.end()) {
      error(a.pos, fmt::format("'{}=' is given twice in this '{}' statement", a.name, s.keyword));
    }
    seen.push_back(a.name);
  }
  if (positional < min_pos || positional > max_pos) {
    std::string want = min_pos == max_pos ? std::to_string(min_pos) : fmt::format("{} to {}", min_pos, max_pos);
    if (max_pos == SIZE_MAX) want = fmt::format("at least {}", min_pos);
    error(s.pos, fmt::format("'{}' takes {} positional argument{}, but has {}", s.keyword, want,
                             max_pos == 1 && min_pos == 1 ? "" : "s", positional));
    ok = false;
  }
  if (s.has_condition && !condition)
    error(s.condition.pos, fmt::format("'{}' takes no `if` condition", s.keyword)), ok = false;
  if (s.has_items && !items) error(s.pos, fmt::format("'{}' takes no ':' list", s.keyword)), ok = false;
  if (s.has_block && !block) error(s.pos, fmt::format("'{}' takes no {{ }} block", s.keyword)), ok = false;
  return ok;
}

void CheckContext::needs(const Statement& s, std::string message) {
  if (!misspelt(s)) error(s.pos, std::move(message));
}

std::vector<const Arg*> CheckContext::positional(const Statement& s) const {
  std::vector<const Arg*> out;
  for (const auto& a : s.args)
    if (a.name.empty()) out.push_back(&a);
  return out;
}

const Arg* CheckContext::named(const Statement& s, std::string_view name) const {
  for (const auto& a : s.args)
    if (a.name == name) return &a;
  return nullptr;
}

bool CheckContext::identifier(const Expr& e, std::string_view what) {
  if (e.kind == Expr::Kind::identifier) return true;
  error(e.pos, fmt::format("expected {} (a name), found '{}'", what, to_string(e)));
  return false;
}

bool CheckContext::string_value(const Expr& e, std::string_view what, std::string& out) {
  if (e.kind == Expr::Kind::string) {
    out = e.text;
    return true;
  }
  error(e.pos, fmt::format("expected {} as a \"quoted string\", found '{}'", what, to_string(e)));
  return false;
}

bool CheckContext::symbol(const Expr& e, std::string& out) {
  if (e.kind != Expr::Kind::string && e.kind != Expr::Kind::identifier) {
    error(e.pos, fmt::format("expected a symbol such as \"B\", found '{}'", to_string(e)));
    return false;
  }
  if (e.text.size() != 1 || !std::isalpha(static_cast<unsigned char>(e.text[0]))) {
    error(e.pos, fmt::format("the symbol '{}' is not one letter; a piece's symbol is one letter (A-Z, a-z), which "
                             "position text, setup diagrams and placements read back as that piece",
                             e.text));
    return false;
  }
  out = e.text;
  return true;
}

bool CheckContext::number_value(const Expr& e, std::string_view what, long long lo, long long hi, long long& out) {
  if (e.kind == Expr::Kind::number ||
      (e.kind == Expr::Kind::unary && e.text == "-" && e.args[0].kind == Expr::Kind::number)) {
    out = e.kind == Expr::Kind::number ? e.number : -e.args[0].number;
    if (const Expr& n = e.kind == Expr::Kind::number ? e : e.args[0]; !n.fraction.empty()) {
      error(e.pos, fmt::format("{} is a whole number, not {}", what, to_string(e)));
      return false;
    }
    if (out < lo || out > hi) {
      error(e.pos, fmt::format("{} must be between {} and {}, not {}", what, lo, hi, out));
      return false;
    }
    return true;
  }
  error(e.pos, fmt::format("expected {} (a number), found '{}'", what, to_string(e)));
  return false;
}

void CheckContext::unknown_name(const Expr& e, std::string_view what, const std::vector<std::string>& known) {
  std::string msg = fmt::format("unknown {} '{}'", what, e.text);
  std::string guess = closest_name(e.text, known);
  if (!guess.empty()) msg += fmt::format("; did you mean '{}'?", guess);
  else if (!known.empty() && known.size() <= 12) msg += fmt::format("; expected one of: {}", join(known));
  error(e.pos, msg);
}

std::string CheckContext::word(const Arg* a, std::string_view what, std::initializer_list<const char*> allowed) {
  if (!a || !identifier(a->value, "a word")) return "";
  for (const char* w : allowed)
    if (a->value.text == w) return w;
  std::vector<std::string> v(allowed.begin(), allowed.end());
  error(a->value.pos, fmt::format("unknown value '{}' for {}; expected one of: {}", a->value.text,
                                  a->name.empty() ? std::string(what) : a->name, join(v)));
  return "";
}

int CheckContext::find_player(std::string_view n) const {
  for (size_t i = 0; i < program.players.size(); ++i)
    if (program.players[i].name == n) return static_cast<int>(i);
  return -1;
}

int CheckContext::find_kind(std::string_view n) const {
  for (size_t i = 0; i < program.kinds.size(); ++i)
    if (program.kinds[i].name == n) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> CheckContext::player_names() const {
  std::vector<std::string> v;
  for (const auto& p : program.players) v.push_back(p.name);
  return v;
}

std::vector<std::string> CheckContext::kind_names() const {
  std::vector<std::string> v;
  for (const auto& k : program.kinds) v.push_back(k.name);
  return v;
}

std::vector<std::string> CheckContext::cell_names() const {
  std::vector<std::string> v;
  for (int c = 0; c < board->cell_count(); ++c) v.push_back(board->cell(c).name);
  return v;
}

// A board file reads `a1..c3` as a block (every file and rank between the ends), a rules
// file as a line of the board: where the two differ (the ends share neither their letters
// nor their number), the line is what this file gets, and the warning says so.
void CheckContext::warn_line_not_block(const Expr& range, const std::vector<int>& line) {
  const auto [letters_a, number_a] = split_cell_name(range.args[0].text);
  const auto [letters_b, number_b] = split_cell_name(range.args[1].text);
  if (letters_a == letters_b || number_a == number_b) return;
  std::string cells;
  for (int c : line) cells += (cells.empty() ? "" : " ") + board->cell(c).name;
  warning(range.pos, fmt::format("'{}' is the line {} here, as every range of a rules file, but in a board file the "
                                 "same range is the block of every file and rank between its ends: list the cells "
                                 "or name a zone of the board to say which is meant",
                                 to_string(range), cells));
}

namespace {

// Whether `name` is a square the board leaves out: a file and a rank of its cells (d4, where
// d1 and a4 are cells) that is not one, a hole or a cut corner. A nearby name would be a
// wrong guess there.
bool is_missing_square(const BoardGraph& board, const std::string& name) {
  const size_t digits = name.find_first_of("0123456789");
  if (digits == 0 || digits == std::string::npos || name.find_first_not_of("0123456789", digits) != std::string::npos)
    return false;
  const std::string file = name.substr(0, digits), rank = name.substr(digits);
  bool file_used = false, rank_used = false;
  for (int c = 0; c < board.cell_count(); ++c) {
    const std::string& n = board.cell(c).name;
    const size_t d = n.find_first_of("0123456789");
    if (d == std::string::npos) continue;
    file_used = file_used || (d == file.size() && n.compare(0, d, file) == 0);
    rank_used = rank_used || n.substr(d) == rank;
  }
  return file_used && rank_used;
}

}  // namespace

bool CheckContext::cells_of(const Expr& e, std::vector<int>& out) {
  if (!board) return false;
  if (e.kind == Expr::Kind::identifier) {
    int c = board->find_cell(e.text);
    if (c != kNoCell) return out.push_back(c), true;
    if (const auto* z = board->find_zone(e.text)) return out.insert(out.end(), z->begin(), z->end()), true;
    if (is_missing_square(*board, e.text)) {
      error(e.pos, fmt::format("'{}' is not a cell: the board '{}' has no square there (a hole, or a corner cut off)",
                               e.text, board->name));
      return false;
    }
    std::vector<std::string> known = cell_names();
    for (const auto& [name, cells] : board->zones()) known.push_back(name);
    unknown_name(e, "cell or zone", known);
    return false;
  }
  if (e.kind == Expr::Kind::range && e.args[0].kind == Expr::Kind::identifier &&
      e.args[1].kind == Expr::Kind::identifier) {
    int a = board->find_cell(e.args[0].text), b = board->find_cell(e.args[1].text);
    if (a == kNoCell) unknown_name(e.args[0], "cell", cell_names());
    if (b == kNoCell) unknown_name(e.args[1], "cell", cell_names());
    if (a == kNoCell || b == kNoCell) return false;
    if (a == b) return out.push_back(a), true;
    for (int d = 0; d < program.dirs; ++d) {
      const int16_t* ray = program.ray(a, d);
      for (int k = 0; k < program.ray_len(a, d); ++k)
        if (ray[k] == b) {
          const size_t first = out.size();
          out.push_back(a);
          out.insert(out.end(), ray, ray + k + 1);
          warn_line_not_block(e, std::vector<int>(out.begin() + static_cast<std::ptrdiff_t>(first), out.end()));
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

bool CheckContext::directions_of(const Expr& e, int seat, std::vector<int>& out, bool report) {
  bool ok = true;
  for (const Expr* c : choices(e)) {
    if (c->kind != Expr::Kind::identifier) {
      if (report)
        error(c->pos, fmt::format("expected a direction name such as 'n' or 'forward', found '{}'", to_string(*c)));
      ok = false;
      continue;
    }
    int d = board->find_direction(c->text);
    if (d != kNoDirection) {
      out.push_back(d);
      continue;
    }
    if (const auto* g = board->find_direction_group(c->text)) {
      out.insert(out.end(), g->begin(), g->end());
      continue;
    }
    const Orientation* o = program.seats.empty() ? nullptr : program.seats[seat].orientation;
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
    for (const auto& orient : board->orientations()) relative_somewhere |= orient.relative.count(c->text) > 0;
    // A seat whose facing= was misnamed has been told so: its relative directions are not
    // errors of their own (a typo in a variant would otherwise be reported all over its base).
    if (relative_somewhere && !o && !program.seats.empty() && has_shared(kMisnamedFacing) &&
        shared<std::set<std::string>>(kMisnamedFacing).count(program.seats[seat].name))
      continue;
    if (relative_somewhere && !o && !program.seats.empty()) {
      error(c->pos, fmt::format("'{}' is relative to a player's orientation, but {} '{}' has none; add "
                                "facing=... to its `{}` line",
                                c->text, seats_declared ? "seat" : "player", program.seats[seat].name,
                                seats_declared ? "seats" : "player"));
      continue;
    }
    std::vector<std::string> known;
    for (int k = 0; k < board->direction_count(); ++k) known.push_back(board->direction(k).name);
    for (const auto& [name, dirs] : board->direction_groups()) known.push_back(name);
    if (o)
      for (const auto& [name, dir] : o->relative) known.push_back(name);
    unknown_name(*c, "direction", known);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return ok;
}

bool CheckContext::directions_per_seat(const Expr& e, std::vector<std::vector<int>>& out) {
  out.assign(program.seat_count(), {});
  for (int st = 0; st < program.seat_count(); ++st)
    if (!directions_of(e, st, out[st], st == 0 || !reported_dirs_)) {
      reported_dirs_ = true;
      return false;
    }
  return true;
}

bool CheckContext::directions_or_all(const Expr* e, std::vector<std::vector<int>>& out) {
  if (e) return directions_per_seat(*e, out);
  std::vector<int> all(program.dirs);
  for (int d = 0; d < program.dirs; ++d) all[d] = d;
  out.assign(program.seat_count(), all);
  return true;
}

uint32_t CheckContext::kinds_of(const Expr& e) {
  uint32_t mask = 0;
  for (const Expr* c : choices(e)) {
    if (!identifier(*c, "a piece kind")) continue;
    int k = find_kind(c->text);
    if (k < 0) unknown_name(*c, "piece kind", kind_names());
    else mask |= 1u << k;
  }
  return mask;
}

bool CheckContext::player_ref(const Expr& e, PlayerSpec& out, bool allow_all) {
  if (!identifier(e, "a player (mover, opponent or a player name)")) return false;
  if (e.text == "mover") return out.who = PlayerRef::mover, true;
  if (e.text == "all" && allow_all) return out.who = PlayerRef::all, true;
  if (e.text == "opponent") {
    if (program.player_count() > 2) {
      error(e.pos, "'opponent' is ambiguous with more than two players; name the player");
      return false;
    }
    return out.who = PlayerRef::opponent, true;
  }
  int p = find_player(e.text);
  if (p >= 0) return out.who = PlayerRef::fixed, out.fixed = p, true;
  std::vector<std::string> known = player_names();
  known.insert(known.begin(), {"mover", "opponent"});
  unknown_name(e, "player", known);
  return false;
}

int CheckContext::find_zone(const Expr& e) {
  if (!identifier(e, "a zone")) return -1;
  for (size_t i = 0; i < program.zones.size(); ++i)
    if (program.zones[i].name == e.text) return static_cast<int>(i);
  // A zone of the board file is the same for every player.
  if (board)
    if (const auto* cells = board->find_zone(e.text)) {
      ZoneDef z;
      z.name = e.text;
      z.cells.assign(program.player_count(), std::vector<uint8_t>(board->cell_count(), 0));
      for (auto& mask : z.cells)
        for (int c : *cells) mask[c] = 1;
      program.zones.push_back(std::move(z));
      return static_cast<int>(program.zones.size()) - 1;
    }
  if (!board) return -1;  // without the board, zones could not be declared: not the designer's error
  std::vector<std::string> known;
  for (const auto& z : program.zones) known.push_back(z.name);
  for (const auto& [name, cells] : board->zones()) known.push_back(name);  // the board file's too
  unknown_name(e, "zone (declared with `zone`)", known);
  return -1;
}

}  // namespace tabula
