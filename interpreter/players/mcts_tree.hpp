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
//
// Several workers may iterate at once, each on its own thread and copy of the root position
// (tree parallelism): the tree is read and changed under one lock, and what costs (making
// and evaluating a node's children, the playout) is done outside it. A worker adds a
// virtual loss to each node of its path as it descends (a visit with no reward, taken back
// when its result is backed up), so the others look elsewhere meanwhile. With one worker
// there is no virtual loss and the iterations are those of a single-threaded search.
#include <cstdint>
#include <memory>
#include <mutex>
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

  // `workers`: how many iterate at once (1 to 64).
  MctsTree(const MctsSettings& settings, uint64_t seed, int workers = 1);

  // Makes `s` the root: the subtree reached by the moves played since the last search when
  // they are in the tree, else a new tree. Not while workers iterate.
  void start(const State& s);
  // One iteration from the root by `worker` (each worker on one thread at a time); `s` is
  // the root position (the worker's own copy) and is restored. True when the root is proven.
  bool iterate(State& s, int worker = 0);
  // The root's result when the solver has proven it, else kUnknown (between searches).
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

  // A node whose children one worker is making (first_child), so no other makes them too.
  static constexpr int32_t kNotExpanded = -1, kExpanding = -2;

  // What each worker keeps to itself: its random numbers, evaluator and the evaluations' scale,
  // and the scratch space of an iteration.
  struct Worker {
    explicit Worker(uint64_t seed) : rng(seed) {}
    Rng rng;
    std::unique_ptr<Evaluator> evaluator;
    double scale_sum = 0;  // mean |evaluation| seen, the unit of the squashing
    uint64_t scale_count = 0;
    MoveList scratch;
    MoveSample sample;
    Move move;
    std::vector<double> rewards;   // per side, of the iteration under way
    std::vector<Move> path_moves;  // the moves from the root to the leaf
    std::vector<Node> children;    // made outside the lock, then attached
    std::vector<Move> child_moves;
    // All-moves-as-first: the moves played below each tree level in this iteration, as
    // (side, key) stamps: seen[side][key] == stamp when played.
    std::vector<std::pair<int8_t, uint16_t>> played;
    std::vector<uint32_t> seen;
    uint32_t stamp = 0;
  };

  int select_child(int node) const;
  void descend(Worker& w, int node);
  int make_children(State& s, Worker& w);
  void attach_children(int node, Worker& w, int ended);
  void playout(State& s, Worker& w, int& applied);
  int8_t score_leaf(State& s, Worker& w, int8_t leaf_proven);
  void back_up(Worker& w, int leaf, size_t tree_moves);
  void prove(int node);
  void back_up_minimax(Node& node);
  void keep_subtree(int new_root);
  double evaluation_reward(Worker& w, const State& s, int side);
  uint16_t amaf_key(const Move& m) const;

  MctsSettings settings_;
  std::vector<Node> nodes_;
  MoveArena moves_;
  std::vector<Move> root_history_;  // the game's moves up to the root
  const Program* program_ = nullptr;
  uint64_t reused_visits_ = 0;
  std::vector<Worker> workers_;
  bool virtual_loss_ = false;  // several workers
  std::mutex mutex_;           // guards nodes_ and moves_ while workers iterate
};

}  // namespace tabula
