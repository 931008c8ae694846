#include "players/player_defaults.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <stdexcept>

#include "players/agent_spec.hpp"

namespace tabula {

const char* const kInformedMcts = "cutoff:2:explore:0.3:minimax:0.6";
const char* const kPlainMcts = "cutoff:0:explore:1:minimax:0";

namespace {

// A choice of the weights file as a spec (the file's line read with a budget put in).
AgentSpec choice(const std::string& what, const std::string& text) {
  std::string error;
  auto spec = parse_agent_spec(text, error);
  if (!spec) throw std::invalid_argument(fmt::format("the weights file's `{}` line: {}", what, error));
  return *spec;
}

}  // namespace

MctsSettings with_mcts_options(MctsSettings s, const AgentSpec& spec) {
  s.cutoff = static_cast<int>(spec.option("cutoff", s.cutoff));
  s.exploration = spec.option("explore", s.exploration);
  s.solver = spec.option("solver", s.solver ? 1 : 0) != 0;
  s.rave = static_cast<uint32_t>(spec.option("rave", s.rave));
  s.bias = spec.option("bias", s.bias);
  s.minimax = spec.option("minimax", s.minimax);
  return s;
}

MctsSettings default_mcts_settings(const Program& p) {
  std::string options = p.mcts_options;
  // An `auto` line without an `mcts` line is how tune recorded plain MCTS before it spelled
  // kPlainMcts out: the measured choice stands.
  if (options.empty() && !p.auto_player.empty()) options = kPlainMcts;
  // An evaluation the designer wrote, or weights fitted to the game's results that won
  // tune's check match, judge positions well enough to trust by default: random playouts
  // may never reach a game's end (a race to meet, a long manoeuvre), or reach it by moves
  // that say little about the position (docs/STRENGTH.md, tuned weights in MCTS).
  if (options.empty() && (!p.evaluation.empty() || !p.evaluation_weights.empty())) options = kInformedMcts;
  if (options.empty()) return MctsSettings{};
  return with_mcts_options(MctsSettings{}, choice("mcts", "mcts:1:" + options));
}

namespace {

// The rules' choice (the weights file's `auto` line, else alpha-beta) with `budget` put in
// after its kind.
std::string auto_with_budget(const Program& p, const std::string& budget) {
  const std::string chosen = p.auto_player.empty() ? "alphabeta" : p.auto_player;
  const auto colon = chosen.find(':');
  std::string spec = chosen.substr(0, colon) + ":" + budget;
  if (colon != std::string::npos) spec += chosen.substr(colon);
  choice("auto", spec);  // a bad line is an error here, not a different player
  return spec;
}

}  // namespace

std::string auto_player_spec(const Program& p, double seconds) { return auto_with_budget(p, duration_text(seconds)); }

std::string auto_player_spec_for_count(const Program& p, uint64_t positions) {
  const std::string chosen = p.auto_player.empty() ? "alphabeta" : p.auto_player;
  if (chosen.starts_with("mcts"))
    return auto_with_budget(p, std::to_string(std::max<uint64_t>(1, positions / kPositionsPerIteration)));
  if (chosen.starts_with("alphabeta")) return auto_with_budget(p, fmt::format("64:nodes:{}", positions));
  return auto_with_budget(p, std::to_string(positions));
}

}  // namespace tabula
