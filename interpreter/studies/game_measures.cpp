#include "studies/game_measures.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

#include "engine/evaluate.hpp"
#include "engine/state.hpp"
#include "engine/text/move_text.hpp"
#include "engine/turn_machine.hpp"
#include "players/evaluator.hpp"

namespace tabula {
namespace {

std::string where(const SourcePos& pos) { return fmt::format("{}:{}", pos.file, pos.line); }

// A name for each maker of moves, and for the other rules the measures follow.
std::vector<std::string> maker_names(const Program& p) {
  std::vector<std::string> out;
  for (const MoveMaker* m : p.makers) {
    if (auto* movement = dynamic_cast<const Movement*>(m)) out.push_back("the movement at " + where(movement->pos));
    else if (auto* phase = dynamic_cast<const Phase*>(m))
      out.push_back(fmt::format("the turn step '{}'", phase->name()));
    else out.push_back("the captures");
  }
  return out;
}

std::vector<std::string> split_moves(const std::string& moves) {
  std::vector<std::string> out;
  for (size_t start = 0; start < moves.size();) {
    size_t end = moves.find(' ', start);
    if (end == std::string::npos) end = moves.size();
    if (end > start) out.push_back(moves.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

// The side ahead after each ply by the evaluation (-1: none clearly), for a game's states.
int leader(const std::vector<double>& values, double margin) {
  int best = 0;
  for (size_t p = 1; p < values.size(); ++p)
    if (values[p] > values[static_cast<size_t>(best)]) best = static_cast<int>(p);
  for (size_t p = 0; p < values.size(); ++p)
    if (static_cast<int>(p) != best && values[static_cast<size_t>(best)] - values[p] < margin) return -1;
  return best;
}

struct EvaluatedGame {
  int winner = -1;
  std::vector<std::vector<double>> values;  // per ply after the start: each side's evaluation
};

void add_evaluation_measures(GameMeasures& m, const std::vector<EvaluatedGame>& games) {
  int decisive = 0;
  double changes = 0, behind = 0, decided = 0;
  for (const auto& g : games) {
    if (g.winner < 0 || g.values.empty()) continue;
    // A lead is clear when it is more than a tenth of the game's typical gap between sides.
    double typical = 0;
    for (const auto& v : g.values)
      typical += *std::max_element(v.begin(), v.end()) - *std::min_element(v.begin(), v.end());
    const double margin = 0.1 * typical / static_cast<double>(g.values.size());
    int last = -1, n = static_cast<int>(g.values.size()), behind_plies = 0, settled = 0;
    int change_count = 0;
    for (int ply = 0; ply < n; ++ply) {
      const int ahead = leader(g.values[static_cast<size_t>(ply)], margin);
      if (ahead >= 0 && last >= 0 && ahead != last) ++change_count;
      if (ahead >= 0) last = ahead;
      if (ahead >= 0 && ahead != g.winner) behind_plies++;
      if (ahead != g.winner) settled = ply + 1;  // the winner is ahead from the next ply on
    }
    ++decisive;
    changes += change_count;
    behind += double(behind_plies) / n;
    decided += double(settled) / n;
  }
  m.evaluated = true;
  if (!decisive) return;
  m.lead_changes = changes / decisive;
  m.drama = behind / decisive;
  m.decided_at = decided / decisive;
}

void add_first_move_measures(GameMeasures& m, const std::vector<GameRecord>& games) {
  std::map<std::string, std::map<int, int>> by_first;  // first move -> winner -> games
  std::map<int, int> overall;
  for (const auto& g : games) {
    if (g.winner < 0 || g.moves.empty()) continue;
    ++by_first[g.moves.substr(0, g.moves.find(' '))][g.winner];
  }
  int predicted = 0;
  for (const auto& [move, winners] : by_first) {
    int total = 0, most = 0;
    for (const auto& [w, n] : winners) total += n, most = std::max(most, n);
    if (total < 2) continue;
    ++m.first_move_groups;
    m.first_move_games += total;
    predicted += most;
    for (const auto& [w, n] : winners) overall[w] += n;
  }
  if (!m.first_move_games) return;
  int most = 0;
  for (const auto& [w, n] : overall) most = std::max(most, n);
  m.first_move_predicts = double(predicted) / m.first_move_games;
  m.overall_predicts = double(most) / m.first_move_games;
}

}  // namespace

GameMeasures measure_games(std::shared_ptr<const Program> program, const std::vector<GameRecord>& games,
                           bool with_evaluation) {
  const Program& p = *program;
  GameMeasures m;
  m.branching_by_tenth.assign(10, 0.0);
  m.landings.assign(static_cast<size_t>(p.cells), 0.0);
  std::vector<double> plies_by_tenth(10, 0.0);
  std::vector<uint8_t> used(static_cast<size_t>(p.cells), 0);
  const std::vector<std::string> makers = maker_names(p);
  std::vector<int> maker_games(makers.size(), 0), promotion_games(p.promotions.size(), 0);
  std::vector<int> end_games(p.end.after_move.size() + 3, 0);  // the rules, then no move, the ply limit, other
  std::unique_ptr<Evaluator> evaluator = with_evaluation ? make_evaluator(p) : nullptr;
  std::vector<EvaluatedGame> evaluated;
  MoveList legal;
  for (const auto& g : games) {
    State s(program);
    std::vector<uint8_t> made(makers.size(), 0), promoted(p.promotions.size(), 0);
    EvaluatedGame e;
    e.winner = g.winner;
    const auto moves = split_moves(g.moves);
    const int length = std::max<int>(1, static_cast<int>(moves.size()));
    int last_mover = 0;
    for (size_t ply = 0; ply < moves.size(); ++ply) {
      std::string error;
      auto move = parse_move(s, moves[ply], error);
      if (!move)
        throw std::invalid_argument(
            fmt::format("game {}: move {} '{}' does not replay: {}", g.game, ply + 1, moves[ply], error));
      s.legal_moves(legal);
      const size_t tenth = std::min<size_t>(9, ply * 10 / static_cast<size_t>(length));
      m.branching_by_tenth[tenth] += static_cast<double>(legal.size());
      plies_by_tenth[tenth] += 1;
      const Move& mv = *move;
      if (mv.from >= 0) used[static_cast<size_t>(mv.from)] = 1;
      if (mv.to >= 0) used[static_cast<size_t>(mv.to)] = 1, m.landings[static_cast<size_t>(mv.to)] += 1;
      for (int k = 0; k < mv.steps; ++k)
        if (mv.path[k].taken >= 0) used[static_cast<size_t>(mv.path[k].taken)] = 1;
      if (mv.maker < made.size()) made[mv.maker] = 1;
      // A turn step fires when it is played, whoever makes the move (a movement makes the
      // moves of a `move` step; the step itself only its passes).
      if (const size_t step = current_phase(s).index; step < made.size()) made[step] = 1;
      if (mv.promotion > 0 && mv.promotion <= promoted.size()) promoted[mv.promotion - 1] = 1;
      last_mover = s.current_player();
      s.apply(mv);
      if (evaluator && !s.is_terminal()) {
        std::vector<double> v;
        for (int side = 0; side < p.player_count(); ++side) v.push_back(evaluator->evaluate(s, side));
        e.values.push_back(std::move(v));
      }
    }
    for (size_t i = 0; i < made.size(); ++i) maker_games[i] += made[i];
    for (size_t i = 0; i < promoted.size(); ++i) promotion_games[i] += promoted[i];
    // Why it ended: the first end rule that holds for the last mover, else no move, or the limit.
    size_t reason = p.end.after_move.size() + 2;
    if (s.result().over) {
      for (size_t r = 0; r < p.end.after_move.size() && reason > p.end.after_move.size(); ++r)
        if (holds(p.end.after_move[r].condition, {s, last_mover})) reason = r;
      if (reason > p.end.after_move.size() && s.legal_moves().empty() && !moves.empty() && g.plies < p.end.ply_limit)
        reason = p.end.after_move.size();
      if (reason > p.end.after_move.size() && s.ply() >= p.end.ply_limit) reason = p.end.after_move.size() + 1;
    } else if (g.cut) {
      reason = p.end.after_move.size() + 1;
    }
    ++end_games[reason];
    if (evaluator) evaluated.push_back(std::move(e));
    ++m.games;
  }
  for (size_t t = 0; t < 10; ++t)
    if (plies_by_tenth[t] > 0) m.branching_by_tenth[t] /= plies_by_tenth[t];
  m.board_used = p.cells ? double(std::count(used.begin(), used.end(), 1)) / p.cells : 0;
  using Kind = GameMeasures::Rule::Kind;
  for (size_t i = 0; i < makers.size(); ++i)
    if (!makers[i].empty()) m.rules.push_back({Kind::maker, makers[i], maker_games[i]});
  for (size_t i = 0; i < p.promotions.size(); ++i) {
    const Promotion& pr = p.promotions[i];
    std::string what = "the promotion at " + where(pr.pos);
    if (pr.choices > 1) what += " to " + (pr.to_kind < 0 ? std::string("none") : p.kinds[pr.to_kind].name);
    m.rules.push_back({Kind::promotion, what, promotion_games[i]});
  }
  for (size_t r = 0; r < p.end.after_move.size(); ++r)
    m.rules.push_back({Kind::end, "the end rule at " + where(p.end.after_move[r].pos), end_games[r]});
  const size_t n = p.end.after_move.size();
  if (p.end.no_move != NoMovePolicy::pass) m.rules.push_back({Kind::end, "the end for want of a move", end_games[n]});
  m.rules.push_back({Kind::end, "the ply limit", end_games[n + 1]});
  m.rules.push_back({Kind::end, "another end (repetition, the score, an offer)", end_games[n + 2]});
  if (evaluator) add_evaluation_measures(m, evaluated);
  add_first_move_measures(m, games);
  return m;
}

}  // namespace tabula
