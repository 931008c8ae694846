#include "players/alphabeta_agent.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_set>

#include "players/agent_spec.hpp"

namespace tabula {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr int kQuiescencePlies = 8;  // bounds the capture search past the horizon
constexpr uint32_t kHistoryKeys = 1u << 16;
// Move ordering scores: the table's move, then captures, then killers, then history.
constexpr double kTableMoveScore = 4e12, kCaptureScore = 3e12, kKillerScore = 2e12;
// With a policy wanted, root moves within this many evaluation spreads of the best are
// searched with an open window (their values exact); the rest only bound.
constexpr double kPolicyWindow = 4;

double now_seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Game ends are worth more the sooner they come (a quick win, a slow loss).
double terminal_value(const GameResult& r, int player, int ply) {
  if (r.winner < 0) return 0;
  return r.winner == player ? kEvalWin - ply : -(kEvalWin - ply);
}

// Win scores are stored relative to the node, not the root, so they stay true wherever
// the position recurs.
bool is_win_score(double v) { return std::abs(v) > kEvalWin / 2; }
double to_table(double v, int ply) { return is_win_score(v) ? v + (v > 0 ? ply : -ply) : v; }
double from_table(double v, int ply) { return is_win_score(v) ? v - (v > 0 ? ply : -ply) : v; }

// The table serves one root player at a time (values are from its point of view); a key
// salt per player keeps the players' entries apart.
uint64_t player_salt(int player) { return 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(player + 1); }

}  // namespace

AlphaBetaAgent::AlphaBetaAgent(int max_depth, double seconds, uint64_t seed, std::shared_ptr<const Evaluator> evaluator)
    : max_depth_(max_depth),
      seconds_(seconds),
      rng_(seed),
      evaluator_(std::move(evaluator)),
      given_evaluator_(evaluator_ != nullptr) {}

std::string AlphaBetaAgent::name() const {
  AgentSpec spec;
  spec.kind = "alphabeta";
  spec.count = static_cast<uint64_t>(max_depth_);
  spec.seconds = seconds_;
  if (node_limit_ > 0) spec.options.push_back({"nodes", static_cast<double>(node_limit_)});
  return spec.text();
}

bool AlphaBetaAgent::out_of_time() {
  if ((info_.nodes & 1023) == 0) {
    if (seconds_ > 0 && now_seconds() > deadline_) aborted_ = true;
    if (stop_ && stop_->load(std::memory_order_relaxed)) aborted_ = true;
  }
  if (node_limit_ > 0 && info_.nodes >= node_limit_) aborted_ = true;
  return aborted_;
}

// Minimax value for the root player (it maximises; everyone else minimises), fail-soft.
double AlphaBetaAgent::search(State& s, int depth, int ply, double alpha, double beta) {
  ++info_.nodes;
  if (out_of_time()) return 0;
  GameResult r = s.result();
  if (r.over) return terminal_value(r, root_player_, ply);
  // A position met before in the game or on this line scores as a draw, so the side
  // ahead avoids repeating and two players cannot shuffle to the ply limit.
  if (game_positions_.count(s.hash()) || std::find(path_.begin(), path_.end(), s.hash()) != path_.end()) return 0;
  if (depth <= 0)
    return evaluator_->captures_matter() ? quiesce(s, ply, kQuiescencePlies, alpha, beta)
                                         : evaluator_->evaluate(s, root_player_);

  uint64_t key = s.hash() ^ player_salt(root_player_);
  uint16_t table_move = TranspositionTable::kNoMove;
  if (const auto* e = table_.find(key)) {
    table_move = e->best_move;
    if (e->depth >= depth) {
      double v = from_table(e->value, ply);
      if (e->bound == TranspositionTable::Bound::exact) return v;
      if (e->bound == TranspositionTable::Bound::lower && v >= beta) return v;
      if (e->bound == TranspositionTable::Bound::upper && v <= alpha) return v;
    }
  }

  MoveList moves;
  s.legal_moves(moves);
  std::vector<uint16_t> order_of_moves;
  order(moves, table_move, ply, order_of_moves);

  bool maximising = s.current_player() == root_player_;
  double alpha0 = alpha, beta0 = beta;
  double best = maximising ? -kInfinity : kInfinity;
  uint16_t best_move = TranspositionTable::kNoMove;
  path_.push_back(s.hash());
  for (uint16_t i : order_of_moves) {
    s.apply_unchecked(moves[i]);
    double v = search(s, depth - 1, ply + 1, alpha, beta);
    s.undo();
    if (aborted_) break;
    if (maximising ? v > best : v < best) best = v, best_move = i;
    if (maximising) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) {
      remember_cutoff(moves[i], depth, ply);
      break;
    }
  }
  path_.pop_back();
  if (aborted_) return 0;
  auto bound = best <= alpha0  ? TranspositionTable::Bound::upper
               : best >= beta0 ? TranspositionTable::Bound::lower
                               : TranspositionTable::Bound::exact;
  table_.store(key, depth, to_table(best, ply), bound, best_move);
  return best;
}

// Past the horizon, only captures are searched, so the evaluation is not taken in the
// middle of an exchange. The player to move may decline them ("stand pat") unless every
// legal move is a capture (the rules make taking compulsory).
double AlphaBetaAgent::quiesce(State& s, int ply, int plies_left, double alpha, double beta) {
  ++info_.nodes;
  if (out_of_time()) return 0;
  GameResult r = s.result();
  if (r.over) return terminal_value(r, root_player_, ply);
  MoveList moves;
  s.legal_moves(moves);
  size_t captures = std::count_if(moves.begin(), moves.end(), [](const Move& m) { return m.captures > 0; });
  double stand = evaluator_->evaluate(s, root_player_);
  if (captures == 0 || plies_left == 0) return stand;
  bool maximising = s.current_player() == root_player_;
  bool forced = captures == moves.size();
  double best = forced ? (maximising ? -kInfinity : kInfinity) : stand;
  if (!forced) {
    if (maximising) alpha = std::max(alpha, stand);
    else beta = std::min(beta, stand);
    if (alpha >= beta) return stand;
  }
  for (const Move& m : moves) {
    if (!m.captures) continue;
    s.apply_unchecked(m);
    double v = quiesce(s, ply + 1, plies_left - 1, alpha, beta);
    s.undo();
    if (aborted_) return 0;
    if (maximising ? v > best : v < best) best = v;
    if (maximising) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) break;
  }
  return best;
}

uint32_t AlphaBetaAgent::history_key(const Move& m) const {
  uint32_t h = uint32_t(uint16_t(m.from)) * 0x9E3779B1u ^ uint32_t(uint16_t(m.to)) * 0x85EBCA77u ^
               uint32_t(m.kind) * 0xC2B2AE3Du ^ uint32_t(m.arg) * 0x27D4EB2Fu;
  return (h ^ (h >> 16)) & (kHistoryKeys - 1);
}

// The order to search `moves` in: the table's move, captures (more taken first, then more
// value), the ply's killer moves, then quiet moves by their history of cut-offs; ties keep
// the generation order.
void AlphaBetaAgent::order(const MoveList& moves, uint16_t table_move, int ply, std::vector<uint16_t>& out) const {
  std::vector<double> score(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const Move& m = moves[i];
    if (i == table_move) score[i] = kTableMoveScore;
    else if (m.captures) score[i] = kCaptureScore + m.captures * 1e6 + m.value;
    else if (ply < kMaxKillerPly && m == killers_[ply][0]) score[i] = kKillerScore + 1;
    else if (ply < kMaxKillerPly && m == killers_[ply][1]) score[i] = kKillerScore;
    else score[i] = history_[history_key(m)];
  }
  out.resize(moves.size());
  std::iota(out.begin(), out.end(), uint16_t{0});
  std::stable_sort(out.begin(), out.end(), [&](uint16_t a, uint16_t b) { return score[a] > score[b]; });
}

// A quiet move that cut the search off is tried early elsewhere: first among the moves of
// the same ply (killers), and by its history at any ply.
void AlphaBetaAgent::remember_cutoff(const Move& m, int depth, int ply) {
  if (m.captures) return;
  if (ply < kMaxKillerPly && !(m == killers_[ply][0])) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  uint32_t& h = history_[history_key(m)];
  h = std::min<uint32_t>(h + static_cast<uint32_t>(depth * depth), 1u << 30);
}

Move AlphaBetaAgent::choose(State& s) {
  if (evaluator_program_ != &s.program()) {  // first move, or another game
    if (!given_evaluator_) evaluator_ = make_evaluator(s.program(), tuned_);
    evaluator_program_ = &s.program();
    table_.clear();
  }
  const double started = now_seconds();
  root_player_ = s.current_player();
  aborted_ = false;
  info_ = {};
  deadline_ = started + seconds_;
  killers_.assign(kMaxKillerPly, {Move(), Move()});
  history_.assign(kHistoryKeys, 0);

  // The positions of the game so far, the root included (see search).
  game_positions_.clear();
  for (State back = s;; back.undo()) {
    game_positions_.insert(back.hash());
    if (back.history().empty()) break;
  }
  path_.clear();

  MoveList moves = s.legal_moves();
  // Shuffled so that equally good moves are chosen at random, reproducibly from the seed.
  for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[rng_.below(static_cast<uint32_t>(i))]);
  policy_ = {};
  policy_.kind = Policy::Kind::values;
  if (moves.size() == 1) {
    policy_.moves.push_back({moves.front(), 0.0});
    return moves.front();
  }

  std::vector<size_t> order(moves.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::vector<double> values(moves.size(), 0.0), done_values;
  std::vector<bool> exact(moves.size(), false), done_exact;
  double scale = 0;  // the spread of the root's values (from the first iteration), for the policy
  for (int depth = 1; depth <= max_depth_; ++depth) {
    double best = -kInfinity, alpha = -kInfinity;
    size_t best_at = 0;
    const double window = !policy_wanted_ ? 0 : depth == 1 ? kInfinity : kPolicyWindow * scale;
    for (size_t k = 0; k < order.size(); ++k) {
      const size_t i = order[k];
      const double floor = window > 0 ? alpha - window : alpha;
      s.apply_unchecked(moves[i]);
      double v = search(s, depth - 1, 1, floor, kInfinity);
      s.undo();
      if (aborted_) break;
      values[i] = v, exact[i] = v > floor;
      if (v > best) best = v, best_at = k;
      alpha = std::max(alpha, best);
    }
    if (aborted_) break;  // an unfinished iteration is not trusted
    // The best move leads the next, deeper iteration.
    std::rotate(order.begin(), order.begin() + static_cast<long>(best_at),
                order.begin() + static_cast<long>(best_at) + 1);
    info_.depth = depth;
    info_.value = best;
    done_values = values, done_exact = exact;
    if (report_) {
      info_.seconds = now_seconds() - started;
      report_(info_, moves[order.front()]);
    }
    if (depth == 1 && policy_wanted_) {
      double spread = 0;
      int n = 0;
      for (double v : values)
        if (!is_win_score(v)) spread += std::abs(best - v), ++n;
      scale = std::max(1e-9, n ? spread / n : 1.0);
    }
    if (is_win_score(best)) break;  // a forced result; deeper search cannot change it
  }
  info_.seconds = now_seconds() - started;
  policy_.scale = std::max(scale, 1e-9);
  for (size_t i = 0; i < moves.size(); ++i) {
    const double v = done_values.empty() ? 0 : done_values[i];
    const bool known = !done_exact.empty() && done_exact[i];
    // A move only bounded lies outside the window: below every move the policy weighs.
    policy_.moves.push_back({moves[i], known ? v : std::min(v, info_.value - kPolicyWindow * policy_.scale)});
    if (known && is_win_score(v) && v > 0) policy_.proven_wins.push_back(moves[i]);
  }
  return moves[order.front()];
}

}  // namespace tabula
