#include "players/mcts_agent.hpp"

#include <atomic>
#include <chrono>

#include "players/player_defaults.hpp"
#include "util/parallel.hpp"

namespace tabula {

MctsAgent::MctsAgent(const AgentSpec& spec, uint64_t seed) : spec_(spec), seed_(seed) {
  threads_ = static_cast<int>(spec.option("threads", 1));
}

void MctsAgent::release() {
  for (auto& t : trees_) t.release();
}

// The spec's options over the defaults the rules call for.
void MctsAgent::configure(const Program& p) {
  settings_ = with_mcts_options(default_mcts_settings(p), spec_);
  settings_.tuned = spec_.option("tuned", 1) != 0;
  trees_.clear();
  for (int t = 0; t < threads_; ++t) trees_.emplace_back(settings_, Rng(seed_ + 0x9E3779B97F4A7C15ULL * t).next());
  program_ = &p;
}

// Each tree searches its share: with a count, iterations / threads each (so the search is
// the same whatever the threads' timing); with a time, until the deadline. A tree stops
// early when its solver proves the root.
void MctsAgent::search(State& s, std::chrono::steady_clock::time_point deadline) {
  using clock = std::chrono::steady_clock;
  const uint64_t total = spec_.seconds > 0 ? 0 : spec_.count;
  std::vector<uint64_t> done(trees_.size(), 0);
  std::vector<State> copies(trees_.size() - 1, s);
  std::atomic<bool> stop{false};
  run_parallel(
      static_cast<int>(trees_.size()),
      [&](int t) {
        MctsTree& tree = trees_[t];
        State& state = t == 0 ? s : copies[t - 1];
        const uint64_t share = total / trees_.size() + (static_cast<size_t>(t) < total % trees_.size() ? 1 : 0);
        for (uint64_t i = 0; total ? i < share : clock::now() < deadline; ++i) {
          if (stop.load(std::memory_order_relaxed) || tree.root_proven() != MctsTree::kUnknown) break;
          tree.iterate(state);
          ++done[t];
        }
      },
      stop);
  for (uint64_t d : done) info_.iterations += d;
}

Move MctsAgent::choose(State& s) {
  using clock = std::chrono::steady_clock;
  const auto deadline =
      clock::now() + std::chrono::duration_cast<clock::duration>(std::chrono::duration<double>(spec_.seconds));
  if (program_ != &s.program()) configure(s.program());
  info_ = {};
  for (auto& tree : trees_) {
    tree.start(s);
    info_.reused_visits += tree.reused_visits();
  }
  std::vector<MctsTree::Child> children = trees_[0].root_children();
  if (children.size() > 1) {
    search(s, deadline);
    // The trees' visits per move (each tree made the same moves, in its own order).
    children = trees_[0].root_children();
    for (size_t t = 1; t < trees_.size(); ++t)
      for (const auto& other : trees_[t].root_children())
        for (auto& c : children)
          if (c.move == other.move) {
            c.mean = (c.mean * c.visits + other.mean * other.visits) / std::max<double>(1, c.visits + other.visits);
            c.visits += other.visits;
            if (c.proven == MctsTree::kUnknown) c.proven = other.proven;
          }
  }
  for (const auto& tree : trees_) {
    info_.tree_nodes += tree.node_count();
    info_.solved = info_.solved || tree.root_proven() != MctsTree::kUnknown;
  }

  // A proven win first; never a proven loss while another move is left; then the most
  // visited, the better mean breaking ties.
  const int8_t side = static_cast<int8_t>(s.current_player());
  auto rank = [&](const MctsTree::Child& c) {
    if (c.proven == side) return 2;
    if (c.proven != MctsTree::kUnknown && c.proven != MctsTree::kDraw) return 0;
    return 1;
  };
  policy_ = {};
  policy_.kind = Policy::Kind::visits;
  size_t best = 0;
  for (size_t i = 0; i < children.size(); ++i) {
    const auto &c = children[i], &b = children[best];
    policy_.moves.push_back({c.move, rank(c) == 0 ? 0.0 : static_cast<double>(c.visits)});
    if (c.proven == side) policy_.proven_wins.push_back(c.move);
    if (rank(c) != rank(b) ? rank(c) > rank(b) : c.visits != b.visits ? c.visits > b.visits : c.mean > b.mean) best = i;
  }
  return children[best].move;
}

}  // namespace tabula
