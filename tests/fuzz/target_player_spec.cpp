// A player spec (`mcts:1s`, `alphabeta:3:500ms`, ...) -> make_agent, and the web board's
// check of a spec: every number in a spec is range-checked, NaN and infinities refused.
#include <memory>
#include <string>

#include "fuzz_support.hpp"
#include "player_specs.hpp"
#include "players/agent.hpp"
#include "targets.hpp"
#include "web/web_game.hpp"

namespace tabula::fuzz {

void check_player_spec(const std::string& spec) {
  if (spec == "human") return;
  std::string error;
  auto agent = make_agent(spec, 1, error);
  check(agent != nullptr || !error.empty(), "a refused player spec says why");
  if (!agent) {
    check(!web::check_player(spec, 5).empty(), "the web board refuses what make_agent refuses");
    return;
  }
  std::string again_error;
  auto again = make_agent(agent->name(), 1, again_error);
  check(again != nullptr && again->name() == agent->name(), "a player's name is a spec that makes it again");
}

void check_player_list(const std::string& list) {
  std::string rest = list + ",";
  for (size_t start = 0, comma; (comma = rest.find(',', start)) != std::string::npos; start = comma + 1) {
    std::string item = rest.substr(start, comma - start);
    auto eq = item.find('=');
    check_player_spec(eq == std::string::npos ? item : item.substr(eq + 1));
  }
}

void player_spec(const uint8_t* data, size_t size) { check_player_spec(std::string(text_of(data, size))); }

}  // namespace tabula::fuzz
