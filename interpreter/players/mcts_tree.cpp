#include "players/mcts_tree.hpp"

#include "engine/playout_kernel.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tabula {
namespace {

constexpr uint32_t kAmafKeys = 1u << 16;

double outcome_reward(int8_t outcome, int side) {
  if (outcome == MctsTree::kDraw) return 0.5;
  return outcome == side ? 1.0 : 0.0;
}

int8_t outcome_of(const GameResult& r) { return r.winner >= 0 ? static_cast<int8_t>(r.winner) : MctsTree::kDraw; }

}  // namespace

MctsTree::MctsTree(const MctsSettings& settings, uint64_t seed) : settings_(settings), rng_(seed) {}

uint16_t MctsTree::amaf_key(const Move& m) const {
  uint32_t h = uint32_t(uint16_t(m.from)) * 0x9E3779B1u ^ uint32_t(uint16_t(m.to)) * 0x85EBCA77u ^
               uint32_t(m.kind) * 0xC2B2AE3Du ^ uint32_t(m.arg) * 0x27D4EB2Fu;
  return static_cast<uint16_t>(h ^ (h >> 16));
}

void MctsTree::release() {
  nodes_ = {};
  moves_ = {};
  root_history_ = {};
  played_ = {};
}

// Copies the subtree under `new_root` (breadth first, each node's children contiguous) and
// its moves into fresh storage.
void MctsTree::keep_subtree(int new_root) {
  std::vector<Node> kept;
  MoveArena kept_moves;
  kept.push_back(nodes_[new_root]);
  kept[0].parent = -1;
  for (size_t i = 0; i < kept.size(); ++i) {
    int first = kept[i].first_child;
    uint32_t count = kept[i].child_count;
    if (first < 0) continue;
    kept[i].first_child = static_cast<int32_t>(kept.size());
    for (uint32_t c = 0; c < count; ++c) {
      Node child = nodes_[first + c];
      child.parent = static_cast<int32_t>(i);
      child.move = kept_moves.add(moves_.get(child.move));
      kept.push_back(child);
    }
  }
  nodes_ = std::move(kept);
  moves_ = std::move(kept_moves);
}

void MctsTree::start(const State& s) {
  if (program_ != &s.program()) {  // the first search, or another game: nothing to keep
    program_ = &s.program();
    evaluator_.reset();
    scale_sum_ = 0, scale_count_ = 0;
    nodes_.clear();
    seen_.assign(size_t{kAmafKeys} * static_cast<size_t>(program_->player_count()), 0);
    rewards_.assign(static_cast<size_t>(program_->player_count()), 0.0);
  }
  // Follow the moves played since the last search down the tree.
  const auto& history = s.history();
  bool reused = !nodes_.empty() && history.size() >= root_history_.size() &&
                std::equal(root_history_.begin(), root_history_.end(), history.begin());
  int node = 0;
  for (size_t i = root_history_.size(); reused && i < history.size(); ++i) {
    const Node& n = nodes_[node];
    int found = -1;
    for (uint32_t c = 0; n.first_child >= 0 && c < n.child_count && found < 0; ++c)
      if (moves_.get(nodes_[n.first_child + c].move) == history[i]) found = n.first_child + static_cast<int>(c);
    if (found < 0) reused = false;
    node = found;
  }
  if (!reused) {
    nodes_.assign(1, Node{});
    moves_.clear();
  } else if (node != 0) {
    keep_subtree(node);
  }
  root_history_ = history;
  nodes_[0].mover = -1;
  reused_visits_ = nodes_[0].visits;
  if (nodes_[0].first_child < 0) {
    State& scratch = const_cast<State&>(s);  // expand only lists moves and evaluates: restored
    expand(scratch, 0);
  }
}

void MctsTree::expand(State& s, int node) {
  s.legal_moves(scratch_);
  for (size_t i = scratch_.size(); i > 1; --i)
    std::swap(scratch_[i - 1], scratch_[rng_.below(static_cast<uint32_t>(i))]);
  const int8_t mover = static_cast<int8_t>(s.current_player());
  nodes_[node].first_child = static_cast<int32_t>(nodes_.size());
  nodes_[node].child_count = static_cast<uint32_t>(scratch_.size());
  int ended = -1;  // a child where a rule ended the game
  for (const Move& m : scratch_) {
    Node child;
    child.move = moves_.add(m);
    child.parent = node;
    child.mover = mover;
    child.key = amaf_key(m);
    if (settings_.bias > 0 || settings_.minimax > 0) {
      // The move is made to evaluate it anyway, so a game it ends is seen here, at no cost:
      // its prior is the result, and the solver proves it before any playout reaches it
      // (otherwise a winning move, or the reply that wins against a move, waits for
      // selection to try it, behind children whose evaluations look alike).
      s.apply_unchecked(m);
      const GameResult r = s.stored_result();
      if (r.over) {
        child.prior = child.minimax = static_cast<float>(outcome_reward(outcome_of(r), mover));
        if (settings_.solver) child.proven = outcome_of(r), ended = static_cast<int>(nodes_.size());
      } else {
        child.prior = child.minimax = static_cast<float>(evaluation_reward(s, mover));
      }
      s.undo();
    }
    nodes_.push_back(child);
  }
  if (ended >= 0) prove(ended);
}

// The side's evaluation of a position as a reward in (0, 1): tanh of the evaluation over
// the mean size of the evaluations seen so far, so that the unit of the evaluation (a piece,
// a step, a group) does not matter.
double MctsTree::evaluation_reward(const State& s, int side) {
  if (!evaluator_) evaluator_ = make_evaluator(s.program(), settings_.tuned);
  const double v = evaluator_->evaluate(s, side);
  scale_sum_ += std::abs(v), ++scale_count_;
  const double scale = std::max(1e-9, scale_sum_ / static_cast<double>(scale_count_));
  return (std::tanh(v / scale) + 1) / 2;
}

// UCT over the children's mean rewards, blended with their all-moves-as-first means (RAVE)
// and their evaluations (progressive bias) when those are on; proven losses are never
// chosen and a proven draw is worth exactly one half.
int MctsTree::select_child(int node) const {
  const Node& n = nodes_[node];
  const double log_visits = std::log(static_cast<double>(std::max<uint32_t>(n.visits, 1)));
  const int8_t side = nodes_[n.first_child].mover;
  const bool informed = settings_.rave > 0 || settings_.bias > 0 || settings_.minimax > 0;
  int best = -1;
  double best_score = -std::numeric_limits<double>::infinity();
  for (uint32_t i = 0; i < n.child_count; ++i) {
    const int c = n.first_child + static_cast<int>(i);
    const Node& child = nodes_[c];
    if (child.proven != kUnknown && child.proven != kDraw && child.proven != side) continue;
    if (child.visits == 0 && !informed) return c;  // children were shuffled when made
    const double visits = child.visits;
    double q = child.visits ? child.reward / visits : settings_.minimax > 0 ? child.minimax : 1.0;
    if (settings_.minimax > 0 && child.visits) q = (1 - settings_.minimax) * q + settings_.minimax * child.minimax;
    if (child.proven == kDraw) q = 0.5;
    if (settings_.rave > 0 && child.amaf_visits > 0) {
      const double beta = std::sqrt(settings_.rave / (3 * visits + settings_.rave));
      q = (1 - beta) * q + beta * (child.amaf_reward / child.amaf_visits);
    }
    double score = q + settings_.exploration * std::sqrt(log_visits / (visits + (informed ? 1 : 0)));
    if (settings_.bias > 0) score += settings_.bias * child.prior / (visits + 1);
    if (score > best_score) best_score = score, best = c;
  }
  return best >= 0 ? best : n.first_child;  // every move loses: any will do
}

// Random moves from the leaf, to the end or for `cutoff` plies; the moves are recorded
// (side, key) for the all-moves-as-first statistics.
void MctsTree::playout(State& s, int& applied) {
  const bool record = settings_.rave > 0;
  for (int plies = 0; settings_.cutoff <= 0 || plies < settings_.cutoff; ++plies) {
    const uint32_t n = count_moves(s, sample_);
    if (n == 0) return;
    const Move& m = nth_move(sample_, rng_.below(n));
    if (record) played_.emplace_back(static_cast<int8_t>(s.current_player()), amaf_key(m));
    s.apply_unchecked(m);
    ++applied;
  }
}

// The rewards of the iteration that reached `leaf`: its proven result, the end of the
// playout from it, or the evaluation where the playout was cut off.
void MctsTree::score_leaf(State& s, int leaf) {
  const int sides = static_cast<int>(rewards_.size());
  if (nodes_[leaf].proven != kUnknown) {
    for (int p = 0; p < sides; ++p) rewards_[p] = outcome_reward(nodes_[leaf].proven, p);
    return;
  }
  int applied = 0;
  PlayoutEnd end;  // a whole playout by the program's kernel, where it has one and none is recorded or cut off
  const bool whole = settings_.cutoff <= 0 && settings_.rave <= 0 && kernel_playout(s, rng_, end);
  if (!whole) {
    playout(s, applied);
    end = {s.result(), applied};
  }
  const GameResult r = end.result;
  if (r.over) {
    const int8_t outcome = outcome_of(r);
    for (int p = 0; p < sides; ++p) rewards_[p] = outcome_reward(outcome, p);
    if (end.plies == 0 && settings_.solver) {  // the leaf itself is a game end
      nodes_[leaf].proven = outcome;
      prove(leaf);
    }
  } else if (sides == 2) {  // the evaluation of one side against the other is antisymmetric
    rewards_[0] = evaluation_reward(s, 0);
    rewards_[1] = 1 - rewards_[0];
  } else {
    for (int p = 0; p < sides; ++p) rewards_[p] = evaluation_reward(s, p);
  }
  while (applied--) s.undo();
}

// `node` was just proven: its ancestors may now be. A position is won for the side to move
// when one of its moves wins for that side; when every move is proven, it is a draw if one
// draws, else the result all of them share (with more than two sides, losses for the side
// to move that favour different sides leave it unproven).
void MctsTree::prove(int node) {
  for (int a = nodes_[node].parent; a >= 0; a = nodes_[a].parent) {
    Node& n = nodes_[a];
    if (n.proven != kUnknown || n.first_child < 0) return;
    const int8_t side = nodes_[n.first_child].mover;
    int8_t result = kUnknown, shared = kUnknown;
    bool all = true, draw = false, mixed = false;
    for (uint32_t i = 0; i < n.child_count; ++i) {
      const int8_t p = nodes_[n.first_child + static_cast<int>(i)].proven;
      if (p == side) {
        result = side;
        break;
      }
      if (p == kUnknown) all = false;
      else if (p == kDraw) draw = true;
      else if (shared == kUnknown) shared = p;
      else if (shared != p) mixed = true;
    }
    if (result == kUnknown && all) result = draw ? kDraw : mixed ? kUnknown : shared;
    if (result == kUnknown) return;
    n.proven = result;
  }
}

// Visits and rewards up the path; with RAVE, every child of a node on the path whose move
// its mover played later in this iteration gets an all-moves-as-first update.
void MctsTree::back_up(int leaf, size_t tree_moves) {
  const bool rave = settings_.rave > 0;
  ++stamp_;
  size_t marked = played_.size();
  size_t depth = tree_moves;
  for (int n = leaf; n >= 0; n = nodes_[n].parent, --depth) {
    Node& node = nodes_[n];
    if (rave) {
      while (marked > depth) {
        --marked;
        seen_[size_t(played_[marked].first) * kAmafKeys + played_[marked].second] = stamp_;
      }
      for (uint32_t i = 0; node.first_child >= 0 && i < node.child_count; ++i) {
        Node& child = nodes_[node.first_child + static_cast<int>(i)];
        if (seen_[size_t(child.mover) * kAmafKeys + child.key] != stamp_) continue;
        ++child.amaf_visits;
        child.amaf_reward += static_cast<float>(rewards_[child.mover]);
      }
    }
    ++node.visits;
    if (node.mover >= 0) node.reward += rewards_[node.mover];
    if (settings_.minimax > 0) back_up_minimax(node);
    if (depth == 0) break;
  }
}

// The node's minimax value for its mover: the best of its children's for the side to move
// there (a proven child by its result), turned to the mover's point of view (two sides:
// what one gains the other loses).
void MctsTree::back_up_minimax(Node& node) {
  if (node.first_child < 0 || node.child_count == 0 || node.mover < 0) return;
  const int8_t side = nodes_[node.first_child].mover;
  float best = 0;
  for (uint32_t i = 0; i < node.child_count; ++i) {
    const Node& c = nodes_[node.first_child + static_cast<int>(i)];
    const float v = c.proven != kUnknown ? static_cast<float>(outcome_reward(c.proven, side)) : c.minimax;
    best = std::max(best, v);
  }
  node.minimax = side == node.mover ? best : 1 - best;
}

void MctsTree::iterate(State& s) {
  int node = 0;
  size_t applied = 0;
  played_.clear();
  // Selection: down the tree while nodes are expanded and not proven.
  while (nodes_[node].proven == kUnknown && nodes_[node].first_child >= 0 && nodes_[node].child_count > 0) {
    node = select_child(node);
    moves_.load(nodes_[node].move, move_);
    if (settings_.rave > 0) played_.emplace_back(nodes_[node].mover, nodes_[node].key);
    s.apply_unchecked(move_);
    ++applied;
  }
  // Expansion: one new level, then one of its children. A position without legal moves is
  // a game end (a side without a move gets a pass when the rules give one).
  if (nodes_[node].proven == kUnknown && nodes_[node].first_child < 0 && nodes_.size() < settings_.max_nodes) {
    expand(s, node);
    if (nodes_[node].child_count > 0) {
      node = select_child(node);
      moves_.load(nodes_[node].move, move_);
      if (settings_.rave > 0) played_.emplace_back(nodes_[node].mover, nodes_[node].key);
      s.apply_unchecked(move_);
      ++applied;
    }
  }
  score_leaf(s, node);
  back_up(node, applied);
  while (applied--) s.undo();
}

std::vector<MctsTree::Child> MctsTree::root_children() const {
  std::vector<Child> out;
  const Node& root = nodes_[0];
  for (uint32_t i = 0; root.first_child >= 0 && i < root.child_count; ++i) {
    const Node& c = nodes_[root.first_child + static_cast<int>(i)];
    out.push_back(Child{moves_.get(c.move), c.visits, c.visits ? c.reward / c.visits : 0.0, c.proven});
  }
  return out;
}

}  // namespace tabula
