#include "players/agent.hpp"

#include <fmt/format.h>
#include <map>
#include <mutex>
#include <stdexcept>

#include "players/agent_spec.hpp"
#include "players/alphabeta_agent.hpp"
#include "players/auto_agent.hpp"
#include "players/flat_mc_agent.hpp"
#include "players/gtp_agent.hpp"
#include "players/mcts_agent.hpp"
#include "players/opening_temperature.hpp"
#include "players/puct_agent.hpp"
#include "players/random_agent.hpp"

namespace tabula {
namespace {

std::unique_ptr<Agent> searching_agent(const AgentSpec& spec, uint64_t seed) {
  if (spec.kind == "mc") return std::make_unique<FlatMonteCarloAgent>(spec, seed);
  if (spec.kind == "mcts") return std::make_unique<MctsAgent>(spec, seed);
  if (spec.kind == "puct") return std::make_unique<PuctAgent>(spec);
  if (spec.kind == "auto") return std::make_unique<AutoAgent>(spec, seed);
  auto a = std::make_unique<AlphaBetaAgent>(static_cast<int>(spec.count), spec.seconds, seed);
  if (spec.option("tuned", 1) == 0) a->use_untuned_weights();
  a->set_node_limit(static_cast<uint64_t>(spec.option("nodes", 0)));
  a->set_threads(static_cast<int>(spec.option("threads", 1)));
  return a;
}

}  // namespace

namespace {

std::map<std::string, AgentMaker>& engine_makers() {
  static std::map<std::string, AgentMaker> makers;
  return makers;
}

}  // namespace

void register_engine_maker(const std::string& protocol, AgentMaker make) {
  engine_makers()[protocol] = std::move(make);
}

namespace {

// The named players, read by the match's workers while a caller may add or remove others.
struct NamedPlayers {
  std::mutex lock;
  std::map<std::string, NamedPlayerMaker> makers;
};

NamedPlayers& named_players() {
  static NamedPlayers players;
  return players;
}

NamedPlayerMaker named_player(const std::string& name) {
  NamedPlayers& named = named_players();
  std::lock_guard guard(named.lock);
  auto it = named.makers.find(name);
  return it == named.makers.end() ? NamedPlayerMaker{} : it->second;
}

}  // namespace

void register_named_player(const std::string& name, NamedPlayerMaker make) {
  NamedPlayers& named = named_players();
  std::lock_guard guard(named.lock);
  if (!named.makers.emplace(name, std::move(make)).second)
    throw std::invalid_argument(fmt::format("a player named '{}' is seated already", name));
}

void unregister_named_player(const std::string& name) {
  NamedPlayers& named = named_players();
  std::lock_guard guard(named.lock);
  named.makers.erase(name);
}

std::unique_ptr<Agent> make_agent(const std::string& text, uint64_t seed, std::string& error) {
  if (NamedPlayerMaker make = named_player(text)) return make(seed);
  if (is_engine_spec(text)) {
    auto engine = parse_engine_spec(text, error);
    if (!engine) return nullptr;
    if (engine->protocol == "gtp") return std::make_unique<GtpAgent>(std::move(*engine));
    auto maker = engine_makers().find(engine->protocol);
    if (maker == engine_makers().end()) {
      error = fmt::format("'{}': {} players are made by the tabula command, not here", text, engine->protocol);
      return nullptr;
    }
    return maker->second(*engine);
  }
  auto spec = parse_agent_spec(text, error);
  if (!spec) return nullptr;
  if (spec->kind == "random") return std::make_unique<RandomAgent>(seed);
  const double temperature = spec->option("temp", 0);
  if (temperature <= 0) return searching_agent(*spec, seed);
  // The temperature is the wrapper's; the player inside searches as without it.
  AgentSpec inner = *spec;
  std::erase_if(inner.options, [](const AgentSpec::Option& o) { return o.name.starts_with("temp"); });
  const int plies = static_cast<int>(spec->option("temp-plies", kDefaultTemperaturePlies));
  const double margin = spec->option("temp-margin", kDefaultTemperatureMargin);
  return std::make_unique<OpeningTemperature>(searching_agent(inner, seed), temperature, plies, margin,
                                              seed ^ 0xA0761D6478BD642FULL, spec->text());
}

std::string check_agent_spec(const std::string& spec) {
  if (named_player(spec)) return "";
  std::string error;
  if (is_engine_spec(spec)) return parse_engine_spec(spec, error) ? "" : error;
  return parse_agent_spec(spec, error) ? "" : error;
}

}  // namespace tabula
