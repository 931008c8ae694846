// tabula match RULES --games N --players A,B [--threads T] [--seed S] [--max-plies P]
//   [--shard I/N] [--out FILE [--resume]] [--records DIR] [--games-csv FILE] [--json|--csv]:
//   many seeded games between computer players, with a statistical report; with more specs
//   than a game of two has seats, a round robin with Elo ratings. --estimate sizes a study.
#include <fmt/format.h>
#include <algorithm>
#include <filesystem>
#include <iostream>
#include <optional>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "record_io.hpp"
#include "results_output.hpp"
#include "results_verify.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"
#include "study_sizing.hpp"

namespace tabula::cli {
void add_match(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, players, shard = "0/1", out, records, games_csv;
    MatchConfig config;
    bool json = false, csv = false, resume = false, estimate = false, dry_run = false, round_robin = false,
         force = false, verify = false;
    EstimateOptions sizing;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("match", "Play many seeded games between computer players and report the statistics");
  cmd->add_option("rules", o->rules, "Rules file")->required()->transform(existing_file_or_stdin());
  cmd->add_option("--players", o->players,
                  "Comma-separated player specs: one per seat or per side (rotating every game), or by seat name "
                  "(S=mcts:1s,W+E=random); see docs/AI.md")
      ->required();
  cmd->add_flag("--round-robin", o->round_robin,
                "A round robin of every pair of the --players specs (games of two seats), with Elo ratings");
  cmd->add_option("--games", o->config.games, "Number of games (seats rotate every game); in a round robin, per pair")
      ->transform(whole_range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Match seed; game g's seed derives from it and g")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--max-plies", o->config.max_plies,
                  "Stop a game as a draw after this many plies (0: the rules' limit)")
      ->transform(whole_range(0, 1000000000))
      ->capture_default_str();
  cmd->add_option("--shard", o->shard, "Play only the games g with g % N == I")->capture_default_str();
  cmd->add_option(
      "--out", o->out,
      "Append one JSON line per finished game to FILE (flushed); FILE must be new or empty, or with --resume "
      "hold this study's results; it is never written over");
  cmd->add_flag("--resume", o->resume, "With --out: skip the games already in FILE, append the rest");
  cmd->add_flag("--verify", o->verify,
                "With --resume: replay the games read back from FILE under the rules and refuse a line whose moves "
                "do not lead to its result (as merge --verify)");
  cmd->add_option("--records", o->records, "Write every game's record (tags and moves) to DIR/game-N.txt");
  cmd->add_option("--games-csv", o->games_csv,
                  "Write one CSV row per game (seats, winner, plies) to FILE ('-': stdout)");
  cmd->add_flag("--force", o->force,
                "Replace the --games-csv file and the --records files when they exist (tabula never writes over a file "
                "otherwise; --resume replaces the records of the games it plays)");
  auto* json = cmd->add_flag("--json", o->json, "Print the report as one JSON object");
  cmd->add_flag("--csv", o->csv, "Print the report as CSV (one row per player and per seat)")->excludes(json);
  add_estimate_options(*cmd, o->estimate, o->sizing);
  cmd->add_flag("--dry-run", o->dry_run, "Check the rules and options, say how many games would be played, play none");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    RulesIdentity rules;
    auto program = load_rules_or_fail(o->rules, &rules, o->load);
    std::string error;
    auto seating = make_seating(*program, split_players(o->players), o->round_robin, error);
    if (!seating) throw UserError{"--players: " + error};
    o->config.seating = *seating;
    if (seating->round_robin) {  // --games per pair
      int64_t games = int64_t{o->config.games} * seating->pairs();
      if (games > kMaxGames)
        throw UserError{fmt::format("--games: {} per pair of {} players is {} games, more than {}", o->config.games,
                                    seating->players.size(), games, kMaxGames)};
      o->config.games = static_cast<int>(games);
    }
    if (!o->games_csv.empty()) check_output_free(o->games_csv, o->force, "--games-csv");
    parse_shard(o->shard, o->config.shard_index, o->config.shard_count);
    if (o->resume && o->out.empty()) throw UserError{"--resume needs --out FILE"};
    if (o->verify && !o->resume)
      throw UserError{"--verify replays the games read back from a results file: it needs --out FILE --resume"};
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
        std::make_shared<const Study>(Study::match(rules, o->config.seating, o->config.seed, o->config.max_plies));
    GameOrigin origin{study, 0, {o->config.games}, o->config.shard_index, o->config.shard_count};
    if (!o->records.empty())
      prepare_records_folder(
          o->records, [&](int g) { return g < o->config.games && g % o->config.shard_count == o->config.shard_index; },
          o->force || o->resume);
    std::optional<ResultsOutput> out;
    if (!o->out.empty()) out.emplace(o->out, origin, o->resume, o->verify);
    ReadBack read_back;
    if (out)
      read_back =
          check_read_back(program, study, out->finished(), o->out, rules, o->verify, o->config.threads, "match");
    std::vector<GameRecord> earlier = out ? out->finished()[0] : std::vector<GameRecord>{};
    int finished = static_cast<int>(earlier.size());
    ProgressBar progress;
    InterruptCatcher interrupt;  // Ctrl-C: no new game; the report of the games played
    o->config.interrupt = interrupt.flag();
    auto records = run_match(
        program, o->config,
        [&](const GameRecord& g) {
          // The record first: a run stopped between the two plays the game again (--resume).
          if (!o->records.empty())
            write_game_record(o->records, g.game, match_game_record(program, rules, g), o->force || o->resume);
          if (out) out->write(ResultLine{origin, g});
          progress.update("match", ++finished, planned);
        },
        out ? out->finished_indices(0) : std::vector<int>{});
    progress.finish();
    if (out) out->close();
    const bool interrupted = interrupt.flag()->load();
    const int played = static_cast<int>(records.size());
    records.insert(records.end(), earlier.begin(), earlier.end());
    if (interrupted && records.empty()) {
      std::cerr << "tabula: interrupted before any game of the match was finished; nothing to report\n";
      throw Interrupted{};
    }
    std::sort(records.begin(), records.end(), [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
    MatchReport report = summarize(records, o->config.seating, error);
    if (!error.empty()) throw UserError{error};
    if (!o->games_csv.empty()) write_output(o->games_csv, games_csv(records), o->force, "--games-csv");
    if (o->games_csv == "-") return;
    if (o->json) {
      Json j = report_json(report);
      if (read_back.games > 0) j["verified"] = read_back.verified;  // games read back from --out
      print_json(j);
    } else if (o->csv) {
      std::cout << report_csv(report);
    } else {
      std::cout << report_text(report) << read_back.sentence;
    }
    if (interrupted) {
      std::cout.flush();
      std::cerr << fmt::format(
          "tabula: interrupted: {} of the {} games of this run were played and are reported above{}\n", played,
          planned - static_cast<int>(earlier.size()),
          out ? fmt::format("; {} keeps them (match --resume with the same options plays the rest)", o->out) : "");
      throw Interrupted{};
    }
  });
}

}  // namespace tabula::cli
