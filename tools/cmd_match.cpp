// tabula match RULES --games N --players A,B [--threads T] [--seed S] [--max-plies P]
//   [--shard I/N] [--out FILE [--resume]] [--json|--csv]: many seeded games between
//   computer players, with a statistical report.
#include <algorithm>
#include <fmt/format.h>
#include <fstream>
#include <iostream>

#include "ai/match.hpp"
#include "ai/match_report.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "progress_bar.hpp"

namespace tabula::cli {
namespace {

std::vector<std::string> split_players(const std::string& text) {
  std::vector<std::string> out;
  std::string list = text + ",";
  for (size_t start = 0, comma; (comma = list.find(',', start)) != std::string::npos; start = comma + 1)
    out.push_back(list.substr(start, comma - start));
  return out;
}

// "I/N" with 0 <= I < N.
void parse_shard(const std::string& text, int& index, int& count) {
  auto slash = text.find('/');
  try {
    if (slash == std::string::npos) throw std::invalid_argument("");
    size_t used_i = 0, used_n = 0;
    index = std::stoi(text.substr(0, slash), &used_i);
    count = std::stoi(text.substr(slash + 1), &used_n);
    if (used_i != slash || used_n != text.size() - slash - 1 || count < 1 || index < 0 || index >= count)
      throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw UserError{fmt::format("--shard '{}': expected I/N with 0 <= I < N, e.g. 0/4", text)};
  }
}

// Games already in a results file (for --resume); every one must be from this match.
std::vector<GameRecord> finished_games(const std::string& path, const std::string& rules, uint64_t seed,
                                       const std::vector<std::string>& players) {
  std::string error;
  std::vector<int> lines;
  auto games = read_results_file(path, error, &lines);
  if (!games) throw UserError{error};
  for (size_t i = 0; i < games->size(); ++i) {
    const GameRecord& g = (*games)[i];
    if (g.rules != rules || g.seats != seats_for_game(players, g.game) || g.seed != game_seed(seed, g.game))
      throw UserError{fmt::format("{}:{}: game {} is not from this match (other rules, players or seed)", path,
                                  lines[i], g.game)};
  }
  return *games;
}

}  // namespace

void add_match(CLI::App& app) {
  struct Options {
    std::string rules, players, shard = "0/1", out;
    MatchConfig config;
    bool json = false, csv = false, resume = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("match", "Play many seeded games between computer players and report the statistics");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--players", o->players, "Comma-separated player specs, one per seat (see docs/AI.md)")->required();
  cmd->add_option("--games", o->config.games, "Number of games (seats rotate every game)")->check(CLI::Range(1, 100000000))->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once")->check(CLI::Range(1, 256))->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Match seed; game g's seed derives from it and g")->capture_default_str();
  cmd->add_option("--max-plies", o->config.max_plies, "Stop a game as a draw after this many plies (0: the rules' limit)")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  cmd->add_option("--shard", o->shard, "Play only the games g with g % N == I")->capture_default_str();
  cmd->add_option("--out", o->out, "Append one JSON line per finished game to FILE (flushed)");
  cmd->add_flag("--resume", o->resume, "With --out: skip the games already in FILE, append the rest");
  auto* json = cmd->add_flag("--json", o->json, "Print the report as one JSON object");
  cmd->add_flag("--csv", o->csv, "Print the report as CSV (one row per player and per seat)")->excludes(json);
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules);
    o->config.players = split_players(o->players);
    if (auto error = check_players(*program, o->config.players); !error.empty()) throw UserError{"--players: " + error};
    parse_shard(o->shard, o->config.shard_index, o->config.shard_count);
    if (o->resume && o->out.empty()) throw UserError{"--resume needs --out FILE"};

    std::vector<int> skip;
    std::vector<GameRecord> earlier;
    if (o->resume && std::ifstream(o->out)) {
      earlier = finished_games(o->out, program->name, o->config.seed, o->config.players);
      for (const GameRecord& g : earlier) skip.push_back(g.game);
    }
    std::ofstream out;
    if (!o->out.empty()) {
      out.open(o->out, o->resume ? std::ios::app : std::ios::trunc);
      if (!out) throw UserError{fmt::format("cannot write '{}'", o->out)};
    }
    int planned = 0;
    for (int g = o->config.shard_index; g < o->config.games; g += o->config.shard_count) ++planned;
    int finished = static_cast<int>(skip.size());
    ProgressBar progress;
    auto records = run_match(program, o->config, [&](const GameRecord& g) {
      if (out.is_open()) out << to_json_line(g) << "\n" << std::flush;
      progress.update("match", ++finished, planned);
    }, skip);
    progress.finish();
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
