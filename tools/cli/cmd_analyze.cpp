// tabula analyze RULES... [--games N] [--skill-games M] [--good-games K] [--strong SPEC] [--good SPEC]
//   [--seconds S] [--seed S] [--threads T] [--shard I/N] [--out FILE [--resume]] [--html OUT.html] [--json]:
//   is this variant fair, decisive and interesting under good play? Random play, a strong
//   player against random players, and good play in every seat, each measure with a verdict.
//   With several rules files, the variants side by side with tests of their differences.
//   Sharded like a match: `tabula merge` of the shards' files prints the analysis.
#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>

#include "analysis_page.hpp"
#include "cli_support.hpp"
#include "commands.hpp"
#include "engine/text/move_text.hpp"
#include "number_checks.hpp"
#include "output_file.hpp"
#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "progress_bar.hpp"
#include "results_output.hpp"
#include "results_verify.hpp"
#include "studies/variant_analysis.hpp"
#include "studies/variant_comparison.hpp"

namespace tabula::cli {
namespace {

struct Options {
  LoadOptions load;
  std::vector<std::string> rules;
  std::string shard = "0/1", out, html;
  AnalysisConfig config;
  bool json = false, resume = false, dry_run = false, force = false, verify = false;
};

// Positions spread over a game (the first random game's, which the analysis has already
// played), where a player's time a move is measured: a move late in a game can cost more
// or less than one at the start.
std::vector<State> probe_positions(const std::shared_ptr<const Program>& program,
                                   const std::vector<GameRecord>& games) {
  constexpr size_t kProbes = 8;
  std::vector<State> out;
  State s(program);
  std::vector<std::string> moves;
  if (!games.empty()) moves = split_words(games.front().moves);
  const size_t step = std::max<size_t>(1, moves.size() / kProbes);
  for (size_t ply = 0; out.size() < kProbes && !s.is_terminal(); ++ply) {
    if (ply % step == 0) out.push_back(s);
    std::string error;
    if (ply >= moves.size()) break;
    auto move = parse_move(s, moves[ply], error);
    if (!move) break;
    s.apply(*move);
  }
  if (out.empty()) out.push_back(State(program));
  return out;
}

// A player's seconds a move: its time budget, or for a budget of counts (mcts:20000,
// alphabeta:4, auto:50000) what it took here on positions spread over a game, so the
// estimate holds for both.
double seconds_per_move(const std::string& text, const std::vector<State>& probes) {
  static std::map<std::string, double> measured;
  std::string error;
  auto spec = parse_agent_spec(text, error);
  if (!spec || spec->kind == "random") return 0;
  if (spec->seconds > 0) return spec->seconds;
  const std::string key = text + " in " + probes.front().program().name;  // a comparison's variants differ
  if (auto it = measured.find(key); it != measured.end()) return it->second;
  auto agent = make_agent(text, 1, error);
  if (!agent) return 0;
  int moves = 0;
  const auto started = std::chrono::steady_clock::now();
  for (const State& probe : probes) {
    if (probe.is_terminal()) continue;
    State s = probe;
    agent->choose(s);
    ++moves;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return measured[key] = moves ? seconds / moves : 0;
}

// Seconds a game of this phase may take: its plies (the random games' mean, at most the
// limit) times the time per move of the seats that think.
double phase_seconds(const Study& study, size_t phase, int games, double plies, const std::vector<State>& probes) {
  const Seating seating = study.phases()[phase].seating;
  double per_ply = 0;
  for (const auto& item : seating.players)
    per_ply += seconds_per_move(spec_of(item), probes) / static_cast<double>(seating.players.size());
  return games * plies * per_ply;
}

std::string minutes(double seconds) {
  return seconds < 90 ? fmt::format("{:.0f} s", seconds) : fmt::format("{:.0f} min", seconds / 60);
}

// Where a variant's games go when several rules files are compared: FILE with the rules
// file's stem put before its extension (study.jsonl -> study.hex-5x5.jsonl), each an
// analysis's own results file that `merge` reads and `--resume` continues.
std::string variant_out(const std::string& out, const std::string& rules) {
  const std::filesystem::path o(out);
  const std::string stem = std::filesystem::path(rules).stem().string();
  return (o.parent_path() / (o.stem().string() + "." + stem + o.extension().string())).string();
}

AnalysedVariant run_one(const std::string& path, const std::string& out_path, const Options& o, ReadBack& read_back) {
  RulesIdentity rules;
  auto program = load_rules_or_fail(path, &rules, o.load);
  const AnalysisConfig& c = o.config;
  auto study = std::make_shared<const Study>(analysis_study(*program, c, rules));
  const int per_phase[] = {c.games, c.skill_games, c.good_games};
  auto planned = [&](int phase) { return planned_games(per_phase[phase], c.shard_index, c.shard_count); };
  GameOrigin origin{study, 0, {c.games, c.skill_games, c.good_games}, c.shard_index, c.shard_count};
  std::optional<ResultsOutput> out;
  if (!out_path.empty()) out.emplace(out_path, origin, o.resume);
  if (out)
    read_back = check_read_back(program, study, out->finished(), out_path, rules, o.verify, c.threads, "analyze");
  std::vector<std::vector<int>> skip(3);
  if (out)
    for (int p = 0; p < 3; ++p) skip[p] = out->finished_indices(p);
  const char* labels[] = {"random play", "skill", "good play"};
  std::vector<std::vector<GameRecord>> games(3);
  for (int phase = 0; phase < 3; ++phase) {
    if (phase == 1) {  // the searching phases' time, from the random games' length
      double plies = 100;
      if (!games[0].empty()) {
        plies = 0;
        for (const auto& g : games[0]) plies += g.plies;
        plies /= static_cast<double>(games[0].size());
      }
      plies = std::min<double>(plies, program->end.ply_limit);
      const std::vector<State> probes = probe_positions(program, games[0]);
      const double seconds =
          (phase_seconds(*study, 1, planned(1), plies, probes) + phase_seconds(*study, 2, planned(2), plies, probes)) /
          c.threads;
      std::cerr << fmt::format(
          "tabula: analyze {}: {} skill games ({} against random players) and {} good-play games ({} in every "
          "seat) of up to {:.0f} plies: at most about {} on {} thread{}\n",
          program->name, planned(1), c.strong_player, planned(2), good_player_of(c), plies, minutes(seconds), c.threads,
          c.threads == 1 ? "" : "s");
    }
    // One phase at a time: a progress bar each.
    AnalysisConfig only = c;
    if (phase != 0) only.games = 0;
    if (phase != 1) only.skill_games = 0;
    if (phase != 2) only.good_games = 0;
    ProgressBar progress;
    int finished = static_cast<int>(skip[phase].size());
    auto played = play_analysis(
        program, only,
        [&](int p, const GameRecord& g) {
          if (out)
            out->write(ResultLine{GameOrigin{study, p, origin.games, origin.shard_index, origin.shard_count}, g});
          progress.update(labels[p], ++finished, planned(p));
        },
        skip);
    progress.finish();
    games[phase] = std::move(played[phase]);
  }
  if (out) {
    out->close();
    for (int p = 0; p < 3; ++p) {
      games[p].insert(games[p].end(), out->finished()[p].begin(), out->finished()[p].end());
      std::sort(games[p].begin(), games[p].end(),
                [](const GameRecord& a, const GameRecord& b) { return a.game < b.game; });
    }
  }
  return {analysis_of(*study, games, program, c.solve_positions), program};
}

}  // namespace

void add_analyze(CLI::App& app) {
  auto o = std::make_shared<Options>();
  auto* cmd = app.add_subcommand(
      "analyze", "Balance under good play, decisiveness, length, branching, drama and skill of a game, with verdicts");
  cmd->add_option("rules", o->rules, "Rules file; several: the variants compared side by side")
      ->required()
      ->transform(existing_file_or_stdin());
  cmd->add_option("--games", o->config.games, "Random-play games")
      ->transform(whole_range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--skill-games", o->config.skill_games, "Games of the strong player against random players")
      ->transform(whole_range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--good-games", o->config.good_games, "Games of the good player in every seat")
      ->transform(whole_range(1, kMaxGames))
      ->capture_default_str();
  cmd->add_option("--strong", o->config.strong_player, "The strong player's spec")->capture_default_str();
  cmd->add_option("--good", o->config.good_player,
                  "The good player's spec (default: the strong player with an opening temperature, temp:1)");
  cmd->add_option("--solve-positions", o->config.solve_positions,
                  "The solver's budget for proving the start's value first (positions visited; 0: do not try)")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--seconds", o->config.seconds, "Time budget: start no new game after it (0: none)")
      ->check(finite_range(0, 1e9))  // as a results line holds it
      ->capture_default_str();
  cmd->add_option("--seed", o->config.seed, "Seed (reproducible without --seconds and time budgets)")
      ->transform(unsigned_whole())
      ->capture_default_str();
  cmd->add_option("--threads", o->config.threads, "Games played at once")
      ->transform(whole_range(1, 256))
      ->capture_default_str();
  cmd->add_option("--shard", o->shard, "Play only the games g with g % N == I (of every phase)")->capture_default_str();
  cmd->add_option("--out", o->out,
                  "Append one JSON line per finished game to FILE, as match --out does (several rules files: one "
                  "file each, FILE with the rules file's name before its extension)");
  cmd->add_flag("--resume", o->resume, "With --out: skip the games already in FILE, append the rest");
  cmd->add_flag("--verify", o->verify,
                "With --resume: replay the games read back from FILE under the rules and refuse a line whose moves "
                "do not lead to its result (as merge --verify)");
  auto* html = cmd->add_option("--html", o->html, "Write a self-contained report page (plots) to OUT.html");
  cmd->add_flag("--force", o->force,
                "Replace the --html file when it exists (tabula never writes over a file otherwise)")
      ->needs(html);
  cmd->add_flag("--dry-run", o->dry_run, "Check the rules and options, say how many games would be played, play none");
  cmd->add_flag("--json", o->json, "Print the analysis (or the comparison) as one JSON object");
  add_reference_flag(*cmd, o->load);
  cmd->callback([o] {
    AnalysisConfig& c = o->config;
    if (auto error = check_agent_spec(c.strong_player); !error.empty()) throw UserError{"--strong: " + error};
    if (auto error = check_agent_spec(good_player_of(c)); !error.empty()) throw UserError{"--good: " + error};
    parse_shard(o->shard, c.shard_index, c.shard_count);
    if (o->resume && o->out.empty()) throw UserError{"--resume needs --out FILE"};
    if (o->verify && !o->resume)
      throw UserError{"--verify replays the games read back from a results file: it needs --out FILE --resume"};
    if (c.seconds > 0 && (!o->out.empty() || c.shard_count > 1))
      throw UserError{"--seconds leaves games unplayed: a study written with --out or --shard must play them all"};
    if (o->rules.size() > 1 && c.shard_count > 1)
      throw UserError{"a comparison of several rules files takes no --shard: analyze each on its own"};
    // A comparison writes each variant's games to a file of its own (variant_out).
    std::vector<std::string> outs;
    for (const auto& path : o->rules) {
      const std::string file = o->out.empty() || o->rules.size() == 1 ? o->out : variant_out(o->out, path);
      if (!file.empty() && std::find(outs.begin(), outs.end(), file) != outs.end())
        throw UserError{fmt::format(
            "--out: two of the rules files would write their games to '{}' (the same name); copy one under another "
            "name",
            file)};
      outs.push_back(file);
    }
    if (o->dry_run) {
      for (const auto& path : o->rules) {
        RulesIdentity rules;
        load_rules_or_fail(path, &rules, o->load);
        std::cout << fmt::format(
            "analysis of {}: {} of {} random-play games, {} of {} skill games and {} of {} good-play games (shard "
            "{}/{}); nothing played (--dry-run)\n",
            rules.name, planned_games(c.games, c.shard_index, c.shard_count), c.games,
            planned_games(c.skill_games, c.shard_index, c.shard_count), c.skill_games,
            planned_games(c.good_games, c.shard_index, c.shard_count), c.good_games, c.shard_index, c.shard_count);
      }
      return;
    }
    if (!o->html.empty()) check_output_free(o->html, o->force, "--html", kAnalysisPage);
    std::vector<AnalysedVariant> variants;
    std::vector<Analysis> analyses;
    std::vector<ReadBack> read_backs(o->rules.size());  // what each variant's --out file gave back
    for (size_t i = 0; i < o->rules.size(); ++i) {
      variants.push_back(run_one(o->rules[i], outs[i], *o, read_backs[i]));
      analyses.push_back(variants.back().analysis);
    }
    const Comparison cmp = compare_analyses(analyses);
    if (!o->html.empty()) write_output(o->html, analysis_page(variants, &cmp), o->force, "--html", kAnalysisPage);
    if (analyses.size() == 1) {
      if (o->json) {
        Json j = analysis_json(analyses[0]);
        j["verified"] = read_backs[0].verified;
        return print_json(j);
      }
      std::cout << analysis_text(analyses[0]) << read_backs[0].sentence;
      return;
    }
    if (o->json) {
      Json j = comparison_json(cmp, analyses);
      for (size_t i = 0; i < analyses.size(); ++i) j["variants"][i]["verified"] = read_backs[i].verified;
      return print_json(j);
    }
    for (size_t i = 0; i < analyses.size(); ++i)
      std::cout << "== " << analyses[i].rules << " ==\n"
                << analysis_text(analyses[i]) << read_backs[i].sentence << "\n";
    std::cout << comparison_text(cmp);
  });
}

}  // namespace tabula::cli
