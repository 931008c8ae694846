#include "engine/text/game_record.hpp"

#include <fmt/format.h>
#include <cctype>
#include <optional>

#include "engine/state_drawing.hpp"
#include "engine/text/move_text.hpp"
#include "engine/text/position_text.hpp"

namespace tabula {
namespace {

constexpr size_t kLineWidth = 80;

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }
bool is_tag_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_move_number(std::string_view t) {
  size_t i = 0;
  while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i]))) ++i;
  if (i == 0 || i == t.size()) return false;
  while (i < t.size() && t[i] == '.') ++i;
  return i == t.size();
}

bool is_result_marker(std::string_view t) {
  while (t.size() > 1 && t.back() == '.') t.remove_suffix(1);  // "1-0." ends a sentence
  return t == "1-0" || t == "0-1" || t == "1/2" || t == "1/2-1/2" || t == "+-" || t == "-+" || t == "=" || t == "..." ||
         t == "*";
}

// A marker that ends a game's moves (PGN's results, and "*" for a game not finished): the
// other markers (evaluations "+-", "=", the dots of "12. ...") may stand between moves.
bool ends_moves(std::string_view t) {
  while (t.size() > 1 && t.back() == '.') t.remove_suffix(1);
  return t == "1-0" || t == "0-1" || t == "1/2" || t == "1/2-1/2" || t == "*";
}

// A line that starts a tag: optional blanks, '[', a letter, a word, a blank, a quote.
bool starts_tag(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  if (i + 1 >= line.size() || line[i] != '[' || !std::isalpha(static_cast<unsigned char>(line[i + 1]))) return false;
  i += 1;
  while (i < line.size() && is_tag_name_char(line[i])) ++i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i < line.size() && line[i] == '"';
}

// `[Name "value"]` with \" and \\ escapes in the value, nothing but blanks around it.
std::optional<RecordTag> parse_tag(std::string_view line, std::string& why, size_t& at) {
  size_t i = line.find('[') + 1;
  RecordTag tag;
  while (i < line.size() && is_tag_name_char(line[i])) tag.name += line[i++];
  while (i < line.size() && line[i] != '"') ++i;
  ++i;  // the opening quote
  for (; i < line.size() && line[i] != '"'; ++i) {
    if (line[i] == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) ++i;
    tag.value += line[i];
  }
  at = i;
  if (i >= line.size()) return why = "the tag's value has no closing quote", std::nullopt;
  ++i;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  at = i;
  if (i >= line.size() || line[i] != ']') return why = "expected ']' after the tag's value", std::nullopt;
  ++i;
  while (i < line.size() && is_space(line[i])) ++i;
  at = i;
  if (i < line.size()) return why = "expected nothing after a tag on its line", std::nullopt;
  return tag;
}

// A comment's text with its brackets balanced, so that it ends where it should.
std::string comment(const std::string& text) {
  int depth = 0;
  bool balanced = true;
  for (char c : text) {
    if (c == '{' || c == '}') balanced = false;
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    balanced = balanced && depth >= 0;
  }
  std::string out = text;
  if (!balanced || depth != 0)
    for (char& c : out) c = c == '(' || c == '{' ? '[' : c == ')' || c == '}' ? ']' : c;
  return "(" + out + ")\n";
}

std::string quote_tag_value(const std::string& value) {
  std::string out;
  for (char c : value) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' || c == '\r' ? ' ' : c;  // one tag, one line
  }
  return out;
}

// A move token as read: the move number in "12.e5-f4" and annotation marks stripped; empty
// for what is not a move (numbers, results, dots).
std::string move_token(std::string token) {
  // "12." and "12..." are move numbers; "2...e5-f4" carries a move after its number.
  size_t dots = token.find("...");
  if (dots != std::string::npos && dots > 0 && is_move_number(token.substr(0, dots + 3)))
    token = token.substr(dots + 3);
  else if (auto dot = token.find('.'); dot != std::string::npos && dot > 0 && is_move_number(token.substr(0, dot + 1)))
    token = token.substr(dot + 1);
  while (!token.empty() && (token.back() == '!' || token.back() == '?')) token.pop_back();
  if (token.empty() || is_move_number(token) || is_result_marker(token) ||
      token.find_first_not_of('.') == std::string::npos)
    return "";
  return token;
}

}  // namespace

const std::string* ParsedRecord::tag(std::string_view name) const {
  for (const auto& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

std::optional<ParsedRecord> parse_record(std::string_view text, std::string& error) {
  ParsedRecord out;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);  // a UTF-8 byte order mark: not a column
  // Open comments: the bracket that closes each, and where it opened (for the error).
  std::string open;
  int open_line = 0, open_column = 0;
  int line_no = 0;
  std::optional<RecordMove> result;  // the result marker read, when one was
  for (size_t start = 0; start <= text.size();) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++line_no;
    if (open.empty() && starts_tag(line)) {
      std::string why;
      size_t at = 0;
      auto tag = parse_tag(line, why, at);
      if (!tag) {
        error = fmt::format("{}:{}: {}; a tag is [Name \"value\"] on a line of its own", line_no, at + 1, why);
        return std::nullopt;
      }
      size_t col = line.find('[') + 1;
      if (!out.moves.empty()) {
        error = fmt::format("{}:{}: the tag [{}] comes after the moves; tags come first, one game per record", line_no,
                            col, tag->name);
        return std::nullopt;
      }
      if (out.tag(tag->name)) {
        error = fmt::format("{}:{}: the tag [{}] is given twice", line_no, col, tag->name);
        return std::nullopt;
      }
      out.tags.push_back(std::move(*tag));
      continue;
    }
    for (size_t i = 0; i < line.size();) {
      char c = line[i];
      int column = static_cast<int>(i) + 1;
      if (!open.empty() && open.back() == '}') {  // braces hold no nested comments (PGN): only '}' counts
        if (c == '}') open.pop_back();
        ++i;
      } else if (c == '(' || c == '{') {
        if (open.empty()) open_line = line_no, open_column = column;
        open += c == '(' ? ')' : '}';
        ++i;
      } else if (c == ')' || c == '}') {
        if (open.empty() || open.back() != c) {
          error = open.empty() ? fmt::format("{}:{}: '{}' closes no comment", line_no, column, c)
                               : fmt::format("{}:{}: '{}' where the comment opened at {}:{} needs '{}'", line_no,
                                             column, c, open_line, open_column, open.back());
          return std::nullopt;
        }
        open.pop_back();
        ++i;
      } else if (is_space(c)) {
        ++i;
      } else {
        size_t j = i;
        while (j < line.size() && !is_space(line[j]) && line[j] != '(' && line[j] != ')' && line[j] != '{' &&
               line[j] != '}')
          ++j;
        std::string raw(line.substr(i, j - i));
        std::string token = move_token(raw);
        if (open.empty() && !token.empty()) {
          if (result) {  // a record ends with its result: moves after it are not the game's
            error =
                fmt::format("{}:{}: the move '{}' comes after the result '{}' at {}:{}; a record ends with its result",
                            line_no, column, token, result->text, result->line, result->column);
            return std::nullopt;
          }
          out.moves.push_back({std::move(token), line_no, column});
        } else if (open.empty() && !result && ends_moves(raw)) {
          result = RecordMove{raw, line_no, column};
        }
        i = j;
      }
    }
  }
  if (!open.empty()) {
    error = fmt::format("{}:{}: this comment is never closed (no '{}' after it), so the moves after it would be lost",
                        open_line, open_column, open.back());
    return std::nullopt;
  }
  return out;
}

std::vector<std::string> record_moves(std::string_view text) {
  std::string error;
  std::vector<std::string> out;
  if (auto r = parse_record(text, error))
    for (auto& m : r->moves) out.push_back(std::move(m.text));
  return out;
}

std::string record_token_problem(std::string_view token) {
  if (token.empty()) return "it is empty, and a record would lose it";
  for (char c : token)
    if (is_space(c) || c == '(' || c == ')' || c == '{' || c == '}')
      return fmt::format("'{}' holds '{}', which a record reads as a break or a comment", token,
                         is_space(c) ? std::string("a blank") : std::string(1, c));
  if (move_token(std::string(token)) != token)
    return fmt::format("a record reads '{}' as a move number, a result or an annotation", token);
  if (starts_tag(std::string(token) + " \"")) return fmt::format("a record reads '{}' as the start of a tag", token);
  return "";
}

std::string record_movetext(const State& s) {
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

std::string record_result(const State& s) {
  GameResult r = s.result();
  const Program& p = s.program();
  if (!r.over) return "*";
  if (p.player_count() == 2) return r.winner < 0 ? "1/2-1/2" : r.winner == 0 ? "1-0" : "0-1";
  return r.winner < 0 ? "draw" : p.players[r.winner].name + " wins";
}

std::string write_record(const State& s, const std::vector<RecordTag>& tags) {
  const Program& p = s.program();
  State start = s;
  while (!start.history().empty()) start.undo();
  std::vector<RecordTag> all{{"Game", p.name}};
  bool has_result = false;
  for (const auto& t : tags) {
    if (t.name == "Game" || t.name == "Position") continue;  // the record's own
    has_result = has_result || t.name == "Result";
    all.push_back(t);
  }
  if (std::string from = position_string(start); from != position_string(State(s.program_ptr())))
    all.push_back({"Position", from});
  if (!has_result) all.push_back({"Result", record_result(s)});
  std::string out;
  for (const auto& t : all) out += fmt::format("[{} \"{}\"]\n", t.name, quote_tag_value(t.value));
  out += '\n';
  // The move text, wrapped between moves (a move number stays with its move).
  std::string line;
  std::string movetext = record_movetext(s);
  for (size_t i = 0; i < movetext.size();) {
    size_t end = movetext.find(' ', i);
    if (end != std::string::npos && is_move_number(movetext.substr(i, end - i))) end = movetext.find(' ', end + 1);
    if (end == std::string::npos) end = movetext.size();
    std::string unit = movetext.substr(i, end - i);
    i = end + 1;
    if (!line.empty() && line.size() + 1 + unit.size() > kLineWidth) out += line + '\n', line.clear();
    line += (line.empty() ? "" : " ") + unit;
  }
  if (!line.empty()) out += line + '\n';
  std::string result = has_result ? "" : record_result(s);
  for (const auto& t : all)
    if (t.name == "Result") result = t.value;
  if (s.is_terminal()) out += comment(result_sentence(s));
  for (const auto& t : all)
    if (t.name == "Termination") out += comment(t.value);
  if (is_result_marker(result)) out += result + '\n';  // "black wins" would read as moves
  return out;
}

int replay_moves(State& s, const ParsedRecord& record, std::string& error,
                 const std::function<void(State&, const Move&)>& before_each) {
  const Program& p = s.program();
  if (const std::string* from = record.tag("Position"); from && *from != position_string(s)) {
    error = fmt::format("the record starts from the position '{}', not from '{}'", *from, position_string(s));
    return -1;
  }
  int applied = 0;
  for (size_t i = 0; i < record.moves.size(); ++i) {
    const RecordMove& token = record.moves[i];
    auto fail = [&](const std::string& why) {
      error = fmt::format("{}:{}: move {} ({}): {}", token.line, token.column, applied + 1, token.text, why);
      return -1;
    };
    if (!p.notation.end_mark.empty() && token.text == p.notation.end_mark) {
      if (i + 1 < record.moves.size())
        return fail(fmt::format("'{}' marks the end of the game, but moves follow it", token.text));
      if (!s.is_terminal())
        return fail(fmt::format("'{}' marks the end of the game, but the game is not over after {} moves", token.text,
                                applied));
      break;
    }
    std::string why;
    auto m = parse_move(s, token.text, why);
    if (!m) return fail(why);
    if (before_each) before_each(s, *m);
    s.apply_unchecked(*m);
    ++applied;
  }
  return applied;
}

int replay_record(State& s, std::string_view text, std::string& error) {
  auto record = parse_record(text, error);
  if (!record) return -1;
  return replay_moves(s, *record, error);
}

}  // namespace tabula
