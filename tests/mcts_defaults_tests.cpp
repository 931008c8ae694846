// What `mcts` plays as when its spec names no options: the weights file's recorded choice,
// else MCTS informed by an evaluation worth trusting, else random playouts to the end; and a
// spec's own options over all of them.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>

#include "player_test_support.hpp"
#include "players/agent_spec.hpp"
#include "players/mcts_agent.hpp"
#include "players/player_defaults.hpp"

using namespace tabula;
using namespace tabula::testing;

namespace {

// A variant of LOA in a temporary folder, with `weights` as its weights file ("" for none).
std::shared_ptr<const Program> loa_with_weights(const std::string& name, const std::string& weights) {
  const std::string rules =
      temp_rules(name + ".rules", "variant \"LOA " + name + "\" extends \"" + repo_path("rules/loa.rules") + "\"\n");
  const std::string path = rules.substr(0, rules.size() - 6) + ".weights";
  std::filesystem::remove(path);
  if (!weights.empty()) std::ofstream(path) << weights;
  return load_rules(rules);
}

MctsSettings settings_of(const std::string& text, std::shared_ptr<const Program> p) {
  std::string error;
  auto spec = parse_agent_spec(text, error);
  INFO(error);
  REQUIRE(spec);
  MctsAgent agent(*spec, 1);
  State s(p);
  agent.choose(s);
  return agent.settings();
}

}  // namespace

TEST_CASE("MCTS's defaults: the weights file's choice, else informed by an evaluation worth trusting",
          "[players][mcts]") {
  // LOA ships tuned weights and no recorded choice: `mcts` is informed by the evaluation.
  const MctsSettings loa_default = default_mcts_settings(*loa());
  CHECK(loa_default.cutoff == 2);
  CHECK(loa_default.exploration == Approx(0.3));
  CHECK(loa_default.minimax == Approx(0.6));
  for (const char* spec : {"mcts:40", "mcts:5ms"}) {
    INFO(spec);
    const MctsSettings s = settings_of(spec, loa());
    CHECK(s.cutoff == 2);
    CHECK(s.minimax == Approx(0.6));
  }
  // No weights file and no `evaluate`: the untuned evaluation is not trusted, random playouts.
  auto untuned = loa_with_weights("no-weights", "");
  REQUIRE(untuned->evaluation_weights.empty());
  CHECK(default_mcts_settings(*untuned).cutoff == 0);
  CHECK(default_mcts_settings(*untuned).minimax == 0);
  CHECK(default_mcts_settings(*untuned).exploration == Approx(1));
  // Tuned weights alone: informed.
  auto tuned = loa_with_weights("tuned", "material -0.1\nscatter -0.9\n");
  CHECK(default_mcts_settings(*tuned).cutoff == 2);
  // A recorded `mcts` line wins over every default.
  auto recorded = loa_with_weights("recorded", "scatter -0.9\nmcts cutoff:3:explore:0.5\n");
  CHECK(default_mcts_settings(*recorded).cutoff == 3);
  CHECK(default_mcts_settings(*recorded).exploration == Approx(0.5));
  CHECK(default_mcts_settings(*recorded).minimax == 0);
  // Tune's plain choice, spelled out, and as older tunes wrote it (an `auto` line alone).
  auto plain = loa_with_weights("plain", std::string("scatter -0.9\nauto alphabeta\nmcts ") + kPlainMcts + "\n");
  CHECK(default_mcts_settings(*plain).cutoff == 0);
  CHECK(default_mcts_settings(*plain).minimax == 0);
  auto older = loa_with_weights("older-plain", "scatter -0.9\nauto mcts\n");
  CHECK(default_mcts_settings(*older).cutoff == 0);
  CHECK(default_mcts_settings(*older).exploration == Approx(1));
  // A spec's own option overrides the default, the others stay the default's.
  const MctsSettings own = settings_of("mcts:40:cutoff:0", loa());
  CHECK(own.cutoff == 0);
  CHECK(own.minimax == Approx(0.6));
  CHECK(settings_of("mcts:40:minimax:0:explore:1:cutoff:0", loa()).minimax == 0);
}
