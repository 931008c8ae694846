// tabula analyze RULES [--games N] [--skill-games M] [--seconds S] [--seed S] [--threads T]
//   [--shard I/N] [--out FILE [--resume]] [--json]: is this variant any good? Random-play
//   statistics and a short search player against random players, each figure with a plain
//   verdict. Sharded like a match: `tabula merge` of the shards' files prints the analysis.
#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <optional>

#include "ai/agent.hpp"
#include "ai/variant_analysis.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "progress_bar.hpp"
#include "results_output.hpp"

namespace tabula::cli {

void add_analyze(CLI::App& app) {
  struct Options {
    std::string rules, shard = "0/1", out;
    AnalysisConfig config;
    bool json = false, resume = false, dry_run = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("analyze", "Balance, length, branching and skill of a game, with verdicts");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(existing_file_or_stdin());
  cmd->add_option("--games", o->config.games, "Random-play games")
      ->transform(whole_range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--skill-games", o->config.skill_games, "Games of the stronger player against random players")
      ->transform(whole_range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--strong", o->config.strong_player, "The stronger player's spec")->capture_default_str();
  cmd->add_option("--seconds", o->config.seconds, "Time budget: start no new game after it (0: none)")
      ->check(finite_range(0, 1e9))  // as a results line holds it
      ->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Seed (reproducible without --seconds)")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_option("--shard", o->shard, "Play only the games g with g % N == I (of both phases)")->capture_default_str();
  cmd->add_option("--out", o->out, "Append one JSON line per finished game to FILE, as match --out does");
  cmd->add_flag("--resume", o->resume, "With --out: skip the games already in FILE, append the rest");
  cmd->add_flag("--dry-run", o->dry_run, "Check the rules and options, say how many games would be played, play none");
  cmd->add_flag("--json", o->json, "Print {\"random_play\":REPORT,\"skill\":REPORT,\"verdicts\":[...]}");
  cmd->callback([o] {
    RulesIdentity rules;
    auto program = load_rules_or_fail(o->rules, &rules);
    if (auto error = check_agent_spec(o->config.strong_player); !error.empty()) throw UserError{"--strong: " + error};
    parse_shard(o->shard, o->config.shard_index, o->config.shard_count);
    if (o->resume && o->out.empty()) throw UserError{"--resume needs --out FILE"};
    if (o->config.seconds > 0 && (!o->out.empty() || o->config.shard_count > 1))
      throw UserError{"--seconds leaves games unplayed: a study written with --out or --shard must play them all"};

    auto planned = [&](int games) { return planned_games(games, o->config.shard_index, o->config.shard_count); };
    if (o->dry_run) {
      std::cout << fmt::format(
          "analysis of {}: {} of {} random-play games and {} of {} skill games (shard {}/{}); "
          "nothing played (--dry-run)\n",
          rules.name, planned(o->config.games), o->config.games, planned(o->config.skill_games), o->config.skill_games,
          o->config.shard_index, o->config.shard_count);
      return;
    }
    auto study = std::make_shared<const Study>(analysis_study(*program, o->config, rules));
    GameOrigin origin{study, 0, {o->config.games, o->config.skill_games}, o->config.shard_index, o->config.shard_count};
    std::optional<ResultsOutput> out;
    if (!o->out.empty()) out.emplace(o->out, origin, o->resume);
    std::vector<std::vector<int>> skip(2);
    if (out) skip = {out->finished_indices(0), out->finished_indices(1)};
    const char* labels[] = {"random play", "skill"};
    std::vector<int> finished = {static_cast<int>(skip[0].size()), static_cast<int>(skip[1].size())};
    ProgressBar progress;
    auto games = play_analysis(
        program, o->config,
        [&](int phase, const GameRecord& g) {
          if (out)
            out->write(ResultLine{GameOrigin{study, phase, origin.games, origin.shard_index, origin.shard_count}, g});
          progress.update(labels[phase], ++finished[phase],
                          planned(phase == 0 ? o->config.games : o->config.skill_games));
        },
        skip);
    progress.finish();
    if (out) {
      out->close();
      for (int p = 0; p < 2; ++p) {
        games[p].insert(games[p].end(), out->finished()[p].begin(), out->finished()[p].end());
        std::sort(games[p].begin(), games[p].end(),
                  [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
      }
    }
    Analysis a = analysis_of(program->name, games[0], games[1], o->config.strong_player);
    if (o->json) return print_json(analysis_json(a));
    std::cout << analysis_text(a);
  });
}

}  // namespace tabula::cli
