#include "study_sizing.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <iostream>

#include "number_checks.hpp"
#include "studies/study_estimate.hpp"

namespace tabula::cli {
namespace {

std::string percent(double x) { return fmt::format("{:.1f}%", 100 * x); }
std::string points(double width) {
  double p = width * 100;
  return fmt::format("{:g} point{}", p, p == 1 ? "" : "s");
}
double core_hours(const StudyEstimate& e, int64_t games) {
  return games < 0 ? -1 : e.cpu_seconds_per_game() * games / 3600;
}
// "40 core-seconds", "12 core-minutes", "3.5 core-hours"
std::string core_time(double hours) {
  double seconds = hours * 3600;
  if (seconds < 120) return fmt::format("{:.0f} core-seconds", seconds);
  if (seconds < 7200) return fmt::format("{:.0f} core-minutes", seconds / 60);
  return fmt::format("{:.1f} core-hours", hours);
}

}  // namespace

void add_estimate_options(CLI::App& cmd, bool& estimate, EstimateOptions& options) {
  cmd.add_flag(
      "--estimate", estimate,
      "Size a study instead of running it: play for --estimate-seconds, then print how many games each interval "
      "width needs and their core-hours");
  cmd.add_option("--estimate-seconds", options.seconds, "How long --estimate plays (whole games, at least one)")
      ->check(finite_range(0.1, 86400))
      ->capture_default_str();
  cmd.add_option("--ci-width", options.width, "The 95% interval width --estimate sizes for (0.02: +/- 1 point)")
      ->check(finite_range(0.0001, 1))
      ->capture_default_str();
}

void print_estimate(std::shared_ptr<const Program> program, const MatchConfig& config, const EstimateOptions& options,
                    bool json) {
  StudyEstimate e = estimate_study(program, config, options.seconds);
  std::vector<double> widths = {0.10, 0.05, 0.02, 0.01, 0.005};
  if (std::find(widths.begin(), widths.end(), options.width) == widths.end()) widths.push_back(options.width);
  std::sort(widths.begin(), widths.end(), std::greater<>());
  const MatchReport& r = e.report;
  const Tally& lead = r.players.at(0);
  Interval first = r.first_player_interval(), win = r.win_interval(lead);
  double decisive = r.games ? double(r.decisive()) / r.games : 0;
  if (json) {
    Json sizes = Json::array();
    for (double w : widths) {
      int64_t a = e.games_for_first_player(w), b = e.games_for_win_rate(w);
      sizes.push_back({{"width", w},
                       {"first_player_games", a},
                       {"first_player_core_hours", json_round(core_hours(e, a), 4)},
                       {"win_rate_games", b},
                       {"win_rate_core_hours", json_round(core_hours(e, b), 4)}});
    }
    Json out = {{"games", r.games},
                {"threads", e.threads},
                {"wall_seconds", json_round(e.wall_seconds, 3)},
                {"cpu_seconds", json_round(e.cpu_seconds, 3)},
                {"cpu_seconds_per_game", json_round(e.cpu_seconds_per_game())},
                {"first_player",
                 {{"share", json_round(r.first_player_share())},
                  {"ci", {json_round(first.low), json_round(first.high)}},
                  {"decisive_rate", json_round(decisive)}}},
                {"win_rate",
                 {{"player", lead.name},
                  {"rate", json_round(lead.win_rate())},
                  {"ci", {json_round(win.low), json_round(win.high)}}}},
                {"distinct_games", r.distinct_games},
                {"effective_games", json_round(r.effective_games, 2)},
                {"sizes", sizes}};
    std::cout << json_text(out) << "\n";
    return;
  }
  std::cout << fmt::format("Estimate from {} game{} of {} in {:.1f} s on {} thread{}: {:.4f} CPU seconds per game\n",
                           r.games, r.games == 1 ? "" : "s", r.rules, e.wall_seconds, e.threads,
                           e.threads == 1 ? "" : "s", e.cpu_seconds_per_game());
  std::cout << fmt::format("  first player: {} of {} decisive games [{}, {}]; decisive: {} of the games\n",
                           percent(r.first_player_share()), r.decisive(), percent(first.low), percent(first.high),
                           percent(decisive));
  if (r.distinct_games < r.games)
    std::cout << fmt::format(
        "  warning: the {} games are {} distinct games (effective sample size {:.1f}): the sizes below count "
        "repeats as worth that much less, and more games of players that repeat themselves add little; "
        "randomise the openings (temp:T, docs/AI.md)\n",
        r.games, r.distinct_games, r.effective_games);
  std::cout << fmt::format("  {} wins {} [{}, {}]\n", lead.name, percent(lead.win_rate()), percent(win.low),
                           percent(win.high));
  std::cout << fmt::format("{:<22}{:>36}{:>36}\n", "95% interval width", "games for the first player's share",
                           fmt::format("games for {}'s win rate", lead.name));
  for (double w : widths) {
    auto cell = [&](int64_t n) {
      return n < 0 ? std::string("cannot tell") : fmt::format("{} ({})", n, core_time(core_hours(e, n)));
    };
    std::cout << fmt::format("{:<22}{:>36}{:>36}\n", points(w) + (w == options.width ? " (--ci-width)" : ""),
                             cell(e.games_for_first_player(w)), cell(e.games_for_win_rate(w)));
  }
  int64_t asked = e.games_for_first_player(options.width);
  if (asked >= 0) {
    double hours = core_hours(e, asked);
    int64_t cores = std::max<int64_t>(1, static_cast<int64_t>(std::ceil(hours)));
    std::cout << fmt::format(
        "For the first player's share within {} ({} games): {} on one core; to finish within an hour, {} core{} "
        "(shards x threads).\n",
        points(options.width), asked, core_time(hours), cores, cores == 1 ? "" : "s");
  }
  std::cout
      << "Sizes use the end of each measured interval nearest 50% (the most games): a longer sample sharpens them.\n";
}

}  // namespace tabula::cli
