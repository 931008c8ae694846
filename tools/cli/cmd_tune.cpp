// tabula tune RULES [--games N] [--rounds R] [--depth D] [--check-games N] [--check-depth D]
//   [--seed S] [--threads T] [--out FILE] [--force] [--json]: fits the weights of the rules'
//   evaluation to self-play (studies/evaluation_tuning), checks that they beat the untuned ones, and
//   writes them beside the rules (`x.rules` -> `x.weights`), where every player and analysis
//   of those rules picks them up.
#include <fmt/format.h>
#include <filesystem>
#include <iostream>

#include "cli_support.hpp"
#include "commands.hpp"
#include "lang/weights_file.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "progress_bar.hpp"
#include "studies/evaluation_tuning.hpp"
#include "studies/player_choice.hpp"

namespace tabula::cli {

// The least fall in log loss, from no evaluation to the fitted one, that tune writes.
constexpr double kLeastGain = 0.002;

namespace {

std::string check_line(const TuningResult& r, const TuningConfig& c) {
  if (r.check_games == 0) return "No check match was played (--check-games 0).";
  return fmt::format("Check match at depth {}: the fitted weights scored {} in {} games against the untuned ones.",
                     c.check_depth, r.check_points, r.check_games);
}

// Why fitted weights are not worth writing ("" when they are). Weights that predict the
// results no better than no evaluation at all (every game drawn, terms that say nothing) would
// replace the untuned ones with noise; and a fit can predict who wins yet play worse than the
// defaults (it leans on a term that follows the result rather than leads to it).
std::string refusal_of(const TuningResult& r, const TuningConfig& c) {
  if (r.loss > r.loss_uninformed - kLeastGain)
    return fmt::format(
        "the fitted weights predict the results of {} positions no better than no evaluation (log loss {:.4f} "
        "against {:.4f}; at least {} less is needed). Deeper self-play (--depth) or more games may give results to "
        "learn from",
        r.positions, r.loss, r.loss_uninformed, kLeastGain);
  if (!r.check_passed())
    return fmt::format(
        "the fitted weights lost the check match against the untuned ones: they scored {} in {} games at depth {}, "
        "and more than {} was needed. Deeper self-play (--depth) or more games may fit better",
        r.check_points, r.check_games, c.check_depth, r.check_fair_points);
  return "";
}

}  // namespace

void add_tune(CLI::App& app) {
  struct Options {
    LoadOptions load;
    std::string rules, out;
    TuningConfig config;
    ChoiceConfig choice;
    bool json = false, force = false, choose = false;
  };
  auto o = std::make_shared<Options>();
  auto* cmd =
      app.add_subcommand("tune", "Fit the weights of a game's evaluation to self-play and write them beside the rules");
  cmd->add_option("rules", o->rules, "Rules file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--games", o->config.games, "Self-play games per round")
      ->transform(whole_range(2, 1000000))
      ->capture_default_str();
  cmd->add_option("--rounds", o->config.rounds, "Rounds (each plays with the weights of the one before)")
      ->transform(whole_range(1, 10))
      ->capture_default_str();
  cmd->add_option("--depth", o->config.depth, "Search depth of the self-play players")
      ->transform(whole_range(1, 6))
      ->capture_default_str();
  cmd->add_option("--check-games", o->config.check_games,
                  "Games of the check match, fitted weights against untuned ones (0: no check)")
      ->transform(whole_range(0, 100000))
      ->capture_default_str();
  cmd->add_option("--check-depth", o->config.check_depth, "Search depth of the check match's players")
      ->transform(whole_range(1, 6))
      ->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Seed (the same seed, rules and options give the same weights)")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once (the weights do not depend on it)")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_option("--max-plies", o->config.max_plies,
                  "Stop a self-play game (a draw) after this many plies; 0: the rules' limit")
      ->transform(whole_range(0, 1000000))
      ->capture_default_str();
  cmd->add_flag("--choose-players", o->choose,
                "Then measure which players are strongest with the new weights (MCTS plain or informed by the "
                "evaluation; the better MCTS or alpha-beta) and record it in the file for auto:TIME and MCTS");
  cmd->add_option("--seconds-per-move", o->choice.seconds, "With --choose-players: the players' time per move")
      ->check(finite_range(0.001, 3600))
      ->capture_default_str();
  cmd->add_option("--match-games", o->choice.games, "With --choose-players: games per comparison")
      ->transform(whole_range(2, 100000))
      ->capture_default_str();
  cmd->add_option("--out", o->out, "Where to write the weights (default: beside the rules, RULES with .weights)");
  cmd->add_flag("--force", o->force, "Write over an existing weights file");
  cmd->add_flag("--json", o->json, "Print the weights as JSON");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    auto program = load_rules_or_fail(o->rules, nullptr, o->load);
    const std::string out = o->out.empty() ? weights_path(o->rules) : o->out;
    if (out.empty())
      throw UserError{fmt::format("'{}' is not a .rules file: name the weights file with --out", o->rules)};
    if (o->choose && !o->out.empty())
      throw UserError{"--choose-players measures with the weights beside the rules: it takes no --out"};
    // The weights beside the rules are what tune makes anew (it tunes from the untuned
    // weights): replacing them with --force is its purpose, unlike any other input.
    if (!weights_path(o->rules).empty()) forget_input(weights_path(o->rules));
    check_output_free(out, o->force, "--out");
    ProgressBar progress;
    TuningResult r;
    const auto report = [&](int round, int done, int total) {
      progress.update(round < o->config.rounds ? fmt::format("round {}", round + 1) : "check", done, total);
    };
    try {
      r = tune_evaluation(program, o->config, report);
    } catch (const TuningError& e) {
      progress.finish();
      throw UserError{fmt::format("cannot tune {}: {}", o->rules, e.what())};
    }
    const TuningConfig& c = o->config;
    std::string refusal = refusal_of(r, c);
    if (refusal.empty()) {  // the check match only for a fit worth checking
      play_check_match(program, c, r, report);
      refusal = refusal_of(r, c);
    }
    progress.finish();
    const std::string command =
        fmt::format("`tabula tune {} --games {} --rounds {} --depth {} --check-games {} --check-depth {} --seed {}`",
                    o->rules, c.games, c.rounds, c.depth, c.check_games, c.check_depth, c.seed);
    std::vector<std::pair<std::string, double>> weights;
    std::vector<std::string> header;
    if (refusal.empty()) {
      for (size_t i = 0; i < r.names.size(); ++i) weights.emplace_back(r.names[i], r.weights[i]);
      header = {fmt::format("The evaluation of {}, tuned by {}:", program->name, command),
                fmt::format("{} positions of the last round's {} games, mean log loss {:.4f} ({:.4f} with every "
                            "weight 0).",
                            r.positions, r.games, r.loss, r.loss_uninformed),
                check_line(r, c)};
    } else if (!o->choose) {
      throw UserError{
          fmt::format("cannot tune {}: {}; nothing was written and the untuned weights stay", o->rules, refusal)};
    } else {  // the players are still chosen, with the untuned weights
      std::cerr << fmt::format(
          "tabula: note: the fitted weights of {} are not kept: {}; the players are chosen with the "
          "untuned weights\n",
          o->rules, refusal);
      header = {fmt::format("The players of {}; the weights fitted by {} were not kept:", program->name, command),
                refusal + ", so the untuned weights stay."};
    }
    header.push_back(
        "Every player and analysis of these rules reads this file (docs/AI.md, \"Tuning the evaluation\").");
    write_output(out, weights_text(header, weights), o->force, "--out");
    PlayerChoice chosen;
    if (o->choose) {  // measured with the new weights: read them back as every player will
      auto tuned = load_rules_or_fail(o->rules, nullptr, o->load);
      forget_input(out);  // read back to measure with, and written again below
      o->choice.threads = c.threads, o->choice.seed = c.seed, o->choice.max_plies = c.max_plies;
      chosen = choose_players(tuned, o->choice);
      auto lines = header;
      lines.push_back(fmt::format(
          "auto and mcts: `--choose-players --seconds-per-move {} --match-games {}`: informed MCTS scored {:.0f}% "
          "against plain MCTS, the better MCTS {:.0f}% against alpha-beta, auto {:.0f}% against flat Monte Carlo.",
          o->choice.seconds, o->choice.games, 100 * chosen.informed_score, 100 * chosen.mcts_score,
          100 * chosen.mc_score));
      write_output(out, weights_text(lines, weights, chosen.auto_player, chosen.mcts_options), true, "--out");
    }
    if (o->json) {
      Json terms = Json::array();
      for (size_t i = 0; i < r.names.size(); ++i)
        terms.push_back({{"term", r.names[i]}, {"untuned", r.untuned[i]}, {"tuned", json_round(r.weights[i])}});
      return print_json({{"rules", program->name},
                         {"file", out},
                         {"positions", r.positions},
                         {"games", r.games},
                         {"loss", json_round(r.loss)},
                         {"loss_uninformed", json_round(r.loss_uninformed)},
                         {"check_games", r.check_games},
                         {"check_points", r.check_points},
                         {"kept", refusal.empty()},
                         {"terms", terms}});
    }
    std::cout << fmt::format("{}: {} positions from {} self-play games; log loss {:.4f} (every weight 0: {:.4f})\n",
                             program->name, r.positions, r.games, r.loss, r.loss_uninformed);
    std::cout << check_line(r, c) << "\n";
    std::cout << fmt::format("{:<28} {:>12} {:>12}\n", "term", "untuned", refusal.empty() ? "tuned" : "not kept");
    for (size_t i = 0; i < r.names.size(); ++i)
      std::cout << fmt::format("{:<28} {:>12.4g} {:>12.4g}\n", r.names[i], r.untuned[i], r.weights[i]);
    if (o->choose)
      std::cout << fmt::format(
          "players: informed MCTS scored {:.0f}% against plain MCTS, the better MCTS {:.0f}% against alpha-beta: auto "
          "plays {}{}, and scored {:.0f}% against flat Monte Carlo (mc){}\n",
          100 * chosen.informed_score, 100 * chosen.mcts_score, chosen.auto_player, ", MCTS " + chosen.mcts_options,
          100 * chosen.mc_score, chosen.mc_score < 0.5 ? ": flat Monte Carlo is the stronger player here" : "");
    std::cout << fmt::format("written to {}\n", out);
  });
}

}  // namespace tabula::cli
