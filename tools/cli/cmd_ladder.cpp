// tabula ladder RULES --players random,mc,mcts,alphabeta [--seconds-per-move T] [--games N]
//   [--threads T] [--seed S] [--json]: a strength ladder. Every pair of players meets (a
//   round robin, seats swapping), each player that is given no budget thinking
//   --seconds-per-move a move, and the players are ranked by Elo with the first one (the
//   yardstick, random by default) at 0.
#include <fmt/format.h>
#include <algorithm>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "number_checks.hpp"
#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "progress_bar.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"

namespace tabula::cli {

void add_ladder(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, players = "random,mc,mcts,alphabeta,auto";
    double seconds = 0.1;
    int games = 20, threads = 1, max_plies = 0;
    uint64_t seed = 1;
    bool json = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("ladder", "Rank players by Elo in a round robin at equal time per move");
  cmd->add_option("rules", o->rules, "Rules file (a game of two seats)")
      ->required()
      ->transform(existing_file_or_stdin());
  cmd->add_option("--players", o->players,
                  "Comma-separated specs; a kind without a budget (mc, mcts, alphabeta, auto) thinks "
                  "--seconds-per-move; the first is the yardstick at Elo 0")
      ->capture_default_str();
  cmd->add_option("--seconds-per-move", o->seconds, "Time per move of the players given without a budget")
      ->check(finite_range(0.001, 3600))
      ->capture_default_str();
  cmd->add_option("--games", o->games, "Games per pair (seats swap every game)")
      ->transform(whole_range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--threads", o->threads, "Games played at once (each player thinks on one)")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed, "Seed")->transform(unsigned_whole())->capture_default_str();
  cmd->add_option("--max-plies", o->max_plies, "Stop a game as a draw after this many plies (0: the rules' limit)")
      ->transform(whole_range(0, 1000000000))
      ->capture_default_str();
  cmd->add_flag("--json", o->json, "Print the match report (ratings, cross table) as JSON");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules, nullptr, o->load);
    std::vector<std::string> specs;
    for (const auto& item : split_players(o->players)) {
      const bool bare = item == "mc" || item == "mcts" || item == "alphabeta" || item == "auto";
      specs.push_back(bare ? fmt::format("{}:{}", item, duration_text(o->seconds)) : item);
    }
    std::string error;
    auto seating = make_seating(*program, specs, true, error);
    if (!seating) throw UserError{"--players: " + error};
    MatchConfig config;
    config.seating = *seating;
    config.games = o->games * seating->pairs();
    config.threads = o->threads;
    config.seed = o->seed;
    config.max_plies = o->max_plies;
    ProgressBar progress;
    int finished = 0;
    auto records =
        run_match(program, config, [&](const GameRecord&) { progress.update("ladder", ++finished, config.games); });
    progress.finish();
    MatchReport report = summarize(records, config.seating, error);
    if (!error.empty()) throw UserError{error};
    if (o->json) return print_json(report_json(report));
    // Ratings with the yardstick at 0, strongest first.
    double anchor = 0;
    for (const auto& r : report.ratings)
      if (r.name == specs.front()) anchor = r.elo;
    auto ranked = report.ratings;
    std::sort(ranked.begin(), ranked.end(), [](const Rating& a, const Rating& b) { return a.elo > b.elo; });
    std::cout << fmt::format("{}: {} games ({} per pair) at {} a move; Elo with {} at 0, 95% interval\n", program->name,
                             report.games, o->games, duration_text(o->seconds), specs.front());
    for (const auto& r : ranked)
      std::cout << fmt::format("  {:<36} {:>+6.0f} [{:+.0f}, {:+.0f}]  {} points of {} games\n", r.name, r.elo - anchor,
                               r.ci.low - anchor, r.ci.high - anchor, r.points, r.games);
    std::cout << report_text(report);
  });
}

}  // namespace tabula::cli
