#pragma once
// Games that are really different: a player with a temperature plays, during the first
// plies of the game, a move drawn from its own policy instead of always its best one
// (MCTS: visits^(1/T); alpha-beta and flat Monte Carlo: a softmax over the moves' values;
// moves proven to win, when there are any, are the only ones drawn; a move less than
// `margin` times as likely as the best at temperature 1 is never drawn). Strong self-play is
// otherwise deterministic and repeats the same few games; drawing from the policy varies
// the openings while keeping them ones a good player would choose (docs/AI.md, "Games that
// are really different").
#include <memory>
#include <string>

#include "players/agent.hpp"
#include "players/agent_spec.hpp"
#include "util/rng.hpp"

namespace tabula {

// The default length of an opening temperature: long enough for the games of a study to
// part early, short enough that the middle game is played at full strength.
constexpr int kDefaultTemperaturePlies = 8;
// Moves under half as likely as the best are never drawn: the openings vary among good moves
// and a game is not thrown away by a draw of a move the search found bad.
constexpr double kDefaultTemperatureMargin = 0.5;

// What a spec's temperature does, in words a report prints ("" without one): "the first 8
// plies drawn from its policy at temperature 1, among moves at least 0.5 times as likely as
// the best".
std::string opening_choice_text(const AgentSpec& spec);

class OpeningTemperature : public Agent {
 public:
  // `name` is the whole spec (the inner player's and the temperature's options).
  OpeningTemperature(std::unique_ptr<Agent> inner, double temperature, int plies, double margin, uint64_t seed,
                     std::string name);
  Move choose(State& s) override;
  std::string name() const override { return name_; }
  const Policy& policy() const override { return inner_->policy(); }
  void want_policy(bool wanted) override { wanted_outside_ = wanted; }
  void release() override { inner_->release(); }

 private:
  std::unique_ptr<Agent> inner_;
  double temperature_;
  int plies_;
  double margin_;
  Rng rng_;
  std::string name_;
  bool wanted_outside_ = false;  // a caller wants the policy after the opening too
};

}  // namespace tabula
