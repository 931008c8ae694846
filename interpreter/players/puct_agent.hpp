#pragma once
// PUCT search (AlphaZero's form of MCTS) as a player: no playouts; each position the tree
// reaches is valued, and its moves given priors, by a LeafEvaluator (players/leaf_evaluator:
// the rules' evaluation, or an outside one such as a Python network), and a child is chosen
// by Q + explore * P * sqrt(N) / (1 + n). Leaves are gathered `batch` at a time with a
// virtual loss on their paths, so that one evaluator call values many; game ends in the
// tree are valued by the rules. The most visited move is played; the visits are the policy.
// A fresh tree each move; reproducible from the evaluator (it draws nothing at random).
// Values are zero-sum: what the side to move gains, every other side loses.
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "players/leaf_evaluator.hpp"

namespace tabula {

class PuctAgent : public Agent {
 public:
  explicit PuctAgent(const AgentSpec& spec);
  Move choose(State& s) override;
  std::string name() const override { return spec_.text(); }
  const Policy& policy() const override { return policy_; }
  void release() override { nodes_ = {}; }
  // Values positions with `evaluator` from now on, in place of the rules' evaluation.
  void set_evaluator(std::unique_ptr<LeafEvaluator> evaluator) {
    evaluator_ = std::move(evaluator);
    outside_ = evaluator_ != nullptr;
  }
  uint64_t evaluator_calls() const { return calls_; }

 private:
  struct Node {
    Move move;
    int32_t parent = -1;
    int32_t first_child = -1;  // -1: not expanded; kQueued: waiting in the batch
    uint32_t child_count = 0;
    float prior = 0;
    uint32_t visits = 0;
    uint32_t pending = 0;  // virtual losses of the paths waiting in the batch
    double value = 0;      // the sum of the mover's rewards in [-1, 1]
    int8_t mover = -1;     // the side that made `move`
    bool over = false;     // the game ended here (its rewards are the rules')
  };
  static constexpr int32_t kQueued = -2;

  int select(int node) const;
  void back_up(int leaf, const std::vector<double>& rewards);
  void search(State& s, std::chrono::steady_clock::time_point deadline);

  AgentSpec spec_;
  double explore_ = 1.5;
  int batch_ = 8;
  std::unique_ptr<LeafEvaluator> evaluator_;
  const Program* program_ = nullptr;  // the rules evaluator_ was made for, when it is theirs
  bool outside_ = false;
  std::vector<Node> nodes_;
  Policy policy_;
  uint64_t calls_ = 0;
};

}  // namespace tabula
