#include "ai/agent.hpp"

#include <fmt/format.h>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>

#include "ai/alphabeta_agent.hpp"
#include "ai/mcts_agent.hpp"
#include "ai/random_agent.hpp"

namespace tabula {
namespace {

std::optional<long long> whole_number(std::string_view text) {
  long long v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

// The bounds of every number in a player spec: a search that never ends, or a number that
// is not one (nan, inf), is refused with the range.
constexpr double kMinSeconds = 0.001, kMaxSeconds = 3600;
constexpr long long kMaxIterations = 100000000;  // mcts:N (a node's visit count is 32 bits)
constexpr long long kMaxPlayouts = 1000000;      // mc:N
constexpr long long kMaxDepth = 64;

// "2s", "1.5s", "500ms" -> seconds, from 1 ms to one hour.
std::optional<double> duration(std::string_view text) {
  double scale = 1;
  if (text.size() > 2 && text.substr(text.size() - 2) == "ms") text.remove_suffix(2), scale = 0.001;
  else if (text.size() > 1 && text.back() == 's') text.remove_suffix(1);
  else return std::nullopt;
  // Digits only: from_chars would also read "inf", "nan" and "infinity".
  if (text.empty() || !(std::isdigit(static_cast<unsigned char>(text.front())) || text.front() == '.'))
    return std::nullopt;
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(v)) return std::nullopt;
  v *= scale;
  if (v < kMinSeconds || v > kMaxSeconds) return std::nullopt;
  return v;
}

constexpr long long kMaxCutoff = 100000;  // plies of a cut-off playout

constexpr const char* kExpected =
    "expected random, mc:N, mcts:N, mcts:TIME, mcts:N:cutoff:PLIES, alphabeta:DEPTH, alphabeta:DEPTH:TIME or "
    "search:DEPTH (TIME like 1s or "
    "500ms)";

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t seed, std::string& error) {
  std::string_view kind = spec, arg;
  if (auto colon = spec.find(':'); colon != std::string::npos)
    kind = std::string_view(spec).substr(0, colon), arg = std::string_view(spec).substr(colon + 1);

  if (kind == "random" && arg.empty()) return std::make_unique<RandomAgent>(seed);
  if (kind == "mc") {
    auto n = whole_number(arg);
    if (n && *n >= 1 && *n <= kMaxPlayouts) return std::make_unique<FlatMonteCarloAgent>(static_cast<int>(*n), seed);
    error = fmt::format("'{}': mc takes the number of playouts per move, 1 to {}", spec, kMaxPlayouts);
    return nullptr;
  }
  if (kind == "mcts") {
    // mcts:BUDGET[:cutoff:PLIES] (no "=": `play --players` reads "SEAT=SPEC")
    std::string_view budget = arg, option;
    if (auto colon = arg.find(':'); colon != std::string_view::npos)
      budget = arg.substr(0, colon), option = arg.substr(colon + 1);
    std::optional<long long> cutoff = 0;
    if (!option.empty()) cutoff = option.starts_with("cutoff:") ? whole_number(option.substr(7)) : std::nullopt;
    if (!cutoff || *cutoff < 0 || *cutoff > kMaxCutoff) {
      error = fmt::format("'{}': mcts takes one option, cutoff:PLIES (0 to {}): mcts:1000:cutoff:40", spec, kMaxCutoff);
      return nullptr;
    }
    if (auto n = whole_number(budget); n && *n >= 1 && *n <= kMaxIterations)
      return std::make_unique<MctsAgent>(static_cast<uint64_t>(*n), 0, seed, 1.0, static_cast<int>(*cutoff));
    if (auto t = duration(budget)) return std::make_unique<MctsAgent>(0, *t, seed, 1.0, static_cast<int>(*cutoff));
    error = fmt::format(
        "'{}': mcts takes an iteration count from 1 to {} (mcts:1000) or a time per move from 1ms to {}s (mcts:1s, "
        "mcts:500ms), then optionally :cutoff:PLIES",
        spec, kMaxIterations, kMaxSeconds);
    return nullptr;
  }
  if (kind == "alphabeta" || kind == "search") {
    if (arg.empty() && kind == "search") return std::make_unique<AlphaBetaAgent>(2, 0, seed);
    std::string_view depth_text = arg, time_text;
    if (auto colon = arg.find(':'); colon != std::string_view::npos)
      depth_text = arg.substr(0, colon), time_text = arg.substr(colon + 1);
    auto depth = whole_number(depth_text);
    std::optional<double> seconds = time_text.empty() ? std::optional<double>(0) : duration(time_text);
    if (!depth && time_text.empty() && kind == "alphabeta") {  // alphabeta:TIME
      seconds = duration(depth_text);
      depth = kMaxDepth;
    }
    if (depth && *depth >= 1 && *depth <= kMaxDepth && seconds)
      return std::make_unique<AlphaBetaAgent>(static_cast<int>(*depth), *seconds, seed);
    error =
        fmt::format("'{}': {} takes a depth from 1 to {}, optionally with a time per move from 1ms to {}s ({}:4:1s)",
                    spec, kind, kMaxDepth, kMaxSeconds, kind);
    return nullptr;
  }
  error = fmt::format("unknown player '{}'; {}", spec, kExpected);
  return nullptr;
}

std::string check_agent_spec(const std::string& spec) {
  std::string error;
  return make_agent(spec, 0, error) ? "" : error;
}

}  // namespace tabula
