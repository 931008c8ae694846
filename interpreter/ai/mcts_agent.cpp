#include "ai/mcts_agent.hpp"

#include <fmt/format.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "ai/playouts.hpp"

namespace tabula {
namespace {

// Beyond this the tree stops growing (about 100 bytes a node); iterations still refine
// the statistics of the nodes it has.
constexpr size_t kMaxNodes = size_t{1} << 22;

double reward_of(const std::vector<double>& returns, int player) { return (returns[player] + 1) / 2; }

std::string budget_text(uint64_t iterations, double seconds) {
  if (iterations) return std::to_string(iterations);
  return seconds < 1 ? fmt::format("{}ms", std::lround(seconds * 1000)) : fmt::format("{}s", seconds);
}

}  // namespace

MctsAgent::MctsAgent(uint64_t iterations, double seconds, uint64_t seed, double exploration, int cutoff)
    : iterations_(iterations), seconds_(seconds), exploration_(exploration), cutoff_(cutoff), rng_(seed) {}

std::string MctsAgent::name() const {
  return "mcts:" + budget_text(iterations_, seconds_) + (cutoff_ ? fmt::format(":cutoff:{}", cutoff_) : "");
}

// A playout from `s` (its moves counted in `applied`) and each player's return in [-1, 1]:
// the result when the game ended, else the evaluation squashed by tanh. The evaluation's
// scale differs from game to game (a piece, a step, a group), so it is divided by the mean
// size of the evaluations this agent has seen at cut-offs: a typical position scores about
// tanh(1) = 0.76 and the search still tells a better one from a worse.
std::vector<double> MctsAgent::playout_returns(State& s, int& applied) {
  applied += play_randomly(s, rng_, sample_, cutoff_);
  if (!cutoff_ || s.is_terminal()) return s.returns();
  if (!evaluator_) evaluator_ = make_evaluator(s.program());
  std::vector<double> returns(s.program().player_count());
  for (int p = 0; p < static_cast<int>(returns.size()); ++p) {
    returns[p] = evaluator_->evaluate(s, p);
    scale_sum_ += std::abs(returns[p]), ++scale_count_;
  }
  const double scale = std::max(1e-9, scale_sum_ / static_cast<double>(scale_count_));
  for (double& r : returns) r = std::tanh(r / scale);
  return returns;
}

// UCT: an unvisited child first (children are created in shuffled order), else the best
// mean reward plus the exploration bonus.
int MctsAgent::select_child(const Node& n) const {
  double log_visits = std::log(static_cast<double>(std::max<uint32_t>(n.visits, 1)));
  int best = n.first_child;
  double best_score = -std::numeric_limits<double>::infinity();
  for (int c = n.first_child; c < n.first_child + n.child_count; ++c) {
    const Node& child = nodes_[c];
    if (child.visits == 0) return c;
    double score = child.reward / child.visits + exploration_ * std::sqrt(log_visits / child.visits);
    if (score > best_score) best_score = score, best = c;
  }
  return best;
}

void MctsAgent::expand(State& s, int node) {
  s.legal_moves(scratch_);
  for (size_t i = scratch_.size(); i > 1; --i)
    std::swap(scratch_[i - 1], scratch_[rng_.below(static_cast<uint32_t>(i))]);
  int mover = s.current_player();
  nodes_[node].first_child = static_cast<int>(nodes_.size());
  nodes_[node].child_count = static_cast<int>(scratch_.size());
  for (const Move& m : scratch_) {
    Node child;
    child.move = m;
    child.parent = node;
    child.mover = mover;
    nodes_.push_back(child);
  }
}

void MctsAgent::iterate(State& s) {
  int node = 0, applied = 0;
  // Selection: down the tree while nodes are expanded.
  while (nodes_[node].first_child >= 0 && nodes_[node].child_count > 0) {
    node = select_child(nodes_[node]);
    s.apply_unchecked(nodes_[node].move);
    ++applied;
  }
  // Expansion: one new level, then one of its children.
  if (!s.is_terminal() && nodes_[node].first_child < 0 && nodes_.size() < kMaxNodes) {
    expand(s, node);
    if (nodes_[node].child_count > 0) {
      node = nodes_[node].first_child;
      s.apply_unchecked(nodes_[node].move);
      ++applied;
    }
  }
  // Simulation, then backpropagation of each mover's own reward.
  std::vector<double> returns = playout_returns(s, applied);
  for (int n = node; n >= 0; n = nodes_[n].parent) {
    ++nodes_[n].visits;
    if (nodes_[n].mover >= 0) nodes_[n].reward += reward_of(returns, nodes_[n].mover);
  }
  while (applied--) s.undo();
}

// Copies the subtree under `new_root` to a fresh vector, keeping each node's children
// contiguous (breadth first).
void MctsAgent::keep_subtree(int new_root) {
  std::vector<Node> kept;
  kept.push_back(nodes_[new_root]);
  kept[0].parent = -1;
  for (size_t i = 0; i < kept.size(); ++i) {
    int first = kept[i].first_child, count = kept[i].child_count;
    if (first < 0) continue;
    kept[i].first_child = static_cast<int>(kept.size());
    for (int c = first; c < first + count; ++c) {
      kept.push_back(nodes_[c]);
      kept.back().parent = static_cast<int>(i);
    }
  }
  nodes_ = std::move(kept);
}

// Follows the moves played since the last search down the old tree.
bool MctsAgent::reuse_tree(const State& s) {
  const auto& history = s.history();
  if (nodes_.empty() || history.size() < root_history_.size()) return false;
  if (!std::equal(root_history_.begin(), root_history_.end(), history.begin())) return false;
  int node = 0;
  for (size_t i = root_history_.size(); i < history.size(); ++i) {
    const Node& n = nodes_[node];
    int found = -1;
    for (int c = n.first_child; n.first_child >= 0 && c < n.first_child + n.child_count; ++c)
      if (nodes_[c].move == history[i]) found = c;
    if (found < 0) return false;
    node = found;
  }
  if (node != 0) keep_subtree(node);
  return true;
}

Move MctsAgent::choose(State& s) {
  info_ = {};
  if (!reuse_tree(s)) {
    nodes_.assign(1, Node{});
  }
  root_history_ = s.history();
  nodes_[0].mover = -1;
  info_.reused_visits = nodes_[0].visits;
  if (nodes_[0].first_child < 0) expand(s, 0);
  if (nodes_[0].child_count == 1) return nodes_[1].move;

  using clock = std::chrono::steady_clock;
  auto deadline = clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(seconds_));
  for (uint64_t i = 0; iterations_ ? i < iterations_ : clock::now() < deadline; ++i) {
    iterate(s);
    ++info_.iterations;
  }
  info_.tree_nodes = nodes_.size();

  // The most visited move; the better mean reward breaks ties.
  const Node& root = nodes_[0];
  int best = root.first_child;
  for (int c = root.first_child; c < root.first_child + root.child_count; ++c) {
    const Node &a = nodes_[c], &b = nodes_[best];
    if (a.visits > b.visits || (a.visits == b.visits && a.reward > b.reward)) best = c;
  }
  return nodes_[best].move;
}

Move FlatMonteCarloAgent::choose(State& s) {
  MoveList moves = s.legal_moves();
  for (size_t i = moves.size(); i > 1; --i) std::swap(moves[i - 1], moves[rng_.below(static_cast<uint32_t>(i))]);
  if (moves.size() == 1) return moves.front();
  int mover = s.current_player();
  Move best = moves.front();
  double best_total = -std::numeric_limits<double>::infinity();
  for (const Move& m : moves) {
    s.apply_unchecked(m);
    double total = 0;
    for (int k = 0; k < playouts_; ++k) {
      int applied = play_randomly(s, rng_, scratch_);
      total += s.returns()[mover];
      while (applied--) s.undo();
    }
    s.undo();
    if (total > best_total) best_total = total, best = m;
  }
  return best;
}

}  // namespace tabula
