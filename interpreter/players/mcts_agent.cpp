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
  if (tree_) tree_->release();
}

// The spec's options over the defaults the rules call for.
void MctsAgent::configure(const Program& p) {
  settings_ = with_mcts_options(default_mcts_settings(p), spec_);
  settings_.tuned = spec_.option("tuned", 1) != 0;
  tree_ = std::make_unique<MctsTree>(settings_, Rng(seed_).next(), threads_);
  program_ = &p;
}

// The threads iterate on one tree, each on its own copy of the position: with a count, until
// the iterations claimed reach it; with a time, until the deadline. The search stops early
// when the solver proves the root.
void MctsAgent::search(State& s, std::chrono::steady_clock::time_point deadline) {
  using clock = std::chrono::steady_clock;
  const uint64_t total = spec_.seconds > 0 ? 0 : spec_.count;
  std::vector<uint64_t> done(static_cast<size_t>(threads_), 0);
  std::vector<State> copies(static_cast<size_t>(threads_ - 1), s);
  std::atomic<uint64_t> claimed{0};
  std::atomic<bool> proven{false}, stop{false};
  run_parallel(
      threads_,
      [&](int t) {
        State& state = t == 0 ? s : copies[static_cast<size_t>(t - 1)];
        for (;;) {
          if (stop.load(std::memory_order_relaxed) || proven.load(std::memory_order_relaxed)) break;
          if (total ? claimed.fetch_add(1, std::memory_order_relaxed) >= total : clock::now() >= deadline) break;
          if (tree_->iterate(state, t)) proven = true;
          ++done[static_cast<size_t>(t)];
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
  tree_->start(s);
  info_.reused_visits = tree_->reused_visits();
  std::vector<MctsTree::Child> children = tree_->root_children();
  if (children.size() > 1 && tree_->root_proven() == MctsTree::kUnknown) {
    search(s, deadline);
    children = tree_->root_children();
  }
  info_.tree_nodes = tree_->node_count();
  info_.solved = tree_->root_proven() != MctsTree::kUnknown;

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
