#include "players/puct_agent.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tabula {

PuctAgent::PuctAgent(const AgentSpec& spec)
    : spec_(spec), explore_(spec.option("explore", 1.5)), batch_(static_cast<int>(spec.option("batch", 8))) {}

int PuctAgent::select(int node) const {
  const Node& parent = nodes_[static_cast<size_t>(node)];
  const double root = std::sqrt(static_cast<double>(parent.visits + parent.pending) + 1);
  int best = -1;
  double best_score = -1e300;
  for (uint32_t i = 0; i < parent.child_count; ++i) {
    const int c = parent.first_child + static_cast<int>(i);
    const Node& child = nodes_[static_cast<size_t>(c)];
    const double n = child.visits + child.pending;
    // A path waiting in the batch counts as a loss until its value comes back.
    const double q = n > 0 ? (child.value - child.pending) / n : 0.0;
    const double score = q + explore_ * child.prior * root / (1 + n);
    if (score > best_score) best_score = score, best = c;
  }
  return best;
}

void PuctAgent::back_up(int leaf, const std::vector<double>& rewards) {
  for (int n = leaf; n >= 0; n = nodes_[static_cast<size_t>(n)].parent) {
    Node& node = nodes_[static_cast<size_t>(n)];
    ++node.visits;
    if (node.pending) --node.pending;
    if (node.mover >= 0) node.value += rewards[static_cast<size_t>(node.mover)];
  }
}

void PuctAgent::search(State& s, std::chrono::steady_clock::time_point deadline) {
  const int sides = s.program().player_count();
  nodes_.clear();
  nodes_.push_back(Node{});
  const uint64_t iterations = spec_.count ? spec_.count : ~uint64_t{0};
  std::vector<State> leaves;
  std::vector<MoveList> leaf_moves;
  std::vector<int> queued;
  LeafBatch batch;
  std::vector<double> rewards(static_cast<size_t>(sides));
  uint64_t done = 0;
  while (done < iterations) {
    if (spec_.seconds > 0 && done > 0 && std::chrono::steady_clock::now() >= deadline) break;
    leaves.clear(), leaf_moves.clear(), queued.clear();
    while (static_cast<int>(queued.size()) < batch_ && done < iterations) {
      int node = 0, applied = 0;
      while (nodes_[static_cast<size_t>(node)].first_child >= 0 && !nodes_[static_cast<size_t>(node)].over) {
        node = select(node);
        s.apply_unchecked(nodes_[static_cast<size_t>(node)].move);
        ++applied;
      }
      Node& leaf = nodes_[static_cast<size_t>(node)];
      if (leaf.first_child == kQueued) {  // the batch already holds it: evaluate what there is
        for (; applied > 0; --applied) s.undo();
        break;
      }
      ++done;
      if (leaf.over || s.is_terminal()) {
        leaf.over = true;
        const std::vector<double> returns = s.returns();
        std::copy(returns.begin(), returns.end(), rewards.begin());
        back_up(node, rewards);
      } else {
        leaf.first_child = kQueued;
        for (int n = node; n >= 0; n = nodes_[static_cast<size_t>(n)].parent) ++nodes_[static_cast<size_t>(n)].pending;
        leaves.push_back(s);
        leaf_moves.emplace_back();
        s.legal_moves(leaf_moves.back());
        queued.push_back(node);
      }
      for (; applied > 0; --applied) s.undo();
    }
    if (queued.empty()) continue;
    batch.states.clear(), batch.moves.clear();
    for (size_t i = 0; i < leaves.size(); ++i)
      batch.states.push_back(&leaves[i]), batch.moves.push_back(&leaf_moves[i]);
    evaluator_->evaluate(batch);
    ++calls_;
    for (size_t i = 0; i < queued.size(); ++i) {
      const int node = queued[i];
      const MoveList& moves = leaf_moves[i];
      const int mover = leaves[i].current_player();
      nodes_[static_cast<size_t>(node)].first_child = static_cast<int32_t>(nodes_.size());
      nodes_[static_cast<size_t>(node)].child_count = static_cast<uint32_t>(moves.size());
      for (size_t m = 0; m < moves.size(); ++m) {
        Node child;
        child.move = moves[m];
        child.parent = node;
        child.prior = batch.priors[i][m];
        child.mover = static_cast<int8_t>(mover);
        nodes_.push_back(child);
      }
      for (int side = 0; side < sides; ++side)
        rewards[static_cast<size_t>(side)] = side == mover ? batch.values[i] : -batch.values[i];
      back_up(node, rewards);
    }
  }
}

Move PuctAgent::choose(State& s) {
  const auto start = std::chrono::steady_clock::now();
  if (!evaluator_ || (!outside_ && program_ != &s.program())) {
    evaluator_ = rules_leaf_evaluator(s.program(), spec_.option("tuned", 1) != 0);
    program_ = &s.program();
  }
  search(s, start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                        std::chrono::duration<double>(spec_.seconds)));
  const Node& root = nodes_[0];
  if (root.first_child < 0 || root.child_count == 0) throw std::logic_error("PUCT: the root has no moves");
  policy_ = Policy{};
  policy_.kind = Policy::Kind::visits;
  int best = root.first_child;
  for (uint32_t i = 0; i < root.child_count; ++i) {
    const Node& child = nodes_[static_cast<size_t>(root.first_child) + i];
    policy_.moves.push_back({child.move, static_cast<double>(child.visits)});
    const Node& b = nodes_[static_cast<size_t>(best)];
    if (child.visits > b.visits || (child.visits == b.visits && child.prior > b.prior))
      best = root.first_child + static_cast<int>(i);
  }
  return nodes_[static_cast<size_t>(best)].move;
}

}  // namespace tabula
