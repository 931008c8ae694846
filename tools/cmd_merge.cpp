// tabula merge FILE... [--json|--csv]: one report from the results files of several runs
// (shards, resumed runs). A game found in more than one file counts once.
#include <fmt/format.h>
#include <iostream>
#include <map>

#include "ai/match_report.hpp"
#include "cli_support.hpp"
#include "commands.hpp"

namespace tabula::cli {

void add_merge(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    bool json = false, csv = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("merge", "Combine match result files (from --out) into one report");
  cmd->add_option("files", o->files, "Result files, one JSON line per game")->required()->check(CLI::ExistingFile);
  auto* json = cmd->add_flag("--json", o->json, "Print the report as one JSON object");
  cmd->add_flag("--csv", o->csv, "Print the report as CSV")->excludes(json);
  cmd->callback([o] {
    std::map<std::pair<int, uint64_t>, GameRecord> games;  // by (game, seed): duplicates count once
    for (const auto& path : o->files) {
      std::string error;
      auto file = read_results_file(path, error);
      if (!file) throw UserError{error};
      for (auto& g : *file) games.emplace(std::make_pair(g.game, g.seed), std::move(g));
    }
    std::vector<GameRecord> records;
    for (auto& [key, g] : games) records.push_back(std::move(g));
    std::string error;
    MatchReport report = summarize(records, error);
    if (!error.empty()) throw UserError{"cannot merge: " + error};
    if (records.empty()) throw UserError{"the files hold no games"};
    if (o->json) std::cout << report_json(report) << "\n";
    else if (o->csv) std::cout << report_csv(report);
    else std::cout << report_text(report);
  });
}

}  // namespace tabula::cli
