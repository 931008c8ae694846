#pragma once
// `auto:TIME` or `auto:N`: the strongest default player for the rules at TIME per move (or
// about N positions searched a move), chosen when the first position is seen
// (players/player_defaults.hpp says which and why). Its name stays the spec it was made
// from, so results files name what was asked for.
#include <memory>

#include "players/agent.hpp"
#include "players/agent_spec.hpp"

namespace tabula {

class AutoAgent : public Agent {
 public:
  AutoAgent(const AgentSpec& spec, uint64_t seed) : spec_(spec), seed_(seed) {}
  Move choose(State& s) override;
  std::string name() const override { return spec_.text(); }
  const Policy& policy() const override { return inner_ ? inner_->policy() : Agent::policy(); }
  void want_policy(bool wanted) override;
  void release() override {
    if (inner_) inner_->release();
  }
  // The spec it plays as, once it has seen the game ("" before).
  std::string resolved() const { return inner_ ? inner_->name() : ""; }

 private:
  AgentSpec spec_;
  uint64_t seed_;
  const Program* program_ = nullptr;
  std::unique_ptr<Agent> inner_;
  bool policy_wanted_ = false;
};

}  // namespace tabula
