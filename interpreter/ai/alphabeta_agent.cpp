#include "ai/alphabeta_agent.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <unordered_set>

namespace tabula {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr int kQuiescencePlies = 8;  // bounds the capture search past the horizon

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
  if (seconds_ <= 0) return fmt::format("alphabeta:{}", max_depth_);
  std::string time = seconds_ < 1 ? fmt::format("{}ms", std::lround(seconds_ * 1000)) : fmt::format("{}s", seconds_);
  return fmt::format("alphabeta:{}:{}", max_depth_, time);
}

bool AlphaBetaAgent::out_of_time() {
  if (seconds_ > 0 && (info_.nodes & 1023) == 0 && now_seconds() > deadline_) aborted_ = true;
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
  // Search order: the table's move, then captures, then the rest as generated.
  std::vector<uint16_t> order(moves.size());
  std::iota(order.begin(), order.end(), uint16_t{0});
  std::stable_sort(order.begin(), order.end(), [&](uint16_t a, uint16_t b) {
    if ((a == table_move) != (b == table_move)) return a == table_move;
    return moves[a].captures > moves[b].captures;
  });

  bool maximising = s.current_player() == root_player_;
  double alpha0 = alpha, beta0 = beta;
  double best = maximising ? -kInfinity : kInfinity;
  uint16_t best_move = TranspositionTable::kNoMove;
  path_.push_back(s.hash());
  for (uint16_t i : order) {
    s.apply_unchecked(moves[i]);
    double v = search(s, depth - 1, ply + 1, alpha, beta);
    s.undo();
    if (aborted_) break;
    if (maximising ? v > best : v < best) best = v, best_move = i;
    if (maximising) alpha = std::max(alpha, v);
    else beta = std::min(beta, v);
    if (alpha >= beta) break;
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

Move AlphaBetaAgent::choose(State& s) {
  if (evaluator_program_ != &s.program()) {  // first move, or another game
    if (!given_evaluator_) evaluator_ = make_evaluator(s.program());
    evaluator_program_ = &s.program();
    table_.clear();
  }
  root_player_ = s.current_player();
  aborted_ = false;
  info_ = {};
  deadline_ = now_seconds() + seconds_;

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
  if (moves.size() == 1) return moves.front();

  Move chosen = moves.front();
  for (int depth = 1; depth <= max_depth_; ++depth) {
    double best = -kInfinity, alpha = -kInfinity;
    size_t best_index = 0;
    for (size_t i = 0; i < moves.size(); ++i) {
      s.apply_unchecked(moves[i]);
      double v = search(s, depth - 1, 1, alpha, kInfinity);
      s.undo();
      if (aborted_) break;
      if (v > best) best = v, best_index = i;
      alpha = std::max(alpha, best);
    }
    if (aborted_) break;  // an unfinished iteration is not trusted
    // The best move leads the next, deeper iteration.
    std::rotate(moves.begin(), moves.begin() + best_index, moves.begin() + best_index + 1);
    chosen = moves.front();
    info_.depth = depth;
    info_.value = best;
    if (is_win_score(best)) break;  // a forced result; deeper search cannot change it
  }
  return chosen;
}

}  // namespace tabula
