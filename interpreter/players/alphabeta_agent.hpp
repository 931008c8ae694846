#pragma once
// Alpha-beta with iterative deepening (to a depth, or until the time per move is spent: the
// deepest finished iteration's move is played), a transposition table keyed by
// State::hash(), move ordering (the table's move, captures by what they take, two killer
// moves per ply, then the history of cut-offs), quiescence over captures past the horizon
// when the evaluator says captures matter, and game ends scored by distance (the quickest
// win, the slowest loss).
//
// With more than two players it searches "paranoid": the player to choose maximises, and
// every other player is assumed to minimise that player's value. This is sound for any
// number of players (it is plain minimax when there are two) and cheap, at the price of
// pessimism in games where the others do not cooperate.
//
// Reproducible from the seed when only a depth is given; a time limit makes the depth
// reached, and so the move, depend on the machine's speed.
#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

#include "players/agent.hpp"
#include "players/evaluator.hpp"
#include "players/transposition_table.hpp"
#include "util/rng.hpp"

namespace tabula {

class AlphaBetaAgent : public Agent {
 public:
  // seconds = 0: no time limit. evaluator = nullptr: make_evaluator(program) on first use.
  AlphaBetaAgent(int max_depth, double seconds, uint64_t seed, std::shared_ptr<const Evaluator> evaluator = nullptr);
  Move choose(State& s) override;
  std::string name() const override;
  const Policy& policy() const override { return policy_; }
  void want_policy(bool wanted) override { policy_wanted_ = wanted; }
  // Search with the rules' untuned evaluation weights (the default is the tuned ones).
  void use_untuned_weights() { tuned_ = false; }

  struct SearchInfo {
    int depth = 0;     // last fully searched depth
    double value = 0;  // its value for the player to move
    uint64_t nodes = 0;
    double seconds = 0;  // the search's wall time
  };
  const SearchInfo& last_search() const { return info_; }

  // For a protocol's search (UCI): a flag another thread sets to stop the search (the
  // deepest finished iteration's move is played), a limit on the positions searched (0:
  // none), and a call after each finished depth with the best move so far.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  void set_node_limit(uint64_t nodes) { node_limit_ = nodes; }
  void on_depth(std::function<void(const SearchInfo&, const Move&)> report) { report_ = std::move(report); }

 private:
  double search(State& s, int depth, int ply, double alpha, double beta);
  double quiesce(State& s, int ply, int plies_left, double alpha, double beta);
  bool out_of_time();
  void order(const MoveList& moves, uint16_t table_move, int ply, std::vector<uint16_t>& out) const;
  void remember_cutoff(const Move& m, int depth, int ply);
  uint32_t history_key(const Move& m) const;

  int max_depth_;
  double seconds_;
  Rng rng_;
  std::shared_ptr<const Evaluator> evaluator_;
  bool given_evaluator_;
  const Program* evaluator_program_ = nullptr;
  TranspositionTable table_;
  int root_player_ = 0;
  bool aborted_ = false;
  double deadline_ = 0;  // seconds on the steady clock
  SearchInfo info_;
  std::unordered_set<uint64_t> game_positions_;  // hashes of the game's positions up to the root
  std::vector<uint64_t> path_;                   // hashes of the positions above the node searched
  static constexpr int kMaxKillerPly = 128;
  std::vector<std::array<Move, 2>> killers_;  // per ply: the last two quiet moves that cut off
  std::vector<uint32_t> history_;             // per side and move key: cut-offs weighed by depth squared
  bool policy_wanted_ = false;
  bool tuned_ = true;
  const std::atomic<bool>* stop_ = nullptr;
  uint64_t node_limit_ = 0;
  std::function<void(const SearchInfo&, const Move&)> report_;
  Policy policy_;
};

}  // namespace tabula
