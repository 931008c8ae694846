#include "players/alphabeta_search.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>

namespace tabula {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr int kQuiescencePlies = 8;  // bounds the capture search past the horizon
constexpr uint32_t kHistoryKeys = 1u << 16;
// Move ordering scores: the table's move, then captures, then killers, then history.
constexpr double kTableMoveScore = 4e12, kCaptureScore = 3e12, kKillerScore = 2e12;
constexpr uint64_t kClockEvery = 1024;  // positions between reads of the clock and the stop flags

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
double to_table(double v, int ply) { return is_win_score(v) ? v + (v > 0 ? ply : -ply) : v; }
double from_table(double v, int ply) { return is_win_score(v) ? v - (v > 0 ? ply : -ply) : v; }

// The table serves one root player at a time (values are from its point of view); a key
// salt per player keeps the players' entries apart.
uint64_t player_salt(int player) { return 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(player + 1); }

uint32_t history_key(const Move& m) {
  uint32_t h = uint32_t(uint16_t(m.from)) * 0x9E3779B1u ^ uint32_t(uint16_t(m.to)) * 0x85EBCA77u ^
               uint32_t(m.kind) * 0xC2B2AE3Du ^ uint32_t(m.arg) * 0x27D4EB2Fu;
  return (h ^ (h >> 16)) & (kHistoryKeys - 1);
}

}  // namespace

AlphaBetaSearch::AlphaBetaSearch(SharedSearch& shared)
    : shared_(shared), killers_(kMaxKillerPly, {Move(), Move()}), history_(kHistoryKeys, 0) {}

bool AlphaBetaSearch::out_of_time() {
  if ((nodes_ & (kClockEvery - 1)) == 0) {
    if (shared_.deadline > 0 && now_seconds() > shared_.deadline) aborted_ = true;
    if (shared_.stop && shared_.stop->load(std::memory_order_relaxed)) aborted_ = true;
    if (shared_.threads_stop.load(std::memory_order_relaxed)) aborted_ = true;
  }
  if (unreported_ >= kClockEvery) shared_.nodes.fetch_add(unreported_, std::memory_order_relaxed), unreported_ = 0;
  if (shared_.node_limit > 0 && shared_.nodes.load(std::memory_order_relaxed) + unreported_ >= shared_.node_limit)
    aborted_ = true;
  return aborted_;
}

double AlphaBetaSearch::search(State& s, int depth, int ply, double alpha, double beta) {
  ++nodes_, ++unreported_;
  if (out_of_time()) return 0;
  const int root_player = shared_.root_player;
  GameResult r = s.result();
  if (r.over) return terminal_value(r, root_player, ply);
  // A position met before in the game or on this line scores as a draw, so the side
  // ahead avoids repeating and two players cannot shuffle to the ply limit.
  if (shared_.game_positions->count(s.hash()) || std::find(path_.begin(), path_.end(), s.hash()) != path_.end())
    return 0;
  if (depth <= 0)
    return shared_.evaluator->captures_matter() ? quiesce(s, ply, kQuiescencePlies, alpha, beta)
                                                : shared_.evaluator->evaluate(s, root_player);

  uint64_t key = s.hash() ^ player_salt(root_player);
  uint16_t table_move = TranspositionTable::kNoMove;
  if (const auto e = shared_.table->find(key)) {
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
  // Another thread's entry may name a move of another position with the same table slot
  // and key (a torn write the check word missed): out of range, it is no move.
  if (table_move != TranspositionTable::kNoMove && table_move >= moves.size()) table_move = TranspositionTable::kNoMove;
  std::vector<uint16_t> order_of_moves;
  order(moves, table_move, ply, order_of_moves);

  bool maximising = s.current_player() == root_player;
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
  shared_.table->store(key, depth, to_table(best, ply), bound, best_move);
  return best;
}

// Past the horizon, only captures are searched, so the evaluation is not taken in the
// middle of an exchange. The player to move may decline them ("stand pat") unless every
// legal move is a capture (the rules make taking compulsory).
double AlphaBetaSearch::quiesce(State& s, int ply, int plies_left, double alpha, double beta) {
  ++nodes_, ++unreported_;
  if (out_of_time()) return 0;
  const int root_player = shared_.root_player;
  GameResult r = s.result();
  if (r.over) return terminal_value(r, root_player, ply);
  MoveList moves;
  s.legal_moves(moves);
  size_t captures = std::count_if(moves.begin(), moves.end(), [](const Move& m) { return m.captures > 0; });
  double stand = shared_.evaluator->evaluate(s, root_player);
  if (captures == 0 || plies_left == 0) return stand;
  bool maximising = s.current_player() == root_player;
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

// The order to search `moves` in: the table's move, captures (more taken first, then more
// value), the ply's killer moves, then quiet moves by their history of cut-offs; ties keep
// the generation order.
void AlphaBetaSearch::order(const MoveList& moves, uint16_t table_move, int ply, std::vector<uint16_t>& out) const {
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
void AlphaBetaSearch::remember_cutoff(const Move& m, int depth, int ply) {
  if (m.captures) return;
  if (ply < kMaxKillerPly && !(m == killers_[ply][0])) {
    killers_[ply][1] = killers_[ply][0];
    killers_[ply][0] = m;
  }
  uint32_t& h = history_[history_key(m)];
  h = std::min<uint32_t>(h + static_cast<uint32_t>(depth * depth), 1u << 30);
}

}  // namespace tabula
