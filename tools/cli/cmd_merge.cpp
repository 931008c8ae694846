// tabula merge FILE... [--json|--csv] [--partial] [--verify [--rules RULES]] [--games-csv FILE]:
// one report from the results files of one study (shards, resumed runs): the same report as
// the unsharded run. Files of another study, a game with two results, and missing games are
// errors; a game found in several files alike counts once, and is reported. --verify replays
// every game and refuses a line whose moves do not give its result.
#include <fmt/format.h>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "results_verify.hpp"
#include "studies/match_report.hpp"
#include "studies/results_file.hpp"
#include "studies/study_games.hpp"
#include "studies/variant_analysis.hpp"

namespace tabula::cli {

namespace {

// Whether a results file's first line is an analysis's. Only a regular file is looked at
// (reading a device such as /dev/zero would never end; read_results_file refuses it), and only
// its first 4 KiB, where a line's study (and its command) comes first.
bool holds_analysis(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
  std::ifstream in(path, std::ios::binary);
  std::string head(4096, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<size_t>(in.gcount()));
  return head.substr(0, head.find('\n')).find("\"command\":\"analyze\"") != std::string::npos;
}

// Results on standard input are streamed, not held as one text: a study can be large.
std::optional<ResultsFile> read_stdin_results(std::string& error, bool digest_moves) {
  claim_stdin("results");
  return read_results(std::cin, "<stdin>", error, digest_moves);
}

// The rules of the study, for --verify: `given`, or the file the study names (as the run
// named it, so from the folder the run started in); they must be the rules it was played under.
std::shared_ptr<const Program> study_rules(const Study& study, const std::string& given) {
  const std::string& path = given.empty() ? study.rules.file : given;
  if (given.empty() && !std::filesystem::is_regular_file(path))
    throw UserError{
        fmt::format("--verify: the study was played under '{}', which is not a file here; give its rules "
                    "with --rules FILE",
                    path)};
  RulesIdentity identity;
  auto program = load_rules_or_fail(path, &identity);
  if (identity.hash != study.rules.hash)
    throw UserError{
        fmt::format("--verify: '{}' has hash {}, but the games were played under rules with hash {}; give "
                    "the rules they were played under with --rules FILE",
                    path, identity.hash, study.rules.hash)};
  return program;
}

// The line the report ends with: whether its games were replayed.
std::string verification_text(bool verified, int games, const Study& study) {
  return verified ? fmt::format("verified: all {} games replay to their results under {} (hash {})\n", games,
                                study.rules.file, study.rules.hash)
                  : "not verified: the games' moves were not replayed (merge --verify replays them)\n";
}

}  // namespace

void add_merge(CLI::App& app) {
  struct Options {
    std::vector<std::string> files;
    std::string rules, games_csv;
    int threads = 1;
    bool json = false, csv = false, partial = false, verify = false, force = false;
    uint64_t solve_positions = kAnalysisSolvePositions;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("merge", "Combine the results files (from --out) of one study into one report");
  cmd->add_option("files", o->files, "Results files, one JSON line per game (- for standard input)")
      ->required()
      ->transform(existing_file_or_stdin());
  auto* json = cmd->add_flag("--json", o->json, "Print the report as one JSON object");
  cmd->add_flag("--csv", o->csv, "Print a match's report as CSV")->excludes(json);
  cmd->add_flag("--partial", o->partial, "Report the games present even when some of the study's games are missing");
  auto* verify = cmd->add_flag(
      "--verify", o->verify,
      "Replay every game under the study's rules and refuse a line whose moves do not lead to its result");
  cmd->add_option("--rules", o->rules,
                  "With --verify: the rules file the games were played under (default: the file the study names)")
      ->needs(verify)
      ->check(CLI::ExistingFile);
  cmd->add_option("--solve-positions", o->solve_positions,
                  "An analysis: the solver's budget for proving the start's value (as analyze --solve-positions)")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--threads", o->threads, "With --verify: games replayed at once")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_option("--games-csv", o->games_csv,
                  "Write one CSV row per game of a match (seats, winner, plies) to FILE ('-': stdout), as match does");
  cmd->add_flag("--force", o->force,
                "Replace the --games-csv file when it exists (tabula never writes over a file otherwise)");
  cmd->callback([o] {
    std::vector<ResultsFile> files;
    for (const auto& path : o->files) {
      std::string error;
      // A match's moves are kept as digests (a merge of a million games stays small); an
      // analysis's are kept whole, to be replayed for its measures, and so are all moves under
      // --verify, which replays them.
      bool whole = o->verify || (path != "-" && holds_analysis(path));
      auto file = path == "-" ? read_stdin_results(error, !whole) : read_results_file(path, error, !whole);
      if (!file) throw UserError{error};
      note_input(path, "a results file");
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
    bool analysis = study->study->kind == Study::Kind::analysis;
    if (analysis && (o->csv || !o->games_csv.empty()))
      throw UserError{fmt::format("{} is for match results; these are an analysis's (use --json or the text)",
                                  o->csv ? "--csv" : "--games-csv")};
    if (!o->games_csv.empty()) check_output_free(o->games_csv, o->force, "--games-csv");
    std::shared_ptr<const Program> verified_rules;
    if (o->verify) {
      verified_rules = study_rules(*study->study, o->rules);
      std::string problem = verify_games(verified_rules, *study, o->threads);
      if (!problem.empty()) throw UserError{"--verify: " + problem + "; nothing is reported"};
    }
    std::string verified = verification_text(o->verify, study->game_count(), *study->study);
    if (analysis) {
      // The measures that replay games need the study's rules: its file, if it is still what it was.
      std::shared_ptr<const Program> program = verified_rules;
      const RulesIdentity& named = study->study->rules;
      const bool digested =
          !study->phases.empty() && !study->phases[0].empty() && study->phases[0][0].moves.starts_with('#');
      if (!program && !digested) program = rules_at_hand(named);
      if (!program)
        std::cerr << fmt::format(
            "tabula: note: the rules file {} is not at hand or is not the one the games were played with (rules "
            "hash {}): the measures that replay games are left out\n",
            named.file, named.hash);
      Analysis a = analysis_of(*study->study, study->phases, program, o->solve_positions);
      if (o->json) {
        Json j = analysis_json(a);
        j["verified"] = o->verify;
        return print_json(j);
      }
      std::cout << analysis_text(a) << verified;
      return;
    }
    MatchReport report = summarize(study->phases[0], study->study->phases()[0].seating, error);
    if (!error.empty()) throw UserError{"cannot merge: " + error};
    if (!o->games_csv.empty()) write_output(o->games_csv, games_csv(study->phases[0]), o->force, "--games-csv");
    if (o->games_csv == "-") return;
    if (o->json) {
      Json j = report_json(report);
      j["verified"] = o->verify;
      print_json(j);
    } else if (o->csv) {
      std::cout << report_csv(report);
    } else {
      std::cout << report_text(report) << verified;
    }
  });
}

}  // namespace tabula::cli
