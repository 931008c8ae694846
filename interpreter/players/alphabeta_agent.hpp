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
// Reproducible from the seed when only a depth is given on one thread; a time limit makes
// the depth reached, and so the move, depend on the machine's speed.
//
// With several threads (lazy SMP) the helper threads search the same root, by the same
// iterative deepening (every other one a depth ahead), in copies of the position, sharing
// the transposition table: what one finds orders and cuts the others' searches. The deepest
// iteration any thread finished gives the move (the main thread's on a tie); the policy is
// the main thread's. The threads' timing decides what each finds first, so a search on
// several threads is not reproducible, even to a depth.
#include <atomic>
#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

#include "players/agent.hpp"
#include "players/alphabeta_search.hpp"
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
  // Search on `threads` threads (lazy SMP; 1 by default).
  void set_threads(int threads) { threads_ = threads < 1 ? 1 : threads; }
  // A transposition table of at most `megabytes` (at least 1; the default is 6 MB), emptied.
  void set_table_megabytes(size_t megabytes);

  struct SearchInfo {
    int depth = 0;       // last fully searched depth (of the thread whose move is played)
    double value = 0;    // its value for the player to move
    uint64_t nodes = 0;  // over every thread
    double seconds = 0;  // the search's wall time
  };
  const SearchInfo& last_search() const { return info_; }

  // For a protocol's search (UCI): a flag another thread sets to stop the search (the
  // deepest finished iteration's move is played), a limit on the positions searched (0:
  // none), and a call after each finished depth of the main thread with its best move.
  void set_stop(const std::atomic<bool>* stop) { stop_ = stop; }
  void set_node_limit(uint64_t nodes) { node_limit_ = nodes; }
  void on_depth(std::function<void(const SearchInfo&, const Move&)> report) { report_ = std::move(report); }

 private:
  // A finished iteration of one thread: its depth, value and move (an index into the root's moves).
  struct Finished {
    int depth = 0;
    double value = 0;
    size_t move = 0;
  };
  Finished helper_search(State& s, const std::vector<Move>& moves, SharedSearch& shared, int helper);

  int max_depth_;
  double seconds_;
  Rng rng_;
  std::shared_ptr<const Evaluator> evaluator_;
  bool given_evaluator_;
  const Program* evaluator_program_ = nullptr;
  TranspositionTable table_;
  int threads_ = 1;
  std::vector<uint64_t> done_nodes_;  // per thread, of the last search
  SearchInfo info_;
  std::unordered_set<uint64_t> game_positions_;  // hashes of the game's positions up to the root
  bool policy_wanted_ = false;
  bool tuned_ = true;
  const std::atomic<bool>* stop_ = nullptr;
  uint64_t node_limit_ = 0;
  std::function<void(const SearchInfo&, const Move&)> report_;
  Policy policy_;
};

}  // namespace tabula
