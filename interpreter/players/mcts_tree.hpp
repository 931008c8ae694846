#pragma once
// One Monte Carlo search tree (UCT) and its iterations: selection, expansion, a playout
// (random moves, to the end or cut off and scored by the evaluation), and the backup of
// each mover's reward. What the options add, each switchable (docs/AI.md, "MCTS"):
// - a solver: game ends found in the tree are backed up as proven results (a position is
//   won for the side to move when one move wins, decided when every move is), proven
//   losses are never chosen, and a proven position needs no more playouts;
// - RAVE: each child also keeps all-moves-as-first statistics (how the playouts went when
//   its mover played the same move later on), blended into its value while it has few
//   visits of its own;
// - progressive bias: a new child's evaluation, squashed to [0, 1], is added to its value
//   with a weight that fades as it is visited;
// - implicit minimax: each node also keeps the minimax value of the evaluations below it
//   (its children's, backed up at every iteration), blended into its mean reward, so a
//   tactical refutation found in the tree counts at once rather than after many playouts.
// The tree is kept between moves: the moves played since the last search are followed down
// the tree and the subtree below becomes the new root.
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/sample.hpp"
#include "engine/state.hpp"
#include "players/evaluator.hpp"
#include "players/move_arena.hpp"
#include "util/rng.hpp"

namespace tabula {

struct MctsSettings {
  double exploration = 1.0;
  int cutoff = 0;                      // plies per playout before the evaluation scores it; 0: to the end
  bool solver = true;                  // back up proven results
  uint32_t rave = 0;                   // RAVE's equivalence parameter (0: no all-moves-as-first statistics)
  double bias = 0;                     // progressive bias weight (0: none)
  bool tuned = true;                   // the rules' tuned evaluation weights, else the untuned ones
  double minimax = 0;                  // weight of the implicit minimax value in [0, 1] (0: none)
  size_t max_nodes = size_t{1} << 21;  // the tree stops growing here (about 60 bytes a node)
};

class MctsTree {
 public:
  static constexpr int8_t kUnknown = -3, kDraw = -1;  // a proven result: else the winning side

  MctsTree(const MctsSettings& settings, uint64_t seed);

  // Makes `s` the root: the subtree reached by the moves played since the last search when
  // they are in the tree, else a new tree.
  void start(const State& s);
  // One iteration from the root; `s` is the root position and is restored.
  void iterate(State& s);
  // The root's result when the solver has proven it, else kUnknown.
  int8_t root_proven() const { return nodes_[0].proven; }

  struct Child {
    Move move;
    uint32_t visits = 0;
    double mean = 0;  // the mover's mean reward in [0, 1]
    int8_t proven = kUnknown;
  };
  std::vector<Child> root_children() const;
  uint32_t root_visits() const { return nodes_[0].visits; }
  size_t node_count() const { return nodes_.size(); }
  uint64_t reused_visits() const { return reused_visits_; }
  // Frees the tree (a long idle player should not hold its memory).
  void release();

 private:
  struct Node {
    uint32_t move = 0;  // in the arena (not for the root)
    int32_t parent = -1;
    int32_t first_child = -1;  // -1: not expanded yet
    uint32_t child_count = 0;
    uint32_t visits = 0;
    uint32_t amaf_visits = 0;
    double reward = 0;      // sum of the mover's rewards, each in [0, 1]
    float amaf_reward = 0;  // the same over all-moves-as-first updates
    float prior = 0.5f;     // the mover's evaluation in [0, 1] when the node was made
    float minimax = 0.5f;   // the minimax of the evaluations below, for the mover
    uint16_t key = 0;       // the move's all-moves-as-first key
    int8_t mover = -1;      // the side that made `move`
    int8_t proven = kUnknown;
  };

  int select_child(int node) const;
  void expand(State& s, int node);
  void playout(State& s, int& applied);
  void score_leaf(State& s, int leaf);
  void back_up(int leaf, size_t tree_moves);
  void prove(int node);
  void back_up_minimax(Node& node);
  void keep_subtree(int new_root);
  double evaluation_reward(const State& s, int side);
  uint16_t amaf_key(const Move& m) const;

  MctsSettings settings_;
  Rng rng_;
  std::vector<Node> nodes_;
  MoveArena moves_;
  std::vector<Move> root_history_;  // the game's moves up to the root
  std::unique_ptr<Evaluator> evaluator_;
  const Program* program_ = nullptr;
  double scale_sum_ = 0;  // mean |evaluation| seen, the unit of the squashing
  uint64_t scale_count_ = 0;
  uint64_t reused_visits_ = 0;
  MoveList scratch_;
  MoveSample sample_;
  Move move_;
  std::vector<double> rewards_;  // per side, of the iteration under way
  // All-moves-as-first: the moves played below each tree level in this iteration, as
  // (side, key) stamps: seen_[side][key] == stamp_ when played.
  std::vector<std::pair<int8_t, uint16_t>> played_;
  std::vector<uint32_t> seen_;
  uint32_t stamp_ = 0;
};

}  // namespace tabula
