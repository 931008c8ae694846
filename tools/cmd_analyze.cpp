// tabula analyze RULES [--games N] [--skill-games M] [--seconds S] [--seed S] [--threads T]
//   [--json]: is this variant any good? Random-play statistics and a short search player
//   against random players, each figure with a plain verdict.
#include <fmt/format.h>
#include <iostream>

#include "ai/agent.hpp"
#include "ai/variant_analysis.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "progress_bar.hpp"

namespace tabula::cli {

void add_analyze(CLI::App& app) {
  struct Options {
    std::string rules;
    AnalysisConfig config;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("analyze", "Balance, length, branching and skill of a game, with verdicts");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--games", o->config.games, "Random-play games")->check(CLI::Range(1, 10000000))->capture_default_str();
  cmd->add_option("--skill-games", o->config.skill_games, "Games of the stronger player against random players")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  cmd->add_option("--strong", o->config.strong_player, "The stronger player's spec")->capture_default_str();
  cmd->add_option("--seconds", o->config.seconds, "Time budget: start no new game after it (0: none)")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Seed (reproducible without --seconds)")->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_flag("--json", o->json, "Print {\"random_play\":REPORT,\"skill\":REPORT,\"verdicts\":[...]}");
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    if (auto error = check_agent_spec(o->config.strong_player); !error.empty()) throw UserError{"--strong: " + error};
    ProgressBar progress;
    Analysis a = analyze_variant(program, o->config, [&](const std::string& phase, int done, int total) {
      progress.update(phase, done, total);
    });
    progress.finish();
    if (o->json) {
      std::string verdicts = "[";
      for (size_t i = 0; i < a.verdicts.size(); ++i) verdicts += (i ? "," : "") + json_quote(a.verdicts[i]);
      verdicts += "]";
      std::cout << fmt::format("{{\"random_play\":{},\"skill\":{},\"strong_player\":{},\"verdicts\":{}}}\n",
                               report_json(a.random_play), report_json(a.skill), json_quote(a.strong_player), verdicts);
      return;
    }
    std::cout << "Random play (every seat random):\n" << report_text(a.random_play) << "\n";
    std::cout << fmt::format("Skill ({} against random players):\n", a.strong_player) << report_text(a.skill) << "\n";
    std::cout << "Verdicts:\n";
    for (const auto& v : a.verdicts) std::cout << "  " << v << "\n";
  });
}

}  // namespace tabula::cli
