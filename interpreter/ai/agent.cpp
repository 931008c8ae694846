#include "ai/agent.hpp"

#include <fmt/format.h>
#include <charconv>
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

// "2s", "1.5s", "500ms" -> seconds.
std::optional<double> duration(std::string_view text) {
  double scale = 1;
  if (text.size() > 2 && text.substr(text.size() - 2) == "ms") text.remove_suffix(2), scale = 0.001;
  else if (text.size() > 1 && text.back() == 's') text.remove_suffix(1);
  else return std::nullopt;
  double v = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || end != text.data() + text.size() || v <= 0) return std::nullopt;
  return v * scale;
}

constexpr const char* kExpected =
    "expected random, mc:N, mcts:N, mcts:TIME, alphabeta:DEPTH, alphabeta:DEPTH:TIME or search:DEPTH (TIME like 1s or "
    "500ms)";

}  // namespace

std::unique_ptr<Agent> make_agent(const std::string& spec, uint64_t seed, std::string& error) {
  std::string_view kind = spec, arg;
  if (auto colon = spec.find(':'); colon != std::string::npos)
    kind = std::string_view(spec).substr(0, colon), arg = std::string_view(spec).substr(colon + 1);

  if (kind == "random" && arg.empty()) return std::make_unique<RandomAgent>(seed);
  if (kind == "mc") {
    auto n = whole_number(arg);
    if (n && *n >= 1 && *n <= 1000000) return std::make_unique<FlatMonteCarloAgent>(static_cast<int>(*n), seed);
    error = fmt::format("'{}': mc takes the number of playouts per move, 1 to 1000000", spec);
    return nullptr;
  }
  if (kind == "mcts") {
    if (auto n = whole_number(arg); n && *n >= 1)
      return std::make_unique<MctsAgent>(static_cast<uint64_t>(*n), 0, seed);
    if (auto t = duration(arg)) return std::make_unique<MctsAgent>(0, *t, seed);
    error =
        fmt::format("'{}': mcts takes an iteration count (mcts:1000) or a time per move (mcts:1s, mcts:500ms)", spec);
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
      depth = 64;
    }
    if (depth && *depth >= 1 && *depth <= 64 && seconds)
      return std::make_unique<AlphaBetaAgent>(static_cast<int>(*depth), *seconds, seed);
    error =
        fmt::format("'{}': {} takes a depth from 1 to 64, optionally with a time per move ({}:4:1s)", spec, kind, kind);
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
