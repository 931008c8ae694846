#include "studies/player_choice.hpp"

#include <fmt/format.h>
#include <stdexcept>

#include "players/agent_spec.hpp"
#include "studies/match.hpp"
#include "studies/match_report.hpp"

namespace tabula {

namespace {

// The points of `a` against `b` (a draw is half), as a share of the games, with one item per
// side when sides have several seats.
double points(std::shared_ptr<const Program> program, const ChoiceConfig& c, const std::string& a,
              const std::string& b) {
  std::vector<std::string> items(static_cast<size_t>(program->player_count()), b);
  items[0] = a;
  std::string error;
  auto seating = make_seating(*program, items, false, error);
  if (!seating) throw std::invalid_argument(error);
  MatchConfig m;
  m.seating = *seating;
  m.games = c.games;
  m.threads = c.threads;
  m.seed = c.seed;
  m.max_plies = c.max_plies;
  auto games = run_match(program, m);
  MatchReport r = summarize(games, m.seating, error);
  for (const auto& t : r.players)
    if (t.name == a) return t.games ? (t.wins + 0.5 * t.draws) / t.games : 0.5;
  return 0.5;
}

}  // namespace

PlayerChoice choose_players(std::shared_ptr<const Program> program, const ChoiceConfig& c) {
  const std::string time = duration_text(c.seconds);
  // Every option spelled out: the rules' own choices (an earlier tune) do not enter.
  const std::string plain = fmt::format("mcts:{}:{}", time, kPlainMcts);
  const std::string informed = fmt::format("mcts:{}:{}", time, kInformedMcts);
  PlayerChoice out;
  out.informed_score = points(program, c, informed, plain);
  const bool use_informed = out.informed_score > 0.5;
  out.mcts_options = use_informed ? kInformedMcts : kPlainMcts;
  out.mcts_score = points(program, c, use_informed ? informed : plain, fmt::format("alphabeta:{}", time));
  out.auto_player = out.mcts_score > 0.5 ? "mcts" : "alphabeta";
  const std::string chosen =
      out.auto_player == "mcts" ? (use_informed ? informed : plain) : fmt::format("alphabeta:{}", time);
  out.mc_score = points(program, c, chosen, fmt::format("mc:{}", time));
  return out;
}

}  // namespace tabula
