#include "players/agent_spec.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "syntax/name_suggest.hpp"

namespace tabula {
namespace {

constexpr double kMinSeconds = 0.001, kMaxSeconds = 3600;
constexpr uint64_t kMaxIterations = 100000000;  // mcts:N (a node's visit count is 32 bits)
constexpr uint64_t kMaxPlayouts = 1000000;      // mc:N
constexpr uint64_t kMaxDepth = 64;
constexpr uint64_t kMaxAutoPositions = 1000000000;  // auto:N

// One option of the players: who takes it, its range, and whether it is on|off.
struct OptionRule {
  const char* name;
  const char* kinds;  // space-separated kinds that take it
  double min, max;
  bool whole;   // digits only (else a decimal number)
  bool on_off;  // on|off
  const char* means;
};

// The table of options, in the order a canonical spec writes them (docs/AI.md).
constexpr OptionRule kOptions[] = {
    {"cutoff", "mcts", 0, 100000, true, false, "plies per playout before the evaluation scores it (0: to the end)"},
    {"explore", "mcts puct", 0, 10, false, false, "the exploration constant of UCT (mcts) or PUCT (puct)"},
    {"batch", "puct", 1, 4096, true, false, "positions valued per call of the evaluator"},
    {"solver", "mcts", 0, 1, true, true, "back up proven wins and losses"},
    {"rave", "mcts", 0, 1000000, true, false, "RAVE's equivalence visits (0: no all-moves-as-first statistics)"},
    {"bias", "mcts", 0, 1000, false, false, "progressive bias from the evaluation (0: none)"},
    {"minimax", "mcts", 0, 1, false, false, "weight of the implicit minimax value of the evaluations (0: none)"},
    {"threads", "mcts alphabeta auto", 1, 64, true, false,
     "search threads (MCTS: one tree, virtual loss; alpha-beta: lazy SMP, one shared table)"},
    {"nodes", "alphabeta", 1, 1e12, true, false,
     "positions searched a move at most (a count: the same move on every machine, whatever its speed)"},
    {"tuned", "mcts alphabeta auto puct", 0, 1, true, true,
     "the rules' tuned evaluation weights (on) or the untuned ones"},
    {"temp", "mc mcts alphabeta auto puct", 0, 100, false, false, "temperature of the move choice in the opening"},
    {"temp-plies", "mc mcts alphabeta auto puct", 0, 100000, true, false, "plies of the game the temperature lasts"},
    {"temp-margin", "mc mcts alphabeta auto puct", 0, 1, false, false,
     "the temperature draws only moves at least this many times as likely as the best at temperature 1"},
};

const OptionRule* option_rule(std::string_view name) {
  for (const auto& r : kOptions)
    if (name == r.name) return &r;
  return nullptr;
}

bool takes(const OptionRule& r, std::string_view kind) {
  std::string_view kinds = r.kinds;
  for (size_t start = 0; start <= kinds.size();) {
    size_t end = kinds.find(' ', start);
    if (end == std::string_view::npos) end = kinds.size();
    if (kinds.substr(start, end - start) == kind) return true;
    start = end + 1;
  }
  return false;
}

std::optional<uint64_t> whole_number(std::string_view text) {
  uint64_t v = 0;
  if (text.empty() || !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::nullopt;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// Digits with at most one point: from_chars alone would also read "inf", "nan", "1e9".
std::optional<double> decimal(std::string_view text) {
  if (text.empty() || std::count(text.begin(), text.end(), '.') > 1 ||
      !std::all_of(text.begin(), text.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; }) || text == ".")
    return std::nullopt;
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// "2s", "1.5s", "500ms" -> seconds, from 1 ms to one hour.
std::optional<double> duration(std::string_view text) {
  double scale = 1;
  if (text.size() > 2 && text.substr(text.size() - 2) == "ms") text.remove_suffix(2), scale = 0.001;
  else if (text.size() > 1 && text.back() == 's') text.remove_suffix(1);
  else return std::nullopt;
  auto v = decimal(text);
  if (!v) return std::nullopt;
  double seconds = *v * scale;
  if (seconds < kMinSeconds || seconds > kMaxSeconds) return std::nullopt;
  return seconds;
}

std::vector<std::string_view> split_colons(std::string_view text) {
  std::vector<std::string_view> out;
  for (size_t start = 0;;) {
    size_t colon = text.find(':', start);
    out.push_back(text.substr(start, colon == std::string_view::npos ? std::string_view::npos : colon - start));
    if (colon == std::string_view::npos) return out;
    start = colon + 1;
  }
}

std::string number_text(double v) {
  if (v == std::floor(v) && std::abs(v) < 1e15) return fmt::format("{}", static_cast<long long>(v));
  return fmt::format("{}", v);
}

std::string budget_error(std::string_view spec, std::string_view kind) {
  if (kind == "mc")
    return fmt::format(
        "'{}': mc takes the number of playouts per move, 1 to {} (mc:100), or a time per move (mc:100ms)", spec,
        kMaxPlayouts);
  if (kind == "mcts" || kind == "puct")
    return fmt::format(
        "'{}': {} takes an iteration count from 1 to {} ({}:1000) or a time per move from 1ms to {}s ({}:1s, "
        "{}:100ms), then options NAME:VALUE",
        spec, kind, kMaxIterations, kind, kMaxSeconds, kind, kind);
  if (kind == "auto")
    return fmt::format(
        "'{}': auto takes a count of positions to search a move from 1 to {} (auto:50000) or a time per move from 1ms "
        "to {}s (auto:100ms), then options NAME:VALUE",
        spec, kMaxAutoPositions, kMaxSeconds);
  return fmt::format(
      "'{}': {} takes a depth from 1 to {}, optionally with a time per move from 1ms to {}s ({}:4:1s), "
      "or a time alone ({}:100ms)",
      spec, kind, kMaxDepth, kMaxSeconds, kind, kind);
}

std::string options_of(std::string_view kind) {
  std::string out;
  for (const auto& r : kOptions)
    if (takes(r, kind)) out += (out.empty() ? "" : ", ") + std::string(r.name);
  return out;
}

// "; did you mean 'X'?" when one of `known` is near `word`, else "".
std::string suggestion(std::string_view word, const std::vector<std::string>& known) {
  const std::string guess = closest_name(word, known);
  return guess.empty() ? "" : fmt::format("; did you mean '{}'?", guess);
}
std::vector<std::string> option_names(std::string_view kind) {
  std::vector<std::string> names;
  for (const auto& r : kOptions)
    if (takes(r, kind)) names.emplace_back(r.name);
  return names;
}

}  // namespace

const char* const kAgentSpecForms =
    "expected random, mc:N, mc:TIME, mcts:N, mcts:TIME, puct:N, puct:TIME, alphabeta:DEPTH, alphabeta:DEPTH:TIME, "
    "alphabeta:TIME, "
    "auto:N, auto:TIME or search:DEPTH (TIME like 1s or 100ms), then options NAME:VALUE (docs/AI.md)";

std::string duration_text(double seconds) {
  if (seconds < 1) return fmt::format("{}ms", std::lround(seconds * 1000));
  return fmt::format("{}s", number_text(seconds));
}

double AgentSpec::option(std::string_view name, double fallback) const {
  for (const auto& o : options)
    if (o.name == name) return o.value;
  return fallback;
}

bool AgentSpec::has(std::string_view name) const {
  return std::any_of(options.begin(), options.end(), [&](const Option& o) { return o.name == name; });
}

std::string AgentSpec::text() const {
  std::string out = kind;
  if (kind == "alphabeta") {
    if (!seconds || count != kMaxDepth) out += fmt::format(":{}", count);
    if (seconds) out += fmt::format(":{}", duration_text(seconds));
  } else if (kind != "random") {
    out += fmt::format(":{}", seconds ? duration_text(seconds) : std::to_string(count));
  }
  for (const auto& r : kOptions)
    for (const auto& o : options)
      if (o.name == r.name)
        out += fmt::format(":{}:{}", o.name, r.on_off ? (o.value ? "on" : "off") : number_text(o.value));
  return out;
}

std::optional<AgentSpec> parse_agent_spec(std::string_view text, std::string& error) {
  auto parts = split_colons(text);
  AgentSpec spec;
  std::string_view kind = parts[0];
  if (kind == "search") {  // the former fixed-depth player: alphabeta at that depth
    if (parts.size() == 1) parts.push_back("2");
    if (parts.size() != 2 || !whole_number(parts[1]) || *whole_number(parts[1]) < 1 ||
        *whole_number(parts[1]) > kMaxDepth) {
      error = budget_error(text, "search");
      return std::nullopt;
    }
    kind = "alphabeta";
  }
  spec.kind = std::string(kind);
  if (kind == "random") {
    if (parts.size() == 1) return spec;
    error = fmt::format("'{}': random takes no budget or option", text);
    return std::nullopt;
  }
  if (kind != "mc" && kind != "mcts" && kind != "puct" && kind != "alphabeta" && kind != "auto") {
    const std::string guess = closest_name(kind, {"random", "mc", "mcts", "puct", "alphabeta", "auto", "search"});
    error = fmt::format("unknown player '{}'{}; {}", text,
                        guess.empty() ? "" : fmt::format(" (did you mean '{}'?)", guess), kAgentSpecForms);
    return std::nullopt;
  }
  if (parts.size() < 2) {
    error = budget_error(text, kind);
    return std::nullopt;
  }
  // The budget: a count or a time; alpha-beta takes a depth, a depth and a time, or a time.
  size_t next = 2;
  const uint64_t max_count = kind == "mc"                       ? kMaxPlayouts
                             : kind == "mcts" || kind == "puct" ? kMaxIterations
                             : kind == "auto"                   ? kMaxAutoPositions
                                                                : kMaxDepth;
  if (auto n = whole_number(parts[1])) {
    if (*n < 1 || *n > max_count) {
      error = budget_error(text, kind);
      return std::nullopt;
    }
    spec.count = *n;
    if (kind == "alphabeta" && parts.size() > 2 && duration(parts[2])) spec.seconds = *duration(parts[2]), next = 3;
  } else if (auto t = duration(parts[1])) {
    spec.seconds = *t;
    if (kind == "alphabeta") spec.count = kMaxDepth;
  } else {
    error = budget_error(text, kind);
    return std::nullopt;
  }
  // Options: NAME:VALUE pairs.
  for (size_t i = next; i < parts.size(); i += 2) {
    const OptionRule* rule = option_rule(parts[i]);
    if (!rule && kind == "alphabeta" && i == 2) {  // a time after the depth that is not one
      error = budget_error(text, kind);
      return std::nullopt;
    }
    if (!rule || !takes(*rule, kind)) {
      error = fmt::format("'{}': {} takes the options {}; '{}' is not one of them{}", text, kind, options_of(kind),
                          parts[i], suggestion(parts[i], option_names(kind)));
      return std::nullopt;
    }
    if (spec.has(rule->name)) {
      error = fmt::format("'{}': the option {} is given twice", text, rule->name);
      return std::nullopt;
    }
    std::optional<double> value;
    if (i + 1 < parts.size()) {
      std::string_view v = parts[i + 1];
      if (rule->on_off)
        value = v == "on" ? std::optional<double>(1) : v == "off" ? std::optional<double>(0) : std::nullopt;
      else if (rule->whole)
        value = whole_number(v) ? std::optional<double>(static_cast<double>(*whole_number(v))) : std::nullopt;
      else value = decimal(v);
    }
    if (!value || *value < rule->min || *value > rule->max) {
      std::string range = rule->on_off ? "on or off"
                                       : fmt::format("{} from {} to {}", rule->whole ? "a whole number" : "a number",
                                                     number_text(rule->min), number_text(rule->max));
      error = fmt::format("'{}': the option {} takes {} ({})", text, rule->name, range, rule->means);
      return std::nullopt;
    }
    spec.options.push_back({rule->name, *value});
  }
  return spec;
}

}  // namespace tabula
