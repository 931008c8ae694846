// tabula match RULES --games N --players A,B [--threads T] [--seed S] [--max-plies P]
//   [--shard I/N] [--out FILE [--resume]] [--json|--csv]: many seeded games between
//   computer players, with a statistical report. --estimate sizes a study instead.
#include <fmt/format.h>
#include <algorithm>
#include <iostream>
#include <optional>

#include "ai/match.hpp"
#include "ai/match_report.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "progress_bar.hpp"
#include "results_output.hpp"
#include "study_sizing.hpp"

namespace tabula::cli {
namespace {

std::vector<std::string> split_players(const std::string& text) {
  std::vector<std::string> out;
  std::string list = text + ",";
  for (size_t start = 0, comma; (comma = list.find(',', start)) != std::string::npos; start = comma + 1)
    out.push_back(list.substr(start, comma - start));
  return out;
}

}  // namespace

void add_match(CLI::App& app) {
  struct Options {
    std::string rules, players, shard = "0/1", out;
    MatchConfig config;
    bool json = false, csv = false, resume = false, estimate = false, dry_run = false;
    EstimateOptions sizing;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("match", "Play many seeded games between computer players and report the statistics");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--players", o->players, "Comma-separated player specs, one per seat (see docs/AI.md)")->required();
  cmd->add_option("--games", o->config.games, "Number of games (seats rotate every game)")
      ->check(CLI::Range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Match seed; game g's seed derives from it and g")->capture_default_str();
  cmd->add_option("--max-plies", o->config.max_plies,
                  "Stop a game as a draw after this many plies (0: the rules' limit)")
      ->check(CLI::Range(0, 1000000000))
      ->capture_default_str();
  cmd->add_option("--shard", o->shard, "Play only the games g with g % N == I")->capture_default_str();
  cmd->add_option(
      "--out", o->out,
      "Append one JSON line per finished game to FILE (flushed); FILE must be new or empty, or with --resume "
      "hold this study's results; it is never written over");
  cmd->add_flag("--resume", o->resume, "With --out: skip the games already in FILE, append the rest");
  auto* json = cmd->add_flag("--json", o->json, "Print the report as one JSON object");
  cmd->add_flag("--csv", o->csv, "Print the report as CSV (one row per player and per seat)")->excludes(json);
  add_estimate_options(*cmd, o->estimate, o->sizing);
  cmd->add_flag("--dry-run", o->dry_run, "Check the rules and options, say how many games would be played, play none");
  cmd->callback([o] {
    RulesIdentity rules;
    auto program = load_rules_or_fail(o->rules, &rules);
    o->config.players = split_players(o->players);
    if (auto error = check_players(*program, o->config.players); !error.empty()) throw UserError{"--players: " + error};
    parse_shard(o->shard, o->config.shard_index, o->config.shard_count);
    if (o->resume && o->out.empty()) throw UserError{"--resume needs --out FILE"};
    if (o->estimate) {
      if (!o->out.empty() || o->config.shard_count > 1 || o->csv)
        throw UserError{"--estimate plays a sample and prints a sizing: it takes no --out, --shard or --csv"};
      return print_estimate(program, o->config, o->sizing, o->json);
    }

    int planned = planned_games(o->config.games, o->config.shard_index, o->config.shard_count);
    if (o->dry_run) {
      std::cout << fmt::format("match of {}: {} of {} games (shard {}/{}); nothing played (--dry-run)\n", rules.name,
                               planned, o->config.games, o->config.shard_index, o->config.shard_count);
      return;
    }
    auto study =
        std::make_shared<const Study>(Study::match(rules, o->config.players, o->config.seed, o->config.max_plies));
    GameOrigin origin{study, 0, {o->config.games}, o->config.shard_index, o->config.shard_count};
    std::optional<ResultsOutput> out;
    if (!o->out.empty()) out.emplace(o->out, origin, o->resume);
    std::vector<GameRecord> earlier = out ? out->finished()[0] : std::vector<GameRecord>{};
    int finished = static_cast<int>(earlier.size());
    ProgressBar progress;
    auto records = run_match(
        program, o->config,
        [&](const GameRecord& g) {
          if (out) out->write(ResultLine{origin, g});
          progress.update("match", ++finished, planned);
        },
        out ? out->finished_indices(0) : std::vector<int>{});
    progress.finish();
    if (out) out->close();
    records.insert(records.end(), earlier.begin(), earlier.end());
    std::sort(records.begin(), records.end(), [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
    std::string error;
    MatchReport report = summarize(records, error);
    if (!error.empty()) throw UserError{error};
    if (o->json) std::cout << report_json(report) << "\n";
    else if (o->csv) std::cout << report_csv(report);
    else std::cout << report_text(report);
  });
}

}  // namespace tabula::cli
