#pragma once
// Monte Carlo tree search (players/mcts_tree.hpp) as a player: a budget of iterations
// (reproducible from the seed on one thread) or of time per move (not reproducible), on one
// tree kept between moves, searched by one thread or by several at once (tree parallelism
// with virtual loss; the threads' timing then decides the iterations, so it is not
// reproducible). The most visited move is played, a move proven to win first and a move
// proven to lose last.
//
// Options (docs/AI.md): cutoff (informed playouts: cut off and scored by the evaluation),
// explore, solver, rave (all-moves-as-first statistics), bias (progressive bias), threads. Where a spec
// leaves one out, the default for the rules applies (players/player_defaults.hpp).
#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "players/mcts_tree.hpp"

namespace tabula {

class MctsAgent : public Agent {
 public:
  MctsAgent(const AgentSpec& spec, uint64_t seed);
  Move choose(State& s) override;
  std::string name() const override { return spec_.text(); }
  const Policy& policy() const override { return policy_; }
  void release() override;

  struct SearchInfo {
    uint64_t iterations = 0;
    uint64_t reused_visits = 0;  // visits already under the root when the search began
    size_t tree_nodes = 0;
    bool solved = false;  // the solver proved the root's result
  };
  const SearchInfo& last_search() const { return info_; }
  // The settings in force for the last game (the spec's options over the rules' defaults).
  const MctsSettings& settings() const { return settings_; }

 private:
  void configure(const Program& p);
  // Iterates until the count is done or `deadline` (the move's time budget, counted from the
  // start of choose(): following the played moves down the kept tree is part of the move).
  void search(State& s, std::chrono::steady_clock::time_point deadline);

  AgentSpec spec_;
  uint64_t seed_;
  const Program* program_ = nullptr;
  MctsSettings settings_;
  int threads_ = 1;
  std::unique_ptr<MctsTree> tree_;
  Policy policy_;
  SearchInfo info_;
};

}  // namespace tabula
