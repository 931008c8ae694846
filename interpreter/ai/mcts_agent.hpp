#pragma once
// Monte Carlo tree search (UCT) with random playouts. Each node keeps the reward of the
// player who moved into it, taken from State::returns(), so any number of players works.
// The tree is kept between moves: when the moves played since the last search are found
// in it, the subtree below them becomes the new root.
//
// Budget: a number of iterations (reproducible from the seed) or a time (not reproducible).
//
// Cut-off: in games where random play almost never ends (a goal that random moves do not
// reach), a playout may stop after `cutoff` plies; the position reached is then scored by
// the game's evaluator (ai/evaluator.hpp), squashed into a reward in (0, 1) relative to the
// evaluations seen so far, instead of by a result (docs/AI.md, "Playouts that do not end").
#include <cstdint>
#include <memory>
#include <vector>

#include "ai/agent.hpp"
#include "ai/evaluator.hpp"
#include "ai/rng.hpp"
#include "engine/sample.hpp"

namespace tabula {

class MctsAgent : public Agent {
 public:
  // iterations = 0: search for `seconds` instead.
  MctsAgent(uint64_t iterations, double seconds, uint64_t seed, double exploration = 1.0, int cutoff = 0);
  Move choose(State& s) override;
  std::string name() const override;

  struct SearchInfo {
    uint64_t iterations = 0;
    uint64_t reused_visits = 0;  // visits already under the root when the search began
    size_t tree_nodes = 0;
  };
  const SearchInfo& last_search() const { return info_; }

 private:
  struct Node {
    Move move;  // the move into this node
    int parent = -1;
    int first_child = -1;  // -1: not expanded yet
    int child_count = 0;
    int mover = -1;  // the player who made `move`
    uint32_t visits = 0;
    double reward = 0;  // sum of the mover's rewards, each in [0, 1]
  };

  void iterate(State& s);
  std::vector<double> playout_returns(State& s, int& applied);
  int select_child(const Node& n) const;
  void expand(State& s, int node);
  bool reuse_tree(const State& s);
  void keep_subtree(int new_root);

  uint64_t iterations_;
  double seconds_;
  double exploration_;
  int cutoff_;                            // plies per playout; 0: to the end
  std::unique_ptr<Evaluator> evaluator_;  // scores cut-off playouts (made on first use)
  double scale_sum_ = 0;                  // the sum of |evaluation| at cut-offs ...
  uint64_t scale_count_ = 0;              // ... over this many evaluations
  Rng rng_;
  std::vector<Node> nodes_;         // nodes_[0] is the root
  std::vector<Move> root_history_;  // the game's moves up to the root position
  MoveList scratch_;
  MoveSample sample_;  // the playouts'
  SearchInfo info_;
};

// Flat Monte Carlo: `playouts` random playouts after each legal move; the move with the
// best average return is played.
class FlatMonteCarloAgent : public Agent {
 public:
  FlatMonteCarloAgent(int playouts, uint64_t seed) : playouts_(playouts), rng_(seed) {}
  Move choose(State& s) override;
  std::string name() const override { return "mc:" + std::to_string(playouts_); }

 private:
  int playouts_;
  Rng rng_;
  MoveSample scratch_;
};

}  // namespace tabula
