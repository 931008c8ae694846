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

MctsTree::MctsTree(const MctsSettings& settings, uint64_t seed, int workers)
    : settings_(settings), virtual_loss_(workers > 1) {
  for (int w = 0; w < std::max(1, workers); ++w)
    workers_.emplace_back(w == 0 ? seed : Rng(seed + 0x9E3779B97F4A7C15ULL * uint64_t(w)).next());
}

uint16_t MctsTree::amaf_key(const Move& m) const {
  uint32_t h = uint32_t(uint16_t(m.from)) * 0x9E3779B1u ^ uint32_t(uint16_t(m.to)) * 0x85EBCA77u ^
               uint32_t(m.kind) * 0xC2B2AE3Du ^ uint32_t(m.arg) * 0x27D4EB2Fu;
  return static_cast<uint16_t>(h ^ (h >> 16));
}

void MctsTree::release() {
  nodes_ = {};
  moves_ = {};
  root_history_ = {};
  for (auto& w : workers_) w.played = {}, w.children = {}, w.child_moves = {};
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
    nodes_.clear();
    for (auto& w : workers_) {
      w.evaluator.reset();
      w.scale_sum = 0, w.scale_count = 0;
      if (settings_.rave > 0) w.seen.assign(size_t{kAmafKeys} * static_cast<size_t>(program_->player_count()), 0);
      w.rewards.assign(static_cast<size_t>(program_->player_count()), 0.0);
    }
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
    State& scratch = const_cast<State&>(s);  // making children only lists moves and evaluates: restored
    attach_children(0, workers_[0], make_children(scratch, workers_[0]));
  }
}

// The children of the position `s` (not yet in the tree: a worker makes them outside the
// lock), shuffled, each evaluated when an option needs it. Returns the index of a child where
// a rule ended the game (-1: none).
int MctsTree::make_children(State& s, Worker& w) {
  s.legal_moves(w.scratch);
  for (size_t i = w.scratch.size(); i > 1; --i)
    std::swap(w.scratch[i - 1], w.scratch[w.rng.below(static_cast<uint32_t>(i))]);
  const int8_t mover = static_cast<int8_t>(s.current_player());
  w.children.clear();
  w.child_moves.clear();
  int ended = -1;
  for (const Move& m : w.scratch) {
    Node child;
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
        if (settings_.solver) child.proven = outcome_of(r), ended = static_cast<int>(w.children.size());
      } else {
        child.prior = child.minimax = static_cast<float>(evaluation_reward(w, s, mover));
      }
      s.undo();
    }
    w.children.push_back(child);
    w.child_moves.push_back(m);
  }
  return ended;
}

// Puts the worker's children under `node` (under the lock while workers iterate), and proves
// what a game-ending child proves.
void MctsTree::attach_children(int node, Worker& w, int ended) {
  nodes_[node].first_child = static_cast<int32_t>(nodes_.size());
  nodes_[node].child_count = static_cast<uint32_t>(w.children.size());
  for (size_t i = 0; i < w.children.size(); ++i) {
    Node& child = w.children[i];
    child.move = moves_.add(w.child_moves[i]);
    child.parent = node;
    nodes_.push_back(child);
  }
  if (ended >= 0) prove(nodes_[node].first_child + ended);
}

// The side's evaluation of a position as a reward in (0, 1): tanh of the evaluation over
// the mean size of the evaluations seen so far, so that the unit of the evaluation (a piece,
// a step, a group) does not matter.
double MctsTree::evaluation_reward(Worker& w, const State& s, int side) {
  if (!w.evaluator) w.evaluator = make_evaluator(s.program(), settings_.tuned);
  const double v = w.evaluator->evaluate(s, side);
  w.scale_sum += std::abs(v), ++w.scale_count;
  const double scale = std::max(1e-9, w.scale_sum / static_cast<double>(w.scale_count));
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
void MctsTree::playout(State& s, Worker& w, int& applied) {
  const bool record = settings_.rave > 0;
  for (int plies = 0; settings_.cutoff <= 0 || plies < settings_.cutoff; ++plies) {
    const uint32_t n = count_moves(s, w.sample);
    if (n == 0) return;
    const Move& m = nth_move(w.sample, w.rng.below(n));
    if (record) w.played.emplace_back(static_cast<int8_t>(s.current_player()), amaf_key(m));
    s.apply_unchecked(m);
    ++applied;
  }
}

// The rewards of the iteration that reached a leaf (into the worker's rewards, outside the
// lock): its proven result, the end of the playout from it, or the evaluation where the
// playout was cut off. Returns the game's result when the leaf itself is a game end (for the
// solver), else kUnknown.
int8_t MctsTree::score_leaf(State& s, Worker& w, int8_t leaf_proven) {
  auto& rewards = w.rewards;
  const int sides = static_cast<int>(rewards.size());
  if (leaf_proven != kUnknown) {
    for (int p = 0; p < sides; ++p) rewards[p] = outcome_reward(leaf_proven, p);
    return kUnknown;
  }
  int applied = 0;
  int8_t leaf_end = kUnknown;
  PlayoutEnd end;  // a whole playout by the program's kernel, where it has one and none is recorded or cut off
  const bool whole = settings_.cutoff <= 0 && settings_.rave <= 0 && kernel_playout(s, w.rng, end);
  if (!whole) {
    playout(s, w, applied);
    end = {s.result(), applied};
  }
  const GameResult r = end.result;
  if (r.over) {
    const int8_t outcome = outcome_of(r);
    for (int p = 0; p < sides; ++p) rewards[p] = outcome_reward(outcome, p);
    if (end.plies == 0 && settings_.solver) leaf_end = outcome;  // the leaf itself is a game end
  } else if (sides == 2) {  // the evaluation of one side against the other is antisymmetric
    rewards[0] = evaluation_reward(w, s, 0);
    rewards[1] = 1 - rewards[0];
  } else {
    for (int p = 0; p < sides; ++p) rewards[p] = evaluation_reward(w, s, p);
  }
  while (applied--) s.undo();
  return leaf_end;
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

// Visits and rewards up the path (a virtual loss's visit is already counted); with RAVE,
// every child of a node on the path whose move its mover played later in this iteration gets
// an all-moves-as-first update.
void MctsTree::back_up(Worker& w, int leaf, size_t tree_moves) {
  const bool rave = settings_.rave > 0;
  const auto& played = w.played;
  const auto& rewards = w.rewards;
  ++w.stamp;
  size_t marked = played.size();
  size_t depth = tree_moves;
  for (int n = leaf; n >= 0; n = nodes_[n].parent, --depth) {
    Node& node = nodes_[n];
    if (rave) {
      while (marked > depth) {
        --marked;
        w.seen[size_t(played[marked].first) * kAmafKeys + played[marked].second] = w.stamp;
      }
      for (uint32_t i = 0; node.first_child >= 0 && i < node.child_count; ++i) {
        Node& child = nodes_[node.first_child + static_cast<int>(i)];
        if (w.seen[size_t(child.mover) * kAmafKeys + child.key] != w.stamp) continue;
        ++child.amaf_visits;
        child.amaf_reward += static_cast<float>(rewards[child.mover]);
      }
    }
    if (!virtual_loss_) ++node.visits;
    if (node.mover >= 0) node.reward += rewards[node.mover];
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

// One step down the tree to `node` (under the lock): its move for the worker to make, its
// all-moves-as-first stamp, and a virtual loss while several workers iterate.
void MctsTree::descend(Worker& w, int node) {
  moves_.load(nodes_[node].move, w.move);
  w.path_moves.push_back(w.move);
  if (settings_.rave > 0) w.played.emplace_back(nodes_[node].mover, nodes_[node].key);
  if (virtual_loss_) ++nodes_[node].visits;
}

bool MctsTree::iterate(State& s, int worker) {
  Worker& w = workers_[static_cast<size_t>(worker)];
  w.played.clear();
  w.path_moves.clear();
  std::unique_lock<std::mutex> lock(mutex_);
  int node = 0;
  if (virtual_loss_) ++nodes_[0].visits;
  // Selection: down the tree while nodes are expanded and not proven.
  while (nodes_[node].proven == kUnknown && nodes_[node].first_child >= 0 && nodes_[node].child_count > 0) {
    node = select_child(node);
    descend(w, node);
  }
  // Expansion: one new level, then one of its children. A position without legal moves is
  // a game end (a side without a move gets a pass when the rules give one). A node another
  // worker is expanding is a leaf for this one.
  const bool expanding = nodes_[node].proven == kUnknown && nodes_[node].first_child == kNotExpanded &&
                         nodes_.size() < settings_.max_nodes;
  if (expanding) nodes_[node].first_child = kExpanding;
  int8_t leaf_proven = nodes_[node].proven;
  lock.unlock();
  for (const Move& m : w.path_moves) s.apply_unchecked(m);
  size_t applied = w.path_moves.size();
  if (expanding) {
    const int ended = make_children(s, w);
    lock.lock();
    attach_children(node, w, ended);
    if (nodes_[node].child_count > 0) {
      node = select_child(node);
      descend(w, node);
    }
    leaf_proven = nodes_[node].proven;
    lock.unlock();
    if (w.path_moves.size() > applied) s.apply_unchecked(w.path_moves.back()), ++applied;
  }
  const int8_t leaf_end = score_leaf(s, w, leaf_proven);
  lock.lock();
  if (leaf_end != kUnknown && nodes_[node].proven == kUnknown) {
    nodes_[node].proven = leaf_end;
    prove(node);
  }
  back_up(w, node, applied);
  const bool root_proven = nodes_[0].proven != kUnknown;
  lock.unlock();
  while (applied--) s.undo();
  return root_proven;
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
