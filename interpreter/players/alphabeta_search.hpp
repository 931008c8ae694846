#pragma once
// One thread's alpha-beta search (players/alphabeta_agent drives it): fail-soft minimax for
// the root player with a transposition table, move ordering (the table's move, captures by
// what they take, two killer moves per ply, then the history of cut-offs), quiescence over
// captures past the horizon when the evaluator says captures matter, game ends scored by
// distance, and positions met before in the game or on the line scored as draws.
//
// What the threads of one choice share (lazy SMP) is in SharedSearch: the table, the
// evaluator, the game's positions, the clock and the stop flags; each AlphaBetaSearch keeps
// its own killers, history, line and count of positions.
#include <array>
#include <atomic>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "engine/state.hpp"
#include "players/evaluator.hpp"
#include "players/transposition_table.hpp"

namespace tabula {

// Wins score kEvalWin - plies: beyond kEvalWin / 2 a value is a forced result.
inline bool is_win_score(double v) { return v > kEvalWin / 2 || v < -kEvalWin / 2; }

struct SharedSearch {
  const Evaluator* evaluator = nullptr;
  TranspositionTable* table = nullptr;
  const std::unordered_set<uint64_t>* game_positions = nullptr;  // the game's positions, the root included
  int root_player = 0;
  double deadline = 0;                      // seconds on the steady clock (0: none)
  const std::atomic<bool>* stop = nullptr;  // a protocol's stop (UCI), or null
  std::atomic<bool> threads_stop{false};    // the main thread has its move, or a thread failed
  uint64_t node_limit = 0;                  // over every thread (0: none)
  std::atomic<uint64_t> nodes{0};           // every thread's positions, added every 1024
};

class AlphaBetaSearch {
 public:
  explicit AlphaBetaSearch(SharedSearch& shared);

  // Minimax value of `s` for the root player (it maximises; everyone else minimises).
  double search(State& s, int depth, int ply, double alpha, double beta);
  bool aborted() const { return aborted_; }
  // The positions this thread searched (SharedSearch::nodes counts them by the thousand).
  uint64_t nodes() const { return nodes_; }
  uint64_t unreported() const { return unreported_; }  // not yet added to SharedSearch::nodes

 private:
  double quiesce(State& s, int ply, int plies_left, double alpha, double beta);
  bool out_of_time();
  void order(const MoveList& moves, uint16_t table_move, int ply, std::vector<uint16_t>& out) const;
  void remember_cutoff(const Move& m, int depth, int ply);

  SharedSearch& shared_;
  bool aborted_ = false;
  uint64_t nodes_ = 0, unreported_ = 0;
  std::vector<uint64_t> path_;  // hashes of the positions above the node searched
  static constexpr int kMaxKillerPly = 128;
  std::vector<std::array<Move, 2>> killers_;  // per ply: the last two quiet moves that cut off
  std::vector<uint32_t> history_;             // per side and move key: cut-offs weighed by depth squared
};

}  // namespace tabula
