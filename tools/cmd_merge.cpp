// tabula merge FILE... [--json|--csv] [--partial]: one report from the results files of
// one study (shards, resumed runs): the same report as the unsharded run. Files of
// another study, a game with two results, and missing games are errors; a game found in
// several files alike counts once, and is reported.
#include <fmt/format.h>
#include <fstream>
#include <iostream>

#include "ai/match_report.hpp"
#include "ai/results_file.hpp"
#include "ai/study_games.hpp"
#include "ai/variant_analysis.hpp"
#include "cli_support.hpp"
#include "commands.hpp"

namespace tabula::cli {

namespace {

// Whether a results file's first line is an analysis's.
bool holds_analysis(const std::string& path) {
  std::ifstream in(path);
  std::string first;
  std::getline(in, first);
  return first.find("\"command\":\"analyze\"") != std::string::npos;
}

// Results on standard input are streamed, not held as one text: a study can be large.
std::optional<ResultsFile> read_stdin_results(std::string& error) {
  claim_stdin("results");
  return read_results(std::cin, "<stdin>", error, true);
}

}  // namespace

void add_merge(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    bool json = false, csv = false, partial = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("merge", "Combine the results files (from --out) of one study into one report");
  cmd->add_option("files", o->files, "Results files, one JSON line per game (- for standard input)")
      ->required()
      ->check(existing_file_or_stdin());
  auto* json = cmd->add_flag("--json", o->json, "Print the report as one JSON object");
  cmd->add_flag("--csv", o->csv, "Print a match's report as CSV")->excludes(json);
  cmd->add_flag("--partial", o->partial, "Report the games present even when some of the study's games are missing");
  cmd->callback([o] {
    std::vector<ResultsFile> files;
    for (const auto& path : o->files) {
      std::string error;
      // A match's moves are kept as digests (a merge of a million games stays small); an
      // analysis's are kept whole, to be replayed for its measures.
      auto file = path == "-" ? read_stdin_results(error) : read_results_file(path, error, !holds_analysis(path));
      if (!file) throw UserError{error};
      if (file->incomplete_line)
        std::cerr << fmt::format(
            "tabula: note: {}:{}: a cut-off last line is left out (its run was stopped while "
            "writing it; match --resume on the file completes it)\n",
            path, *file->incomplete_line);
      files.push_back(std::move(*file));
    }
    std::string error;
    auto study = gather_study(std::move(files), error);
    if (!study) throw UserError{error};
    for (const auto& repeat : study->repeats) std::cerr << "tabula: note: " << repeat << ", alike: each counts once\n";
    if (auto missing = study->describe_missing(); !missing.empty()) {
      if (!o->partial)
        throw UserError{
            fmt::format("the files miss {}; run what is missing (match or analyze with --shard and --resume "
                        "on its file), or add --partial to report the games present",
                        missing)};
      std::cerr << "tabula: note: partial report: missing " << missing << "\n";
    }
    if (study->study->kind == Study::Kind::analysis) {
      if (o->csv) throw UserError{"--csv is for match results; these are an analysis's (use --json or the text)"};
      // The measures that replay games need the study's rules: its file, if it is still what it was.
      std::shared_ptr<const Program> program;
      const RulesIdentity& named = study->study->rules;
      const bool digested =
          !study->phases.empty() && !study->phases[0].empty() && study->phases[0][0].moves.starts_with('#');
      if (auto at_hand = digested ? nullptr : rules_at_hand(named); at_hand) program = at_hand;
      else
        std::cerr << fmt::format(
            "tabula: note: the rules file {} is not at hand or is not the one the games were played with (rules "
            "hash {}): the measures that replay games are left out\n",
            named.file, named.hash);
      Analysis a = analysis_of(*study->study, study->phases, program);
      if (o->json) return print_json(analysis_json(a));
      std::cout << analysis_text(a);
      return;
    }
    MatchReport report = summarize(study->phases[0], study->study->phases()[0].seating, error);
    if (!error.empty()) throw UserError{"cannot merge: " + error};
    if (o->json) print_json(report_json(report));
    else if (o->csv) std::cout << report_csv(report);
    else std::cout << report_text(report);
  });
}

}  // namespace tabula::cli
