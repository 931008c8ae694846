#include "ai/search_agent.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

namespace tabula {
namespace {

constexpr double kWin = 1e6;

bool rules_use_connection(const Program& p) {
  std::function<bool(const Condition&)> uses = [&](const Condition& c) {
    if (c.op == Condition::Op::connected) return true;
    for (const auto& a : c.args)
      if (uses(a)) return true;
    return false;
  };
  for (const auto& r : p.after_move)
    if (uses(r.condition)) return true;
  return false;
}

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

}  // namespace

double SearchAgent::evaluate(const State& s, int player) {
  const Program& p = s.program();
  GameResult r = s.result();
  if (r.over) return r.winner < 0 ? 0 : (r.winner == player ? kWin : -kWin);
  double material = 0;
  for (int c = 0; c < p.cells; ++c)
    if (s.at(c)) material += (p.owner(s.at(c)) == player ? 1 : -1) * p.kinds[p.kind(s.at(c))].value;
  static thread_local const Program* cached = nullptr;
  static thread_local bool connection = false;
  if (cached != &p) cached = &p, connection = rules_use_connection(p);
  if (!connection) return material;
  int opponent = (player + 1) % p.player_count();
  return 10 * (scatter(s, opponent) - scatter(s, player)) - 0.5 * material;
}

double SearchAgent::negamax(State& s, int depth, double alpha, double beta) {
  if (depth == 0 || s.is_terminal()) {
    double v = evaluate(s, s.current_player());
    // Prefer quicker wins and slower losses.
    return v > kWin / 2 ? v + depth : (v < -kWin / 2 ? v - depth : v);
  }
  MoveList moves = s.legal_moves();
  double best = -std::numeric_limits<double>::infinity();
  for (const Move& m : moves) {
    int mover = s.current_player();
    s.apply(m);
    double v = s.current_player() == mover ? negamax(s, depth - 1, alpha, beta) : -negamax(s, depth - 1, -beta, -alpha);
    s.undo();
    best = std::max(best, v);
    alpha = std::max(alpha, v);
    if (alpha >= beta) break;
  }
  return best;
}

Move SearchAgent::choose(State& s) {
  MoveList moves = s.legal_moves();
  // Shuffle so equal moves are chosen at random, reproducibly from the seed.
  for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[rng_.below(static_cast<uint32_t>(i))]);
  Move best = moves.front();
  double best_value = -std::numeric_limits<double>::infinity();
  for (const Move& m : moves) {
    int mover = s.current_player();
    s.apply(m);
    double v = s.current_player() == mover ? negamax(s, depth_ - 1, -kWin * 2, kWin * 2)
                                           : -negamax(s, depth_ - 1, -kWin * 2, -best_value);
    s.undo();
    if (v > best_value) best_value = v, best = m;
  }
  return best;
}

}  // namespace tabula
