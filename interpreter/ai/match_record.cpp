#include "ai/match_record.hpp"

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <map>
#include <variant>

#include "diag/source_file.hpp"

namespace tabula {

std::string json_quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\', out += c;
    else if (c == '\n') out += "\\n";
    else if (static_cast<unsigned char>(c) < 0x20) out += fmt::format("\\u{:04x}", c);
    else out += c;
  }
  return out + "\"";
}

std::string to_json_line(const GameRecord& g) {
  auto list = [](const auto& items, auto format) {
    std::string out = "[";
    for (size_t i = 0; i < items.size(); ++i) out += (i ? "," : "") + format(items[i]);
    return out + "]";
  };
  return fmt::format(
      "{{\"game\":{},\"seed\":{},\"rules\":{},\"seats\":{},\"winner\":{},\"plies\":{},\"cut\":{},\"legal_moves\":{},"
      "\"seconds\":{},\"moves_made\":{},\"moves\":{}}}",
      g.game, g.seed, json_quote(g.rules), list(g.seats, json_quote), g.winner, g.plies, g.cut ? "true" : "false",
      g.legal_moves, list(g.seconds, [](double x) { return fmt::format("{:.6f}", x); }),
      list(g.moves_made, [](int x) { return std::to_string(x); }), json_quote(g.moves));
}

namespace {

// Just enough JSON for the lines above: an object of strings, numbers, booleans and flat
// arrays of strings or numbers.
struct Value {
  std::variant<std::string, double, bool, std::vector<Value>> v;
};

class Reader {
 public:
  explicit Reader(const std::string& text) : t_(text) {}

  bool object(std::map<std::string, Value>& out) {
    if (!eat('{')) return fail("expected '{'");
    if (eat('}')) return true;
    do {
      std::string key;
      Value value;
      if (!string(key) || !eat(':') || !value_of(value)) return fail("expected \"key\": value");
      out[key] = std::move(value);
    } while (eat(','));
    if (!eat('}')) return fail("expected ',' or '}'");
    skip();
    return i_ == t_.size() || fail("text after the object");
  }
  std::string error;

 private:
  void skip() {
    while (i_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[i_]))) ++i_;
  }
  bool eat(char c) {
    skip();
    if (i_ < t_.size() && t_[i_] == c) return ++i_, true;
    return false;
  }
  bool fail(const std::string& why) {
    if (error.empty()) error = fmt::format("{} at column {}", why, i_ + 1);
    return false;
  }
  bool string(std::string& out) {
    if (!eat('"')) return false;
    while (i_ < t_.size() && t_[i_] != '"') {
      char c = t_[i_++];
      if (c == '\\' && i_ < t_.size()) {
        char e = t_[i_++];
        if (e == 'n') c = '\n';
        else if (e == 'u' && i_ + 4 <= t_.size()) c = static_cast<char>(std::strtol(t_.substr(i_, 4).c_str(), nullptr, 16)), i_ += 4;
        else c = e;
      }
      out += c;
    }
    return i_ < t_.size() && t_[i_++] == '"';
  }
  bool value_of(Value& out) {
    skip();
    if (i_ >= t_.size()) return false;
    char c = t_[i_];
    if (c == '"') {
      std::string s;
      if (!string(s)) return false;
      out.v = std::move(s);
      return true;
    }
    if (c == '[') {
      ++i_;
      std::vector<Value> items;
      if (!eat(']')) {
        do {
          Value item;
          if (!value_of(item)) return false;
          items.push_back(std::move(item));
        } while (eat(','));
        if (!eat(']')) return false;
      }
      out.v = std::move(items);
      return true;
    }
    if (t_.compare(i_, 4, "true") == 0) return i_ += 4, out.v = true, true;
    if (t_.compare(i_, 5, "false") == 0) return i_ += 5, out.v = false, true;
    const char* start = t_.c_str() + i_;
    char* end = nullptr;
    double d = std::strtod(start, &end);
    if (end == start) return false;
    i_ += static_cast<size_t>(end - start);
    out.v = d;
    return true;
  }

  const std::string& t_;
  size_t i_ = 0;
};

}  // namespace

std::optional<GameRecord> parse_json_line(const std::string& line, std::string& error) {
  std::map<std::string, Value> o;
  Reader reader(line);
  if (!reader.object(o)) {
    error = reader.error.empty() ? "not a JSON object" : reader.error;
    return std::nullopt;
  }
  GameRecord g;
  std::string missing;
  auto number = [&](const char* key) -> double {
    auto it = o.find(key);
    if (it != o.end())
      if (auto* d = std::get_if<double>(&it->second.v)) return *d;
    if (missing.empty()) missing = key;
    return 0;
  };
  auto text = [&](const char* key) -> std::string {
    auto it = o.find(key);
    if (it != o.end())
      if (auto* s = std::get_if<std::string>(&it->second.v)) return *s;
    if (missing.empty()) missing = key;
    return "";
  };
  auto list = [&](const char* key) -> std::vector<Value> {
    auto it = o.find(key);
    if (it != o.end())
      if (auto* l = std::get_if<std::vector<Value>>(&it->second.v)) return *l;
    if (missing.empty()) missing = key;
    return {};
  };
  g.game = static_cast<int>(number("game"));
  // Seeds are 64-bit: read them from the text, not through a double.
  if (auto at = line.find("\"seed\":"); at != std::string::npos) g.seed = std::strtoull(line.c_str() + at + 7, nullptr, 10);
  else missing = "seed";
  g.rules = text("rules");
  for (const auto& v : list("seats"))
    if (auto* s = std::get_if<std::string>(&v.v)) g.seats.push_back(*s);
  g.winner = static_cast<int>(number("winner"));
  g.plies = static_cast<int>(number("plies"));
  if (auto it = o.find("cut"); it != o.end() && std::holds_alternative<bool>(it->second.v)) g.cut = std::get<bool>(it->second.v);
  else if (missing.empty()) missing = "cut";
  g.legal_moves = static_cast<uint64_t>(number("legal_moves"));
  for (const auto& v : list("seconds"))
    if (auto* d = std::get_if<double>(&v.v)) g.seconds.push_back(*d);
  for (const auto& v : list("moves_made"))
    if (auto* d = std::get_if<double>(&v.v)) g.moves_made.push_back(static_cast<int>(*d));
  if (auto it = o.find("moves"); it != o.end())
    if (auto* s = std::get_if<std::string>(&it->second.v)) g.moves = *s;
  if (!missing.empty()) {
    error = fmt::format("no \"{}\" field", missing);
    return std::nullopt;
  }
  if (g.seats.empty() || g.seconds.size() != g.seats.size() || g.moves_made.size() != g.seats.size() ||
      g.winner < -1 || g.winner >= static_cast<int>(g.seats.size())) {
    error = "the seats, seconds, moves_made and winner fields do not agree";
    return std::nullopt;
  }
  return g;
}

namespace {

// std::getline, but a line stops growing one byte past kMaxInputBytes (the rest of it is
// skipped): a file without line breaks must not take all memory.
bool read_line(std::istream& in, std::string& line) {
  line.clear();
  int ch;
  bool any = false;
  while ((ch = in.get()) != std::char_traits<char>::eof()) {
    any = true;
    if (ch == '\n') break;
    if (line.size() <= kMaxInputBytes) line += static_cast<char>(ch);
  }
  return any;
}

}  // namespace

std::optional<std::vector<GameRecord>> read_results_file(const std::string& path, std::string& error,
                                                         std::vector<int>* lines) {
  std::vector<GameRecord> games;
  // A device such as /dev/zero would never end (docs/ROBUSTNESS.md, "Input limits").
  std::error_code ec;
  auto status = std::filesystem::status(path, ec);
  if (!ec && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) {
    error = fmt::format("'{}' is not a regular file (a device or a pipe?); a results file must be a regular file", path);
    return std::nullopt;
  }
  std::ifstream in(path);
  std::string line, why;
  for (int n = 1; read_line(in, line); ++n) {
    if (line.size() > kMaxInputBytes) {
      error = fmt::format("{}:{}: the line is longer than the {} limit for a line of a results file", path, n,
                          kMaxInputText);
      return std::nullopt;
    }
    if (line.empty()) continue;
    auto g = parse_json_line(line, why);
    if (!g) {
      error = fmt::format("{}:{}: {}", path, n, why);
      return std::nullopt;
    }
    games.push_back(std::move(*g));
    if (lines) lines->push_back(n);
  }
  return games;
}

}  // namespace tabula
