#include "ai/evaluator.hpp"

#include "engine/evaluate.hpp"
#include "engine/generate.hpp"
#include "engine/turn_machine.hpp"

#include <algorithm>
#include <cmath>

namespace tabula {
namespace {

// Mean distance of a player's pieces from their centre: small when they are gathered.
double scatter(const State& s, int player) {
  const Program& p = s.program();
  double sx = 0, sy = 0;
  int n = 0;
  for (int c = 0; c < p.cells; ++c)
    if (s.at(c) && p.owner(s.at(c)) == player) sx += p.board->cell(c).x, sy += p.board->cell(c).y, ++n;
  if (n <= 1) return 0;
  sx /= n, sy /= n;
  double d = 0;
  for (int c = 0; c < p.cells; ++c)
    if (s.at(c) && p.owner(s.at(c)) == player)
      d += std::max(std::abs(p.board->cell(c).x - sx), std::abs(p.board->cell(c).y - sy));
  return d / n;
}

// How many groups a player's pieces form over the board's links (1 when connected).
int groups(const State& s, int player) {
  const Program& p = s.program();
  std::vector<uint8_t> seen(p.cells, 0);
  std::vector<int> stack;
  int count = 0;
  for (int c = 0; c < p.cells; ++c) {
    if (seen[c] || !s.at(c) || p.owner(s.at(c)) != player) continue;
    ++count;
    seen[c] = 1;
    stack.assign(1, c);
    while (!stack.empty()) {
      int at = stack.back();
      stack.pop_back();
      for (int next : p.adjacent[at])
        if (!seen[next] && s.at(next) && p.owner(s.at(next)) == player) seen[next] = 1, stack.push_back(next);
    }
  }
  return count;
}

// A per-player term for `player` minus the mean of the same term for the others.
template <class Term>
double against_others(int players, int player, Term term) {
  if (players < 2) return term(player);
  double others = 0;
  for (int q = 0; q < players; ++q)
    if (q != player) others += term(q);
  return term(player) - others / (players - 1);
}

constexpr double kGatheringWeight = 10;
constexpr double kGroupWeight = 0.5;  // one group fewer is worth half a square of scatter
constexpr double kMobilityWeight = 0.05;

}  // namespace

RulesEvaluator::RulesEvaluator(const Program& p) {
  for (const auto& r : p.end.after_move) connection_ = connection_ || r.condition.calls("connected");
}

double RulesEvaluator::material(const State& s, int player) const {
  const Program& p = s.program();
  std::vector<double> per_player(p.player_count(), 0.0);
  // In a column, the top counter owns the cell; the counters below it count half, since
  // they change hands only when the column does.
  for (int c = 0; c < p.cells; ++c) {
    int height = s.height(c);
    for (int level = 0; level < height; ++level) {
      uint8_t code = s.counter(c, level);
      per_player[p.owner(code)] += p.kinds[p.kind(code)].value * (level == height - 1 ? 1.0 : 0.5);
    }
  }
  return against_others(p.player_count(), player, [&](int q) { return per_player[q]; });
}

double RulesEvaluator::gathering(const State& s, int player) const {
  if (!connection_) return 0;
  // Fewer groups, and pieces closer together, are nearer to one connected group.
  return -against_others(s.program().player_count(), player,
                         [&](int q) { return kGroupWeight * groups(s, q) + scatter(s, q); });
}

// Legal moves per player. Only the player to move has legal moves in the State contract,
// so the others are counted after null moves (a pass applied and undone): the board is
// unchanged, only the turn moves on.
double RulesEvaluator::mobility(const State& s, int player) const {
  int n = s.program().player_count();
  State& scratch = const_cast<State&>(s);  // restored exactly by undo before returning
  std::vector<double> count(n, 0.0);
  MoveList moves;
  int passes = 0;
  for (int i = 0; i < n; ++i) {
    scratch.legal_moves(moves);
    count[scratch.current_player()] = static_cast<double>(moves.size());
    if (i + 1 < n && !scratch.is_terminal()) {
      Move pass;
      add_pass(moves, current_phase(scratch).index);
      pass = moves.back();
      scratch.apply_unchecked(pass), ++passes;
    }
  }
  while (passes--) scratch.undo();
  return against_others(n, player, [&](int q) { return count[q]; });
}

double RulesEvaluator::evaluate(const State& s, int player) const {
  double mob = kMobilityWeight * mobility(s, player);
  // When the goal is to connect, fewer own pieces are easier to gather, so material
  // counts a little against (the classic connection-game evaluation).
  if (connection_) return kGatheringWeight * gathering(s, player) - 0.5 * material(s, player) + mob;
  return material(s, player) + mob;
}

double ExpressionEvaluator::evaluate(const State& s, int player) const {
  return std::clamp(static_cast<double>(value(expression_, {s, player})), -kEvalWin / 4, kEvalWin / 4);
}

std::unique_ptr<Evaluator> make_evaluator(const Program& p) {
  if (!p.evaluation.empty()) return std::make_unique<ExpressionEvaluator>(p.evaluation);
  return std::make_unique<RulesEvaluator>(p);
}

}  // namespace tabula
